// Every option and `Prefer` that takes a duration or a size, given any number: refused where it
// is given, naming it (startMock(), the command line, the MSW handlers), or honoured. A timer is
// never set past 2³¹−1 ms, where Node (and vitest's fake timers, which copy it) fire it after 1 ms:
// the timers are run on fake time here, and must not fire a moment early.
import { createServer, type Server, type Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCli } from '../src/cli.ts';
import { commandOf, OptionError, resolveOptions } from '../src/config.ts';
import type { EngineRequest } from '../src/engine/read.ts';
import { handlers } from '../src/msw.ts';
import { createProxy } from '../src/node/proxy.ts';
import { flagName, MAX_TIMER_MS, OPTIONS, type OptionSpec } from '../src/options.ts';
import { createSandbox, document } from './sandbox-support.ts';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const runs = (what: string, numRuns: number) => {
  console.info(`${what}: ${numRuns} cases, seed ${seed}`);
  return { numRuns, seed };
};

const table: readonly OptionSpec[] = OPTIONS;
/** The options that take a number: sizes, counts, ports, seeds and durations. */
const NUMERIC = table.filter((option) => option.kind === 'whole' || option.kind === 'duration');
/** The MSW handlers' own options, by the server's names. */
const HANDLER_OPTIONS = ['seed', 'rateLimit', 'latencyMs', 'maxKeys', 'maxStateBytes', 'maxRecordBytes'];

/** Any number, with weight on the edges: 2³¹−1 and past it, the largest safe integer, fractions, -0, NaN. */
const anyNumber = fc.oneof(
  fc.integer({ min: -2, max: 70_000 }),
  fc.constantFrom(
    0,
    -0,
    1,
    1000,
    1001,
    65_535,
    65_536,
    MAX_TIMER_MS,
    MAX_TIMER_MS + 1,
    2 ** 32,
    2_592_000_000,
    366 * 86_400_000,
    Number.MAX_SAFE_INTEGER,
    2 ** 53,
    1e21,
    0.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ),
  fc.integer({ min: MAX_TIMER_MS - 2, max: MAX_TIMER_MS + 2 }),
  fc.double(),
);

/** The options that bring an option into play: its mode, its command. */
function inPlay(option: OptionSpec): Record<string, unknown> {
  if (option.command === 'proxy') return { upstream: 'http://127.0.0.1:9' };
  if (option.with === 'store') return { sandbox: true, store: 'redis://127.0.0.1:1/0' };
  if (!option.with) return {};
  // The option it goes with: a flag is given as such, a rate (--fault-rate) as one in play.
  const other = table.find((o) => o.name === option.with);
  return { [option.with]: other?.kind === 'rate' ? 0.5 : true };
}
const argvOf = (options: Record<string, unknown>) =>
  Object.entries(options).flatMap(([name, value]) =>
    name === 'upstream'
      ? ['proxy', '--upstream', String(value)]
      : value === true
        ? [`--${name}`]
        : [`--${flagName(table.find((o) => o.name === name) as OptionSpec)}`, String(value)],
  );
/** A number as typed on the command line: durations with their unit. */
const typed = (option: OptionSpec, value: number) => (option.kind === 'duration' ? `${value}ms` : String(value));

/** What resolving gives: the value kept, or the refusal's message. */
function resolved(resolve: () => { mode: object } & object, name: string): { value?: unknown; refused?: string } {
  try {
    const config = resolve();
    return { value: ({ ...config, ...config.mode } as Record<string, unknown>)[name] };
  } catch (error) {
    if (!(error instanceof OptionError || error instanceof TypeError)) throw error;
    return { refused: error.message };
  }
}

describe('options that take a number', () => {
  it('covers every one the table declares, and those the handlers take', () => {
    expect(NUMERIC.map((option) => option.name)).toEqual(expect.arrayContaining(['latencyMs', 'upstreamTimeoutMs']));
    for (const name of HANDLER_OPTIONS) expect(NUMERIC.map((option) => option.name)).toContain(name);
  });

  it.each(NUMERIC.map((option) => [option.name, option] as const))(
    '%s, given any number, is refused naming it or kept as given, in startMock(), the CLI and the handlers',
    (name, option) => {
      const flag = `--${flagName(option)}`;
      const context = inPlay(option);
      fc.assert(
        fc.property(anyNumber, (value) => {
          const kept = (result: { value?: unknown; refused?: string }, label: string) => {
            if (result.refused !== undefined) expect(result.refused.startsWith(`${label} `), result.refused).toBe(true);
            else {
              expect(result.value).toBe(value);
              expect(Number.isInteger(value) && value >= (option.min ?? 0)).toBe(true);
              expect(value).toBeLessThanOrEqual(option.max ?? Number.MAX_SAFE_INTEGER);
            }
            return result.refused === undefined;
          };
          const options = { ...context, [name]: value };
          const inCode = kept(
            resolved(() => resolveOptions(options, commandOf(options), false), name),
            name,
          );
          // On the command line, the same number as text (what it cannot be read as is refused too).
          const argv = [...argvOf(context), flag, typed(option, value)];
          const cli = resolved(() => {
            const parsed = parseCli(argv, {});
            if (!('config' in parsed)) throw new Error(`${argv.join(' ')}: no configuration`);
            return parsed.config;
          }, name);
          if (cli.refused !== undefined) expect(cli.refused.startsWith(`${flag} `), cli.refused).toBe(true);
          else if (Number.isInteger(value) && !Object.is(value, -0)) expect(cli.value).toBe(value);
          // Where a whole number is typed, both agree.
          if (Number.isSafeInteger(value) && !Object.is(value, -0) && value >= 0)
            expect(cli.refused === undefined).toBe(inCode);
        }),
        runs(`${name}: any number`, 300),
      );
    },
  );

  // Each call starts assembling a mock: fewer cases, on the same numbers.
  it.each(HANDLER_OPTIONS)('%s: the MSW handlers refuse what startMock() refuses, naming it', (name) => {
    const option = table.find((o) => o.name === name) as OptionSpec;
    const mode = option.with === 'dynamic' ? 'dynamic' : 'sandbox';
    fc.assert(
      fc.property(anyNumber, (value) => {
        const options = { [mode]: true, [name]: value };
        const inCode = resolved(() => resolveOptions(options, 'mock', false), name);
        let refused: string | undefined;
        try {
          handlers({ mode, [name]: value });
        } catch (error) {
          refused = (error as Error).message;
        }
        expect(refused).toBe(inCode.refused);
      }),
      runs(`handlers ${name}: any number`, 25),
    );
  });
});

/** Flushes what is ready to run (promise reactions, I/O callbacks), without moving time. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Whether `promise` has settled yet, without waiting on it. */
function watched<T>(promise: Promise<T>) {
  const state = { done: false, value: undefined as T | undefined, error: undefined as unknown };
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error) => Object.assign(state, { done: true, error }),
  );
  return state;
}

/** Durations at the timer's bound, and past it. */
const EDGES = fc.constantFrom(MAX_TIMER_MS - 1, MAX_TIMER_MS, MAX_TIMER_MS + 1, 2 ** 32, 2_592_000_000);

/** Durations (small ones and the edges) that `resolve` takes without throwing. */
const acceptedDurations = (resolve: (ms: number) => unknown) =>
  fc.oneof(fc.integer({ min: 1, max: 10_000 }), EDGES).filter((ms) => {
    try {
      resolve(ms);
      return true;
    } catch {
      return false;
    }
  });

describe('timers, on fake time: set as given, never fired early', () => {
  afterEach(() => void vi.useRealTimers());

  it('--latency: any accepted value delays the answer exactly that long', async () => {
    const accepted = acceptedDurations((ms) => resolveOptions({ sandbox: true, latencyMs: ms }, 'mock', false));
    await fc.assert(
      fc.asyncProperty(accepted, async (latencyMs) => {
        const sandbox = await createSandbox({ document, latencyMs });
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        try {
          const answer = watched(sandbox.answer({ operationId: 'listIps', apiKey: 'k', fields: { client_id: '293' } }));
          while (vi.getTimerCount() === 0 && !answer.done) await settle();
          vi.advanceTimersByTime(latencyMs - 1);
          await settle();
          expect(answer.done, `answered before ${latencyMs} ms`).toBe(false);
          vi.advanceTimersByTime(1);
          await settle();
          expect(answer.done).toBe(true);
          expect(answer.value?.status).toBe(200);
        } finally {
          vi.useRealTimers();
          await sandbox.close();
        }
      }),
      runs('--latency on fake time', 12),
    );
  });

  describe('--upstream-timeout', () => {
    // An upstream that takes every connection and never answers.
    let upstream: Server;
    let url: string;
    const connections = new Set<Socket>();
    beforeAll(async () => {
      upstream = createServer((socket) => {
        connections.add(socket);
        socket.on('error', () => {});
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      for (const socket of connections) socket.destroy();
      await new Promise((resolve) => upstream.close(resolve));
    });

    it('any accepted value answers 504 exactly that late', async () => {
      const accepted = acceptedDurations((ms) =>
        resolveOptions({ upstream: url, upstreamTimeoutMs: ms }, 'proxy', false),
      );
      await fc.assert(
        fc.asyncProperty(accepted, async (timeoutMs) => {
          const left = new AbortController();
          const request: EngineRequest = {
            method: 'GET',
            path: '/1.5/dns/list_ips.json',
            search: 'apikey=k&client_id=293',
            headers: {},
            body: new Uint8Array(0),
            signal: left.signal,
          };
          vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
          try {
            const proxy = createProxy(url, timeoutMs);
            const answer = watched(
              Promise.resolve(
                proxy.answer({
                  request,
                  operation: undefined,
                  operationId: undefined,
                  apiKey: 'k',
                  apiKeyBytes: undefined,
                  fields: {},
                  prefer: {},
                }),
              ),
            );
            await settle();
            vi.advanceTimersByTime(timeoutMs - 1);
            await settle();
            expect(answer.done, `timed out before ${timeoutMs} ms`).toBe(false);
            vi.advanceTimersByTime(1);
            await settle();
            expect(answer.done).toBe(true);
            expect(answer.error).toMatchObject({ status: 504 });
          } finally {
            left.abort();
            vi.useRealTimers();
          }
        }),
        runs('--upstream-timeout on fake time', 25),
      );
    });
  });
});

describe('Prefer', () => {
  it('latency: any number is refused naming it (422), or delays the answer exactly that long', async () => {
    const delays: number[] = [];
    const sandbox = await createSandbox({
      document,
      clock: { now: () => 0, sleep: async (ms) => void delays.push(ms) },
    });
    try {
      await fc.assert(
        fc.asyncProperty(anyNumber.map(String), async (text) => {
          delays.length = 0;
          const call = sandbox.answer({
            operationId: 'listIps',
            apiKey: 'k',
            fields: { client_id: '293' },
            prefer: { latency: text },
          });
          const answer = await call.catch((problem: { status: number; detail: string }) => problem);
          if ('detail' in answer) {
            expect(answer.status).toBe(422);
            expect(answer.detail).toMatch(/^Prefer: latency /);
          } else {
            expect(delays).toEqual(Number(text) > 0 ? [Number(text)] : []);
            expect(Number(text)).toBeLessThanOrEqual(MAX_TIMER_MS);
          }
        }),
        runs('Prefer: latency', 300),
      );
    } finally {
      await sandbox.close();
    }
  });

  it('rate-limit (and --rate-limit): any number is refused by name, or the n+1st in a second is refused', async () => {
    let now = 0;
    const sandbox = await createSandbox({ document, clock: { now: () => now, sleep: async () => {} } });
    const option = table.find((o) => o.name === 'rateLimit') as OptionSpec;
    try {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.integer({ min: 0, max: 1200 }), anyNumber), async (limit) => {
          now += 10_000; // a new second for every case
          await sandbox.reset();
          const text = String(limit);
          const ask = () =>
            sandbox.answer({
              operationId: 'listIps',
              apiKey: 'k',
              fields: { client_id: '293' },
              prefer: { 'rate-limit': text },
            });
          const first = await ask().catch((problem: { status: number; detail: string }) => problem);
          const option_ = resolved(
            () => resolveOptions({ sandbox: true, rateLimit: limit }, 'mock', false),
            'rateLimit',
          );
          if ('detail' in first) {
            expect(first.status).toBe(422);
            expect(first.detail).toMatch(/^Prefer: rate-limit /);
            // What a request may not ask for, the option may not either (both are checked by the same bound).
            if (Number.isSafeInteger(limit) && limit >= 0) expect(option_.refused).toBeDefined();
            return;
          }
          expect(Number.isInteger(limit) && limit >= 0 && limit <= (option.max as number)).toBe(true);
          expect(option_.refused).toBeUndefined();
          const statuses = [first.status];
          while (statuses.length <= limit) statuses.push((await ask()).status);
          expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(200));
          expect(statuses[limit]).toBe(500);
        }),
        runs('Prefer: rate-limit', 60),
      );
    } finally {
      await sandbox.close();
    }
  });
});
