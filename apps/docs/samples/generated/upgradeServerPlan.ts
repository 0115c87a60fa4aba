// upgradeServerPlan: Upgrade server plan. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.servers.upgradePlan({
  client_id: 293,
  name: 'web01',
  plan: 'VPS-8G',
});
console.log(result);
