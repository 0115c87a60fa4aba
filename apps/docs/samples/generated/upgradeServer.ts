// upgradeServer: Upgrade server components. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.servers.upgrade({
  client_id: 293,
  name: 'web01',
  upgrade: {
    cores: 4,
    disk: {
      xvda1: 120,
    },
  },
});
console.log(result);
