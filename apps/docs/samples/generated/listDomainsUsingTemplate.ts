// listDomainsUsingTemplate: List domains using a DNS template. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.dns.listDomainsUsingTemplate({
  client_id: 293,
  template_id: 12,
});
console.log(result);
