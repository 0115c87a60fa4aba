// The sandbox: a mode of the mock that answers from data and remembers writes, per API key.
// The front reads and validates each request as in every mode, then asks `answer()`; what it
// answers passes the same response validation as the other modes' answers.
import { readApi } from '../api.mjs';
import { exampleAnswer } from '../modes/examples.mjs';
import { loadFixture, readFixture } from './fixture.mjs';
import * as accounts from './handlers/accounts.mjs';
import * as bandwidth from './handlers/bandwidth.mjs';
import * as cloud from './handlers/cloud.mjs';
import * as dns from './handlers/dns.mjs';
import * as domains from './handlers/domains.mjs';
import * as mail from './handlers/mail.mjs';
import * as servers from './handlers/servers.mjs';
import * as ssh from './handlers/ssh.mjs';
import { createAnswerCache } from './answer-cache.mjs';
import { faultPreferences } from './prefer.mjs';
import { createRateLimiter } from './rate-limit.mjs';
import { createReplies } from './replies.mjs';
import { createHash } from 'node:crypto';
import { createStore, MAX_KEYS } from './store.mjs';
import { createRedisStore, DEFAULT_TTL_MS, isRedisUrl, withoutPassword } from './redis-store.mjs';
import { storeBusy } from '../problems.mjs';

export { BUILT_IN_FIXTURE, FixtureError } from './fixture.mjs';
export { MAX_KEYS, DEFAULT_TTL_MS };

/** Tries of a write whose key another instance keeps changing under it, before a 503. */
const TRIES = 20;

/** Keys longer than this are kept by their SHA-256, so that a key costs the same whatever its length. */
const LONG_KEY = 128;
const keyOf = (apiKey) => {
  const key = String(apiKey ?? '');
  return key.length > LONG_KEY ? `sha256:${createHash('sha256').update(key).digest('base64')}` : key;
};

/** The lower of two limits, either of which may be undefined (no limit). */
const stricter = (a, b) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/** The note (sl-violations) on the next answer to a key whose state was dropped. */
const EVICTED = (maxKeys) => ({
  location: [],
  code: 'sandboxStateDropped',
  message: `This API key's sandbox state was dropped: more than ${maxKeys} keys had written, and it was the least recently used (--max-keys). It starts again from the fixture.`,
});

/** Every handler, by operationId. */
const HANDLERS = Object.assign(Object.create(null), servers, dns, domains, accounts, ssh, cloud, bandwidth, mail);

/**
 * `document`: the description the mock serves (an object, or the path of its JSON).
 * `fixture`: the path of a YAML or JSON fixture, a fixture object, or the built-in one.
 * `rateLimit`: requests per second allowed per key (none by default); `latencyMs`: delay of
 * every answer; `maxKeys`: keys whose writes are kept (the least recently used is dropped
 * beyond; the in-memory store only); `store`: `redis://host:port/db` to keep the keys' states in
 * Redis, shared by every instance naming it, each idle for `storeTtlMs` at most (a day by
 * default); `log`: told when a key's state is dropped or the store comes and goes. Resolves to
 * `{ answer, reset, close }`.
 */
export async function createSandbox({
  document,
  fixture,
  rateLimit,
  latencyMs = 0,
  maxKeys = MAX_KEYS,
  store: storeUrl,
  storeTtlMs = DEFAULT_TTL_MS,
  log,
} = {}) {
  if (!(typeof document === 'string' || document?.paths))
    throw new TypeError('createSandbox needs the description (document) as an object or the path of its JSON');
  const api = readApi(document);
  for (const [name, value, min] of [
    ['rateLimit', rateLimit, 0],
    ['latencyMs', latencyMs, 0],
    ['maxKeys', maxKeys, 1],
    ['storeTtlMs', storeTtlMs, 1],
  ]) {
    if (value !== undefined && !(Number.isInteger(value) && value >= min))
      throw new TypeError(`createSandbox: ${name} must be a whole number ≥ ${min}, got ${value}`);
  }
  if (storeUrl !== undefined && !isRedisUrl(storeUrl))
    throw new TypeError(
      `createSandbox: store must be a redis:// or rediss:// URL (redis://host:port/db), got ${withoutPassword(storeUrl)}`,
    );
  const unhandled = api.operations.filter((operation) => !HANDLERS[operation.id]);
  if (unhandled.length)
    throw new Error(`The sandbox has no handler for ${unhandled.map((operation) => operation.id).join(', ')}`);

  const base = loadFixture(api.document, readFixture(fixture));
  // Said once, then at the 10th, 100th, … time: a suite with a key per test drops many.
  const onEvict = (count) => {
    if (/^10*$/.test(String(count)))
      log?.warn(
        `sandbox: dropped the state of the least recently used API key, more than ${maxKeys} having written (${count} dropped so far; --max-keys raises the limit)`,
      );
  };
  const store =
    storeUrl === undefined
      ? createStore(base, { maxKeys, onEvict })
      : await createRedisStore(base, { url: storeUrl, ttlMs: storeTtlMs, log });
  // Connected, or said in the log that it is not (the mock starts all the same, and answers 503).
  await store.ready;
  const limiter = createRateLimiter();
  const replies = createReplies(api);
  const answers = createAnswerCache();
  // Operations whose every success carries its own `time`: no answer of theirs is given twice.
  const timed = new Set(api.operations.filter(replies.timed));
  const clientId = Number(base.client_id);
  /** Runs an operation's handler for the answer cache: `{ result, keep }`. */
  const run = (operation, fields, state, clock) => {
    const context = {
      state,
      reply: replies(operation),
      get now() {
        return clock();
      },
    };
    return { result: HANDLERS[operation.id](fields, context), keep: !timed.has(operation) };
  };

  /**
   * The answer from the shared store: computed on the key's state as read (`pending`), and, if it
   * wrote, given once its writes are stored. When another request (of any instance) wrote the key
   * in between, it runs again on the newer state, one such request of this instance at a time
   * per key, so that they do not keep overtaking one another.
   */
  async function sharedAnswer(key, operation, fields, pending) {
    const state = await pending;
    const result = answers.answer(key, operation, fields, state, run);
    if (!state.changed) return result;
    if ((await store.put(key, state)) === true) return result;
    return oneAtATime(key, () => runUntilStored(key, operation, fields));
  }
  async function runUntilStored(key, operation, fields) {
    let state = await store.get(key);
    for (let tries = 1; ; tries++) {
      const result = answers.answer(key, operation, fields, state, run);
      if (!state.changed) return result;
      const stored = await store.put(key, state);
      if (stored === true) return result;
      if (tries === TRIES) throw storeBusy(store.name);
      state = stored;
    }
  }
  /** Runs `task` after the tasks queued before it for `key`. */
  const queues = new Map();
  function oneAtATime(key, task) {
    const previous = queues.get(key) ?? Promise.resolve();
    const done = previous.then(task, task);
    const tail = done.then(
      () => {},
      () => {},
    );
    queues.set(key, tail);
    tail.then(() => queues.get(key) === tail && queues.delete(key));
    return done;
  }

  return {
    /**
     * The answer to a request the front has read and validated: `fields` is its query and form
     * fields as one nested object (strings at the leaves, lists as arrays, no `apikey`), frozen
     * when the front keeps its reading (the same object for the same bytes, see answer-cache.mjs);
     * `prefer` its `Prefer` header as `{ name: value }`. Returns `{ status, body }` (body: a JSON
     * value), or a promise of it when the answer is delayed; throws a Problem (a 422) for a
     * Prefer it cannot satisfy.
     */
    answer({ operationId, apiKey, fields = {}, prefer = {} }) {
      const operation = api.byId.get(operationId);
      if (!operation) throw new Error(`The sandbox has no operation ${operationId}`);
      const faults = faultPreferences(prefer);
      const key = keyOf(apiKey);
      let result;
      // A client may ask for a stricter limit than the operator's, never a looser one.
      if (limiter.refuses(key, stricter(rateLimit, faults.rateLimit))) result = replies(operation).rateLimited();
      else if (prefer.code !== undefined || prefer.example !== undefined) result = exampleAnswer(operation, prefer);
      else if (fields.client_id !== undefined && Number(fields.client_id) !== clientId)
        result = replies(operation).fail('clientNotFound');
      else {
        const state = store.get(key);
        // The in-memory store answers at once; the shared one after a round trip.
        result =
          state instanceof Promise
            ? sharedAnswer(key, operation, fields, state)
            : answers.answer(key, operation, fields, state, run);
      }
      if (store.evicted(key)) result = { ...result, warnings: [EVICTED(maxKeys)] };
      // The work is done before the delay, as a slow service may have done it before a client gives up.
      const delay = faults.latencyMs ?? latencyMs;
      if (!delay) return result;
      return Promise.resolve(result).then((answer) => new Promise((resolve) => setTimeout(resolve, delay, answer)));
    },
    /** Restores one key's state (and forgets its requests per second), or every key's: a promise with the shared store. */
    reset(apiKey) {
      const key = apiKey === undefined ? undefined : keyOf(apiKey);
      limiter.reset(key);
      answers.forget(key);
      return store.reset(key);
    },
    /** Lets the shared store go (its connection). */
    async close() {
      await store.close?.();
    },
  };
}
