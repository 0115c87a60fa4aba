// getDatabase: Get a database. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.cloud.getDatabase({
  client_id: 293,
  server_name: 'cloud01',
  mysql_host: 'mysql8',
  database: 'shop',
});
console.log(result);
