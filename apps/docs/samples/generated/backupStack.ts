// backupStack: Back up a stack. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.cloud.backupStack({
  client_id: 293,
  server: 'cloud01',
  name: 'shop',
  containers: ['shop-web', 'shop-worker'],
  params: {
    label: 'before-upgrade',
  },
});
console.log(result);
