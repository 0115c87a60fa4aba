// Requests per second per API key, over a sliding second: the service's own rate limit, which a
// tester switches on with --rate-limit <n> or `Prefer: rate-limit=<n>`. Refused requests are not
// counted, as the service rejects them before they run.

const WINDOW_MS = 1000;

export function createRateLimiter() {
  // API key → times (ms) of the requests it was allowed in the last second, oldest first.
  const windows = new Map();
  return {
    /** Whether this request goes over `limit` (no limit: never); an allowed one is counted. */
    refuses(apiKey, limit, now = performance.now()) {
      let times = windows.get(apiKey);
      if (!times) windows.set(apiKey, (times = []));
      let expired = 0;
      while (expired < times.length && now - times[expired] >= WINDOW_MS) expired++;
      if (expired) times.splice(0, expired);
      if (limit !== undefined && times.length >= limit) return true;
      times.push(now);
      return false;
    },
    reset(apiKey) {
      if (apiKey === undefined) windows.clear();
      else windows.delete(apiKey);
    },
  };
}
