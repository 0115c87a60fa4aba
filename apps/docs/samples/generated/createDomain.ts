// createDomain: Register a domain. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.domains.create({
  client_id: 293,
  domain: 'harbourtrading.com',
  term: 12,
  registrant_contact: 3310,
  params: {
    AdminContact: 3310,
    TechContact: 3311,
    protect: 1,
  },
});
console.log(result);
