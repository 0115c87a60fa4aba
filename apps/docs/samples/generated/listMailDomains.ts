// listMailDomains: List mail domains. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.mail.listDomains({
  client_id: 293,
  server_name: 'mail01',
});
console.log(result);
