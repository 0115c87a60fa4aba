// What the sandbox reads from `Prefer` (RFC 7240; the front hands it over as `{ name: value }`,
// names lower-cased), besides `code=<status>` and `example=<name>`, which answer the
// description's examples as in the default mode:
//   latency=<ms>       delay this answer
//   rate-limit=<n>     allow this key n requests per second, for this request
// Other preferences are ignored, as RFC 7240 asks.
import type { Preferences } from '../prefer.ts';
import { unknownPreference } from '../problems.ts';
import { MAX_RATE_LIMIT } from './rate-limit.ts';

/** Longest delay a request may ask for. */
export const MAX_LATENCY_MS = 60_000;

/** The faults a request asks for; a 422 Problem names a bad value. */
export function faultPreferences(prefer: Preferences): { latencyMs?: number; rateLimit?: number } {
  const faults: { latencyMs?: number; rateLimit?: number } = {};
  if (prefer.latency !== undefined) {
    faults.latencyMs = wholeNumber('latency', prefer.latency, 'a whole number of milliseconds');
    if (faults.latencyMs > MAX_LATENCY_MS)
      throw unknownPreference(`Prefer: latency must be at most ${MAX_LATENCY_MS} ms, got ${prefer.latency}`);
  }
  const rateLimit = prefer['rate-limit'];
  if (rateLimit !== undefined) {
    faults.rateLimit = wholeNumber('rate-limit', rateLimit, 'a whole number of requests per second');
    if (faults.rateLimit > MAX_RATE_LIMIT)
      throw unknownPreference(`Prefer: rate-limit must be at most ${MAX_RATE_LIMIT} a second, got ${rateLimit}`);
  }
  return faults;
}

function wholeNumber(name: string, value: string, what: string): number {
  if (!/^[0-9]+$/.test(value)) throw unknownPreference(`Prefer: ${name} must be ${what}, got "${value}"`);
  return Number(value);
}
