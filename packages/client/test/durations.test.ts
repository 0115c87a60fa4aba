// Issue 36: Node (and browsers) run a setTimeout longer than 2³¹−1 ms after 1 ms, so a `timeoutMs`
// of 30 days timed every call out at once. Every option that takes a duration (and the one that
// takes a size), given any number, on the client or for one call: refused with a RangeError that
// names it, or honoured to the millisecond on an injected clock (vitest's fake timers), never a
// timer that fires early. Property-based (fast-check); prints its seed (HOSTAPI_FC_SEED sets it).
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHostApiClient, type HostApiClientOptions, TimeoutError } from '../src/index.js';
import { createPathClient } from '../src/paths.js';

const SEED = Number(process.env.HOSTAPI_FC_SEED) || Date.now() % 2 ** 31;
/** The longest delay setTimeout honours. */
const MAX_TIMER = 2 ** 31 - 1;
const DAY = 86_400_000;

/** Any number: fractions, negatives, zero, NaN, infinities, and around the timer's limit. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.nat({ max: 10_000 }),
  fc.integer({ min: MAX_TIMER - 3, max: MAX_TIMER + 3 }),
  fc.constantFrom(0, -0, 1, 0.5, 2 ** 31, 2 ** 32, 30 * DAY, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY),
);

/** Every delay given to setTimeout while the test runs. */
let delays: number[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
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

/** A fetch that never answers: it ends only when its signal fires. */
const silent: typeof fetch = (_input, init) =>
  new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));

/** What a promise has come to so far, without waiting for it. */
function track(promise: Promise<unknown>) {
  const state: { settled: boolean; value?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (value) => Object.assign(state, { settled: true, value }),
  );
  return state;
}

/** Creates the client and starts the call (no timer or delay left of the last case); a RangeError is the refusal. */
function start(call: () => Promise<unknown>): { refused: RangeError } | { state: ReturnType<typeof track> } {
  vi.clearAllTimers();
  delays.length = 0;
  try {
    return { state: track(call()) };
  } catch (error) {
    if (error instanceof RangeError) return { refused: error };
    throw error;
  }
}

/** The same, for a refusal that comes as the call's rejection (per-call options are checked when called). */
async function refusal(state: ReturnType<typeof track>): Promise<RangeError | undefined> {
  await vi.advanceTimersByTimeAsync(0);
  return state.value instanceof RangeError ? state.value : undefined;
}

const base = { apiKey: 'k', baseUrl: 'http://127.0.0.1:9', retries: 0 } satisfies HostApiClientOptions;
const TIMEOUTS: Record<string, (ms: number) => Promise<unknown>> = {
  timeoutMs: (ms) => createHostApiClient({ ...base, fetch: silent, timeoutMs: ms }).servers.list({ client_id: 1 }),
  'timeoutMs of one call': (ms) =>
    createHostApiClient({ ...base, fetch: silent }).domains.cancel({ client_id: 1, domain: 'a.nz' }, { timeoutMs: ms }),
  'timeoutMs of one path call': (ms) =>
    createPathClient({ ...base, fetch: silent }).GET('/1.5/dns/list_ips.json', {
      params: { query: { client_id: 1 } },
      timeoutMs: ms,
    }),
};

describe.each(Object.keys(TIMEOUTS))('%s, given any number', (option) => {
  it('is refused by name, or times the call out exactly then', async () => {
    const runs = 120;
    console.log(`durations (${option}): ${runs} cases, seed ${SEED}`);
    await fc.assert(
      fc.asyncProperty(anyNumber, async (ms) => {
        const started = start(() => TIMEOUTS[option]!(ms));
        const refused = 'refused' in started ? started.refused : await refusal(started.state);
        if (refused) {
          expect(refused.message).toContain('timeoutMs must be a whole number');
          expect(Number.isInteger(ms) && ms >= 1 && ms <= MAX_TIMER, `${ms} refused`).toBe(false);
          return;
        }
        const { state } = started as { state: ReturnType<typeof track> };
        expect(
          delays.every((delay) => delay >= 0 && delay <= MAX_TIMER),
          `${delays}`,
        ).toBe(true);
        await vi.advanceTimersByTimeAsync(ms - 1);
        expect(state.settled, `settled before ${ms} ms`).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        expect(state.value).toBeInstanceOf(TimeoutError);
        expect(state.value).toMatchObject({ timeoutMs: ms });
      }),
      { seed: SEED, numRuns: runs },
    );
  });
});

/** A fetch that answers 503 (with Retry-After, when given), then a success; counts its calls. */
function unavailable(retryAfter?: number) {
  const calls = { count: 0 };
  const fetch: typeof globalThis.fetch = async () => {
    calls.count++;
    if (calls.count > 1) return new Response(JSON.stringify({ status: true, return: [] }));
    return new Response('', {
      status: 503,
      headers: retryAfter === undefined ? {} : { 'retry-after': `${retryAfter}` },
    });
  };
  return { calls, fetch };
}

const DELAYS: Record<
  string,
  (ms: number, onClient: boolean) => { options: object; wait: number; retryAfter?: number }
> = {
  'retries.baseDelayMs': (ms) => ({ options: { max: 1, baseDelayMs: ms, maxDelayMs: MAX_TIMER }, wait: ms }),
  'retries.maxDelayMs': (ms) => ({
    // The server asks for the longest wait allowed, in whole seconds: honoured, not cut short.
    options: { max: 1, maxDelayMs: ms },
    wait: Math.floor(ms / 1000) * 1000,
    retryAfter: Math.floor(ms / 1000),
  }),
};

describe.each(Object.keys(DELAYS).flatMap((option) => [`${option}`, `${option} of one call`]))(
  '%s, given any number',
  (option) => {
    it('is refused by name, or waits that long before the retry', async () => {
      const runs = 80;
      console.log(`durations (${option}): ${runs} cases, seed ${SEED}`);
      const onCall = option.endsWith('of one call');
      await fc.assert(
        fc.asyncProperty(anyNumber, async (ms) => {
          const { options, wait, retryAfter } = DELAYS[option.replace(' of one call', '')]!(ms, !onCall);
          const { calls, fetch } = unavailable(retryAfter);
          const started = start(() =>
            onCall
              ? createHostApiClient({ ...base, fetch }).servers.list({ client_id: 1 }, { retries: options })
              : createHostApiClient({ ...base, fetch, retries: options }).servers.list({ client_id: 1 }),
          );
          const refused = 'refused' in started ? started.refused : await refusal(started.state);
          const name = option.replace(' of one call', '');
          if (refused) {
            expect(refused.message).toContain(`${name} must be a whole number`);
            expect(Number.isInteger(ms) && ms >= 0 && ms <= MAX_TIMER, `${ms} refused`).toBe(false);
            return;
          }
          expect(
            delays.every((delay) => delay >= 0 && delay <= MAX_TIMER),
            `${delays}`,
          ).toBe(true);
          // Equal jitter: at least half the step (the base delay here), at most all of it.
          const least = retryAfter === undefined ? Math.floor(wait / 2) : wait;
          if (least > 0) {
            await vi.advanceTimersByTimeAsync(least - 1);
            expect(calls.count, `retried before ${least} ms`).toBe(1);
          }
          await vi.advanceTimersByTimeAsync(wait - Math.max(least - 1, 0));
          expect(calls.count).toBe(2);
        }),
        { seed: SEED, numRuns: runs },
      );
    });
  },
);

it('a duration past the longest timer is refused, saying which', () => {
  expect(() => createHostApiClient({ ...base, timeoutMs: 30 * DAY })).toThrow(
    'createHostApiClient: timeoutMs must be a whole number from 1 to 2147483647 ' +
      '(the longest a timer waits), got 2592000000',
  );
  expect(() => createPathClient({ ...base, retries: { maxDelayMs: 2 ** 31 } })).toThrow(
    'createPathClient: retries.maxDelayMs must be a whole number from 0 to 2147483647 ' +
      '(the longest a timer waits), got 2147483648',
  );
});

describe('maxResponseBytes, given any number', () => {
  it('is refused by name, or bounds the answer at that many bytes', async () => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    const runs = 100;
    console.log(`durations (maxResponseBytes): ${runs} cases, seed ${SEED}`);
    await fc.assert(
      fc.asyncProperty(anyNumber, async (bytes) => {
        const body = JSON.stringify({ status: true, return: 'x'.repeat(40) });
        let api: ReturnType<typeof createHostApiClient>;
        try {
          api = createHostApiClient({ ...base, maxResponseBytes: bytes, fetch: async () => new Response(body) });
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          expect((error as Error).message).toContain('maxResponseBytes must be a whole number ≥ 1');
          expect(Number.isInteger(bytes) && bytes >= 1, `${bytes} refused`).toBe(false);
          return;
        }
        const outcome = await api.servers.list({ client_id: 1 }).catch((error: Error) => error.name);
        expect(outcome).toBe(bytes < body.length ? 'ResponseTooLargeError' : 'x'.repeat(40));
      }),
      { seed: SEED, numRuns: runs },
    );
  });
});
