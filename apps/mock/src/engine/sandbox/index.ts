// The sandbox: a mode of the mock that answers from data and remembers writes, per API key.
// The engine reads and validates each request as in every mode, then asks `answer()`; what it
// answers passes the same response validation as the other modes' answers. Platform-neutral:
// the platform reads the fixture's text and makes the shared store (Node: node/serve.ts).
import type { Api, Operation } from '../api.ts';
import type { ModeContext, SandboxMode } from '../assemble.ts';
import type { Log } from '../log.ts';
import type { Answer, Answerer, AnswerRequest } from '../mode.ts';
import { exampleAnswer } from '../modes/examples.ts';
import { type Note, storeBusy } from '../problems.ts';
import type { Fields } from '../read.ts';
import { faultPreferences } from './faults.ts';
import { loadFixture, readFixture } from './fixture.ts';
import type { Handler } from './handlers/context.ts';
import { HANDLERS } from './handlers/index.ts';
import { keyName } from './keys.ts';
import { createRateLimiter } from './rate-limit.ts';
import { createReplies } from './replies.ts';
import { type Collections, createMemoryStore, MAX_DROPPED, type KeyState, type Overflow, type Store } from './store.ts';

/** Tries of a write whose key another instance keeps changing under it, before a 503. */
const TRIES = 20;

/** Time as the sandbox sees it: now (ms since the epoch), and a delay. Tests hand in their own. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The mode's limits (maxKeys: for the note to a key whose state was dropped); `base`: every key's first state. */
export type SandboxOptions = Pick<
  SandboxMode,
  'rateLimit' | 'latencyMs' | 'maxKeys' | 'maxStateBytes' | 'maxRecordBytes'
> & {
  api: Api;
  base: Collections;
  store: Store;
  clock?: Clock | undefined;
};

/** One call of the sandbox: what the engine asks of a mode, any part of it (tests give the operation's id). */
export type SandboxCall = Partial<Omit<AnswerRequest, 'request'>>;

export interface Sandbox extends Answerer {
  answer(call: SandboxCall): Promise<Answer>;
  /** Restores one key's state (and forgets its requests per second), or every key's. */
  reset(apiKey?: string, bytes?: Uint8Array): Promise<void>;
  /** In memory: how many keys' states are kept, and their bytes (as --max-state counts them). */
  usage(): { keys: number; bytes: number } | undefined;
  close(): Promise<void>;
}

/** The lower of two limits, either of which may be undefined (no limit). */
const stricter = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

const bytesOf = (apiKey: string | undefined) => new TextEncoder().encode(apiKey ?? '');

/** The sandbox of a mode: its fixture read and checked, its state in memory or in the platform's shared store. */
export async function sandboxOf(mode: SandboxMode, { api, schemas, log, platform, clock }: ModeContext) {
  const { rateLimit, latencyMs, maxKeys, maxStateBytes, maxRecordBytes } = mode;
  const base = loadFixture(schemas, readFixture(mode.fixture, platform));
  let store: Store;
  if (mode.store === undefined) store = createMemoryStore(base, maxKeys, evictionWarnings(log, maxKeys));
  else if (!platform.sharedStore) throw new TypeError('a shared store needs Node: hostapi-mock, or startMock()');
  else store = await platform.sharedStore(base, { url: mode.store, ttlMs: mode.storeTtlMs, warn: log.warn });
  return createSandbox({ api, base, store, rateLimit, latencyMs, maxKeys, maxStateBytes, maxRecordBytes, clock });
}

/** Said once, then at the 10th, 100th, … time: a suite with a key per test drops many. */
function evictionWarnings(log: Log, maxKeys: number) {
  const sometimes = (count: number, line: string) => /^10*$/.test(String(count)) && log.warn(line);
  const dropped = `dropped the state of the least recently used API key, more than ${maxKeys} having written`;
  const forgot = `forgot that the oldest dropped API key was dropped, more than ${MAX_DROPPED} having been`;
  return {
    onEvict: (count: number) =>
      sometimes(count, `sandbox: ${dropped} (${count} dropped so far; --max-keys raises the limit)`),
    onForget: (count: number) =>
      sometimes(count, `sandbox: ${forgot}: its next answer will not say so (${count} forgotten so far)`),
  };
}

/** The sl-violations note of a write refused for going beyond its key's bounds. */
function overflowNote({ bound, limit, bytes }: Overflow): Note {
  const [what, flag] =
    bound === 'maxRecordBytes'
      ? ['A record this request would write holds', '--max-record']
      : ["This API key's sandbox state would hold", '--max-state'];
  return {
    location: [],
    code: bound === 'maxRecordBytes' ? 'sandboxRecordTooLarge' : 'sandboxStateFull',
    message:
      `${what} ${bytes} bytes of JSON, beyond the sandbox's ${limit} (${flag}): nothing was written, and the ` +
      "answer is the service's refusal of a value (HTTP 400). POST /__sandbox/reset?apikey=<key> empties the key.",
  };
}

export function createSandbox({
  api,
  base,
  store,
  rateLimit,
  latencyMs,
  maxKeys,
  maxStateBytes,
  maxRecordBytes,
  clock = SYSTEM_CLOCK,
}: SandboxOptions): Sandbox {
  const unhandled = api.operations.filter((operation) => !HANDLERS.has(operation.id));
  if (unhandled.length) throw new Error(`The sandbox has no handler for ${unhandled.map((o) => o.id).join(', ')}`);
  const limiter = createRateLimiter();
  const replies = createReplies(api);
  const clientId = Number(base.client_id);
  const evicted: Note = {
    location: [],
    code: 'sandboxStateDropped',
    message:
      `This API key's sandbox state was dropped: more than ${maxKeys} keys had written, and it was the least ` +
      'recently used (--max-keys). It starts again from the fixture.',
  };

  /**
   * The handler's answer on a state, its writes in `state.changes`; when they go beyond the key's
   * bounds, none is made and the answer is the service's refusal of a value, the bound named.
   */
  const run = (operation: Operation, fields: Readonly<Fields>, state: KeyState): Answer => {
    const handler = HANDLERS.get(operation.id) as Handler;
    const reply = replies(operation);
    let result: Answer;
    try {
      result = handler(fields, { state, reply, now: new Date(clock.now()) });
    } catch (error) {
      // A handler that fails half-way (a 500) leaves nothing of its writes.
      state.rollback();
      throw error;
    }
    const overflow = state.overflow({ maxStateBytes, maxRecordBytes });
    if (!overflow) return result;
    state.rollback();
    return { ...reply.refused(), warnings: [overflowNote(overflow)] };
  };

  /**
   * The answer on the key's state, given once its writes are stored. When another request (of
   * any instance) wrote the key in between, it runs again on the newer state, one such request
   * of this instance at a time per key; while they wait, this instance's new requests for the key
   * queue behind them rather than overtake them (a burst would otherwise starve them into a 503).
   */
  async function answerOnState(key: string, operation: Operation, fields: Readonly<Fields>) {
    if (!queues.has(key)) {
      const state = await store.get(key);
      const result = run(operation, fields, state);
      if (!state.changes.size || (await store.put(key, state)) === true) return result;
    }
    return oneAtATime(key, async () => {
      let latest = await store.get(key);
      for (let tries = 1; ; tries++) {
        const again = run(operation, fields, latest);
        if (!latest.changes.size) return again;
        const stored = await store.put(key, latest);
        if (stored === true) return again;
        if (tries === TRIES) throw storeBusy(store.name);
        latest = stored;
      }
    });
  }

  /** Runs `task` after the tasks queued before it for `key`. */
  const queues = new Map<string, Promise<unknown>>();
  const settled = () => {};
  function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const done = (queues.get(key) ?? Promise.resolve()).then(task, task);
    const tail = done.then(settled, settled);
    queues.set(key, tail);
    tail.then(() => queues.get(key) === tail && queues.delete(key));
    return done;
  }

  return {
    /**
     * The answer to a request the engine has read and validated (`fields`: strings at the
     * leaves, lists as arrays, no key); throws a Problem (422) for a Prefer it cannot satisfy,
     * (503) while the shared store cannot be reached.
     */
    async answer({ operationId, operation: given, apiKey, apiKeyBytes, fields = {}, prefer = {} }) {
      const operation = given ?? (operationId === undefined ? undefined : api.byId.get(operationId));
      if (!operation) throw new Error(`The sandbox has no operation ${operationId}`);
      const faults = faultPreferences(prefer);
      const key = await keyName(apiKeyBytes ?? bytesOf(apiKey));
      // Asked first: the request may write, keeping the key's state again.
      const dropped = store.evicted(key);
      let result: Answer;
      // A client may ask for a stricter limit than the operator's, never a looser one.
      if (limiter.refuses(key, stricter(rateLimit, faults.rateLimit), clock.now()))
        result = replies(operation).rateLimited();
      else if (prefer.code !== undefined || prefer.example !== undefined) result = exampleAnswer(operation, prefer);
      else if (fields.client_id !== undefined && Number(fields.client_id) !== clientId)
        result = replies(operation).fail('clientNotFound');
      else result = await answerOnState(key, operation, fields);
      if (dropped) result = { ...result, warnings: [evicted, ...(result.warnings ?? [])] };
      // The work is done before the delay, as a slow service may have done it before a client gives up.
      const delay = faults.latencyMs ?? latencyMs;
      if (delay) await clock.sleep(delay);
      return result;
    },
    async reset(apiKey, bytes) {
      const key = apiKey === undefined ? undefined : await keyName(bytes ?? bytesOf(apiKey));
      limiter.reset(key);
      await store.reset(key);
    },
    usage: () => store.usage?.(),
    close: async () => store.close?.(),
  };
}
