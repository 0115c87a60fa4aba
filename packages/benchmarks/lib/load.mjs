// Load from this process (autocannon) against a server in another: a fixed number of
// connections for a fixed time, cycling through the given requests.
import autocannon from 'autocannon';

/** Resolves to { rps, p50, p99 (ms), errors, non2xx }. */
export async function load(url, requests, { connections = 20, seconds = 5 } = {}) {
  const result = await autocannon({ url, connections, duration: seconds, requests });
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
