// Requests per second per API key, over a sliding second: the service's own rate limit, which a
// tester switches on with --rate-limit <n> or `Prefer: rate-limit=<n>`. Refused requests are not
// counted, as the service rejects them before they run. Time is the caller's (`now`, in ms).

const WINDOW_MS = 1000;
/** Highest limit (--rate-limit, `Prefer: rate-limit`): a higher one is refused where it is given. */
export const MAX_RATE_LIMIT = 1000;
/** Keys whose request times are kept before idle ones are forgotten (see forgetIdle()). */
const KEYS = 1024;

export function createRateLimiter() {
  // API key → the times of its last MAX_RATE_LIMIT allowed requests, in a ring that grows to
  // that size as the key sends them, and `count`, how many it has sent.
  const rings = new Map<string, { times: number[]; count: number }>();
  let sweepAt = KEYS;

  /**
   * Forgets the keys with no request in the last second: what they sent can no longer refuse
   * anything. A suite that uses a new key per test would otherwise keep every key's times.
   */
  function forgetIdle(now: number) {
    for (const [key, ring] of rings) {
      const last = ring.times[(ring.count - 1) % MAX_RATE_LIMIT];
      if (!ring.count || last === undefined || now - last >= WINDOW_MS) rings.delete(key);
    }
    // Sweep again only when as many keys again have come: the work stays in proportion.
    sweepAt = Math.max(KEYS, 2 * rings.size);
  }

  return {
    /** Whether this request at `now` goes over `limit` (none: never); an allowed one is counted. */
    refuses(apiKey: string, limit: number | undefined, now: number): boolean {
      let ring = rings.get(apiKey);
      if (!ring) {
        if (rings.size >= sweepAt) forgetIdle(now);
        rings.set(apiKey, (ring = { times: [], count: 0 }));
      }
      if (limit === 0) return true;
      // Over the limit when the limit-th most recent allowed request is less than a second old.
      if (limit !== undefined && ring.count >= limit) {
        const oldest = ring.times[(ring.count - limit) % MAX_RATE_LIMIT] ?? Number.NEGATIVE_INFINITY;
        if (now - oldest < WINDOW_MS) return true;
      }
      ring.times[ring.count++ % MAX_RATE_LIMIT] = now;
      return false;
    },
    reset(apiKey?: string) {
      if (apiKey === undefined) rings.clear();
      else rings.delete(apiKey);
    },
    /** How many keys' request times are kept. */
    get size() {
      return rings.size;
    },
  };
}
