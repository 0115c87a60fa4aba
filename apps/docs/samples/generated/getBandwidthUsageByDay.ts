// getBandwidthUsageByDay: Get bandwidth usage by day. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.bandwidth.getUsageByDay({
  client_id: 293,
  ip_addr: '203.0.113.10/32',
});
console.log(result);
