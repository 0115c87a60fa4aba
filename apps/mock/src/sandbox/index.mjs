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

export { BUILT_IN_FIXTURE, FixtureError } from './fixture.mjs';
export { MAX_KEYS };

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
  location: [], code: 'sandboxStateDropped',
  message: `This API key's sandbox state was dropped: more than ${maxKeys} keys had written, and it was the least recently used (--max-keys). It starts again from the fixture.`,
});

/** Every handler, by operationId. */
const HANDLERS = Object.assign(Object.create(null), servers, dns, domains, accounts, ssh, cloud, bandwidth, mail);

/**
 * `document`: the description the mock serves (an object, or the path of its JSON).
 * `fixture`: the path of a YAML or JSON fixture, a fixture object, or the built-in one.
 * `rateLimit`: requests per second allowed per key (none by default); `latencyMs`: delay of
 * every answer; `maxKeys`: keys whose writes are kept (the least recently used is dropped
 * beyond); `log`: told when a key's state is dropped. Resolves to `{ answer, reset }`.
 */
export async function createSandbox({ document, fixture, rateLimit, latencyMs = 0, maxKeys = MAX_KEYS, log } = {}) {
  if (!(typeof document === 'string' || document?.paths)) throw new TypeError('createSandbox needs the description (document) as an object or the path of its JSON');
  const api = readApi(document);
  for (const [name, value, min] of [['rateLimit', rateLimit, 0], ['latencyMs', latencyMs, 0], ['maxKeys', maxKeys, 1]]) {
    if (value !== undefined && !(Number.isInteger(value) && value >= min)) throw new TypeError(`createSandbox: ${name} must be a whole number ≥ ${min}, got ${value}`);
  }
  const unhandled = api.operations.filter((operation) => !HANDLERS[operation.id]);
  if (unhandled.length) throw new Error(`The sandbox has no handler for ${unhandled.map((operation) => operation.id).join(', ')}`);

  const base = loadFixture(api.document, readFixture(fixture));
  // Said once, then at the 10th, 100th, … time: a suite with a key per test drops many.
  const onEvict = (count) => {
    if (/^10*$/.test(String(count))) log?.warn(`sandbox: dropped the state of the least recently used API key, more than ${maxKeys} having written (${count} dropped so far; --max-keys raises the limit)`);
  };
  const store = createStore(base, { maxKeys, onEvict });
  const limiter = createRateLimiter();
  const replies = createReplies(api);
  const answers = createAnswerCache();
  // Operations whose every success carries its own `time`: no answer of theirs is given twice.
  const timed = new Set(api.operations.filter(replies.timed));
  const clientId = Number(base.client_id);
  /** Runs an operation's handler for the answer cache: `{ result, keep }`. */
  const run = (operation, fields, state, clock) => {
    const context = { state, reply: replies(operation), get now() { return clock(); } };
    return { result: HANDLERS[operation.id](fields, context), keep: !timed.has(operation) };
  };

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
      else if (fields.client_id !== undefined && Number(fields.client_id) !== clientId) result = replies(operation).fail('clientNotFound');
      else {
        result = answers.answer(key, operation, fields, store.of(key), run);
      }
      if (store.evicted(key)) result = { ...result, warnings: [EVICTED(maxKeys)] };
      // The work is done before the delay, as a slow service may have done it before a client gives up.
      const delay = faults.latencyMs ?? latencyMs;
      return delay ? new Promise((resolve) => setTimeout(resolve, delay, result)) : result;
    },
    /** Restores one key's state (and forgets its requests per second), or every key's. */
    reset(apiKey) {
      const key = apiKey === undefined ? undefined : keyOf(apiKey);
      store.reset(key);
      limiter.reset(key);
      answers.forget(key);
    },
  };
}
