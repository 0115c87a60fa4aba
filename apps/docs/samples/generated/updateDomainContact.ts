// updateDomainContact: Update a domain contact. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.domains.updateContact({
  client_id: 293,
  contact_id: 3310,
  params: {
    PostalAddress: '12 Quay Street',
    PostalAddress2: 'Level 3',
    Suburb: 'Auckland Central',
    City: 'Auckland',
    PostCode: '1010',
    Phone: {
      Country: '64',
      Area: '9',
      Local: '3095550',
    },
    Mobile: {
      Country: '64',
      Area: '21',
      Local: '5550123',
    },
  },
});
console.log(result);
