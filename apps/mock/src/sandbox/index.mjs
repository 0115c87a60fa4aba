// The sandbox: a mode of the mock that answers from data and remembers writes, per API key.
// The front reads and validates each request as in every mode, then asks `answer()`; what it
// answers passes the same response validation as the other modes' answers.
import { readFileSync } from 'node:fs';
import { loadFixture, readFixture } from './fixture.mjs';
import * as accounts from './handlers/accounts.mjs';
import * as bandwidth from './handlers/bandwidth.mjs';
import * as cloud from './handlers/cloud.mjs';
import * as dns from './handlers/dns.mjs';
import * as domains from './handlers/domains.mjs';
import * as mail from './handlers/mail.mjs';
import * as servers from './handlers/servers.mjs';
import * as ssh from './handlers/ssh.mjs';
import { faultPreferences, PreferError } from './prefer.mjs';
import { createRateLimiter } from './rate-limit.mjs';
import { createReplies, problem } from './replies.mjs';
import { createStore } from './store.mjs';

export { BUILT_IN_FIXTURE, FixtureError } from './fixture.mjs';

/** Every handler, by operationId. */
const HANDLERS = Object.assign(Object.create(null), servers, dns, domains, accounts, ssh, cloud, bandwidth, mail);

const INVALID = { type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY', title: 'Invalid request' };

/**
 * `document`: the description the mock serves (an object, or the path of its JSON).
 * `fixture`: the path of a YAML or JSON fixture, a fixture object, or the built-in one.
 * `rateLimit`: requests per second allowed per key (none by default); `latencyMs`: delay of
 * every answer. Resolves to `{ answer, reset }`.
 */
export async function createSandbox({ document, fixture, rateLimit, latencyMs = 0 } = {}) {
  const doc = typeof document === 'string' ? JSON.parse(readFileSync(document, 'utf8')) : document;
  if (!doc?.paths) throw new TypeError('createSandbox needs the description (document) as an object or the path of its JSON');
  for (const [name, value] of [['rateLimit', rateLimit], ['latencyMs', latencyMs]]) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) throw new TypeError(`createSandbox: ${name} must be a whole number ≥ 0, got ${value}`);
  }
  const operationIds = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op?.operationId).filter(Boolean)));
  const unhandled = [...operationIds].filter((id) => !HANDLERS[id]);
  if (unhandled.length) throw new Error(`The sandbox has no handler for ${unhandled.join(', ')}`);

  const base = loadFixture(doc, readFixture(fixture));
  const store = createStore(base);
  const limiter = createRateLimiter();
  const replies = createReplies(doc);

  return {
    /**
     * The answer to a request the front has read and validated: `fields` is its query and form
     * fields as one nested object (strings at the leaves, lists as arrays, no `apikey`),
     * `prefer` its `Prefer` header as `{ name: value }`. Resolves to `{ status, headers, body }`.
     */
    async answer({ operationId, apiKey, fields = {}, prefer = {} }) {
      const started = performance.now();
      const handler = HANDLERS[operationId];
      if (!handler || !operationIds.has(operationId)) throw new Error(`The sandbox has no operation ${operationId}`);
      let faults;
      try {
        faults = faultPreferences(prefer);
      } catch (error) {
        if (error instanceof PreferError) return problem(INVALID, 422, error.message);
        throw error;
      }
      const reply = replies(operationId, started);
      const key = String(apiKey ?? '');
      let result;
      if (limiter.refuses(key, faults.rateLimit ?? rateLimit)) result = reply.rateLimited();
      else if (prefer.code !== undefined || prefer.example !== undefined) result = reply.example(prefer.code, prefer.example);
      else if (fields.client_id !== undefined && Number(fields.client_id) !== Number(base.client_id)) result = reply.fail('clientNotFound');
      else result = handler(fields, { state: store.of(key), reply, now: new Date() });
      // The work is done before the delay, as a slow service may have done it before a client gives up.
      const delay = faults.latencyMs ?? latencyMs;
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      return result;
    },
    /** Restores one key's state (and forgets its requests per second), or every key's. */
    reset(apiKey) {
      store.reset(apiKey);
      limiter.reset(apiKey);
    },
  };
}
