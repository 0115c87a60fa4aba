// Issue 37, item 7: the client honours Retry-After on the rate-limit answer (and on any answer it
// retries), in seconds or as an HTTP date, up to its policy's maxDelayMs; past that it gives up at
// once rather than retry early. On an injected clock (vitest's fake timers and Date), as the
// Retries section of docs/calls.md says.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostApiClient, RateLimitError } from '../src/index.js';

const SEED = Number(process.env.HOSTAPI_FC_SEED) || Date.now() % 2 ** 31;
const RATE_LIMIT = 'You have exceeded the number of requests per second for this key. Please try again soon.';
/** A whole second, so that an HTTP date (whole seconds) says exactly a wait from now. */
const NOW = Date.UTC(2026, 10, 26, 9, 30, 0);

/** A service that answers the rate limit with `retryAfter` (when given), then a success; counts the requests. */
function limited(retryAfter?: string) {
  const calls = { count: 0 };
  const fetch: typeof globalThis.fetch = async () => {
    calls.count++;
    if (calls.count > 1) return new Response(JSON.stringify({ status: true, return: { job_id: '7' } }));
    const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': retryAfter };
    return new Response(JSON.stringify({ msg: RATE_LIMIT, status: false }), { status: 500, headers });
  };
  return { calls, fetch };
}

/** What a call has come to so far, without waiting for it. */
function track(promise: Promise<unknown>) {
  const state: { settled: boolean; value?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (value) => Object.assign(state, { settled: true, value }),
  );
  return state;
}

/** Starts a POST (retried only after the rate limit) on a service answering `retryAfter`. */
function cancel(retryAfter: string | undefined, retries = { max: 1, baseDelayMs: 100, maxDelayMs: 10_000 }) {
  const service = limited(retryAfter);
  const api = createHostApiClient({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9', fetch: service.fetch, retries });
  return { ...service, state: track(api.domains.cancel({ client_id: 293, domain: 'x.nz' })) };
}

/** Every delay given to setTimeout while the test runs (the attempts' timeouts among them). */
let delays: number[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
  const fake = globalThis.setTimeout;
  delays = [];
  vi.stubGlobal('setTimeout', (handler: () => void, ms?: number) => {
    delays.push(ms ?? 0);
    return fake(handler, ms);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const httpDate = (ms: number) => new Date(ms).toUTCString(); // `Thu, 26 Nov 2026 09:30:03 GMT`

describe('Retry-After on the rate-limit answer', () => {
  it.each([
    ['seconds', '3'],
    ['an HTTP date', httpDate(NOW + 3000)],
    ['an HTTP date, RFC 850', 'Thursday, 26-Nov-26 09:30:03 GMT'],
  ])('in %s: the retry goes out exactly when asked', async (_form, value) => {
    const { calls, state } = cancel(value);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls.count, 'retried early').toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.value).toEqual({ job_id: '7' });
  });

  it('a date already past, or 0 seconds: the retry goes out at once', async () => {
    for (const value of [httpDate(NOW - 60_000), '0']) {
      const { calls } = cancel(value);
      await vi.advanceTimersByTimeAsync(0);
      expect(calls.count, value).toBe(2);
    }
  });

  it.each([
    ['seconds', '11'],
    ['an HTTP date', httpDate(NOW + 11_000)],
  ])('asking for longer than maxDelayMs, in %s: no retry, the RateLimitError at once', async (_form, value) => {
    const { calls, state } = cancel(value);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.count).toBe(1);
    expect(state.value).toBeInstanceOf(RateLimitError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('up to maxDelayMs itself is honoured', async () => {
    const { calls } = cancel(httpDate(NOW + 10_000));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.count).toBe(2);
  });

  it.each(['soon', '1.5', '-1', '0x10', '1e3', 'Thu, 99 Foo 2026 25:00:00 GMT'])(
    'a value that is neither (%s): the usual backoff',
    async (value) => {
      const { calls } = cancel(value);
      // Equal jitter on the first step (100 ms): at least 50 ms, at most 100 ms.
      await vi.advanceTimersByTimeAsync(49);
      expect(calls.count).toBe(1);
      await vi.advanceTimersByTimeAsync(51);
      expect(calls.count).toBe(2);
    },
  );

  it('any value: a wait within [0, maxDelayMs] or no retry, never a timer past it (property)', async () => {
    const runs = 200;
    console.log(`retry-after (any value): ${runs} cases, seed ${SEED}`);
    const values = fc.oneof(
      fc.string(),
      fc.nat().map(String),
      fc.integer({ min: -86_400_000, max: 86_400_000 }).map((ms) => httpDate(NOW + ms)),
    );
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        vi.clearAllTimers();
        delays.length = 0;
        const { calls, state } = cancel(value);
        await vi.advanceTimersByTimeAsync(10_000);
        // The attempts' own timeouts (30 s) aside, every wait is within the policy.
        expect(
          delays.filter((ms) => ms !== 30_000).every((ms) => ms >= 0 && ms <= 10_000),
          `${delays}`,
        ).toBe(true);
        expect(state.settled).toBe(true);
        expect(calls.count === 2 ? state.value : state.value instanceof RateLimitError).toBeTruthy();
      }),
      { seed: SEED, numRuns: runs },
    );
  });
});
