// updateSoa: Update a SOA record. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.dns.updateSoa({
  client_id: 293,
  domain: 'example.co.nz',
  ns: 'ns1.hostapi.example',
  email: 'hostmaster@example.co.nz',
  refresh: 10800,
  retry: 3600,
  expire: 604800,
  minimum: 3600,
  ttl: 3600,
});
console.log(result);
