// Issue 36, as a property (fast-check; prints its seed, HOSTAPI_FC_SEED sets it again): the server
// driven by the official SDK's client against a service answering anything (any status, headers
// and bytes; the description's own answers with a part changed, removed or made an echo of the
// request; no answer at all; a network failure quoting the request). Every call ends, within the
// host's request timeout, in a result the SDK's client accepts or a tool error, and no message
// the server sends carries the key. Timeouts are short and configured (no sleeps): the host's
// timeout is the server's longest call and a margin for a loaded machine.
import { operationsOf, responseExamples } from '@hostapi/spec/document';
import { carriesKey, SECRET, SHORT } from '@hostapi/testing/key-spellings';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallLimits, longestCallMs } from '../src/server.js';
import { connect, doc, EXAMPLES, type Peer } from './support/peer.js';

const SEED = Number(process.env.HOSTAPI_FC_SEED) || Date.now() % 2 ** 31;
const LIMITS: CallLimits = { timeoutMs: 40, retries: { max: 1, baseDelayMs: 1, maxDelayMs: 10 } };
/** The host's request timeout, as a host gives it to the SDK's client. */
const HOST_TIMEOUT_MS = longestCallMs(LIMITS) + 2_000;

const successes = Object.fromEntries(
  operationsOf(doc).map(({ op }) => [
    String(op['x-client-method']).replace('.', '_'),
    responseExamples(doc, op, '200').success,
  ]),
);

/** What the client sent, for answers that echo it. */
interface Sent {
  url: string;
  body: string;
}
type Echo = (sent: Sent) => string;
const echo: fc.Arbitrary<Echo> = fc.constantFrom<Echo>(
  ({ url }) => url,
  ({ url }) => decodeURIComponent(url.replace(/\+/g, ' ')),
  ({ url }) => `GET ${url} failed`,
  ({ body }) => body,
  ({ url, body }) => JSON.stringify({ url, body }),
  ({ url }) => encodeURIComponent(url),
);

/** A JSON value with `at` (a path of keys or indexes, taken modulo what is there) changed. */
function changed(value: unknown, at: number[], to: ((sent: Sent) => unknown) | 'removed', sent: Sent): unknown {
  if (!value || typeof value !== 'object' || !at.length) return to === 'removed' ? undefined : to(sent);
  const keys = Object.keys(value);
  if (!keys.length) return value;
  const key = keys[at[0]! % keys.length]!;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  const inner = changed((value as Record<string, unknown>)[key], at.slice(1), to, sent);
  if (inner === undefined) delete copy[key];
  else copy[key] = inner;
  return copy;
}

type Answer = (tool: string, sent: Sent) => Response | Error | 'never';
const NULL_BODY = [204, 205, 304];
const headers = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom('content-type', 'retry-after', 'location'), fc.stringMatching(/^[a-z0-9-]{1,10}$/)),
    fc.oneof(fc.stringMatching(/^[\x21-\x7e]{0,20}$/), fc.nat().map(String)),
  ),
  { maxLength: 4 },
);
const status = fc.oneof(fc.integer({ min: 200, max: 599 }), fc.constantFrom(200, 302, 401, 422, 500, 503));
const json = (body: unknown, code = 200) => new Response(JSON.stringify(body), { status: code });
const DEEP = 'a value nested deeper than a walk can go';

/** Anything a service may answer. */
const answers: fc.Arbitrary<Answer> = fc.oneof(
  // Any status, headers and bytes.
  fc
    .record({
      status,
      headers,
      body: fc.oneof(
        fc.uint8Array({ maxLength: 400 }),
        fc.json().map((t) => t),
      ),
    })
    .map(({ status, headers, body }) => () => {
      const init = { status, headers: new Headers() };
      for (const [name, value] of headers) init.headers.append(name, value);
      return new Response(NULL_BODY.includes(status) ? null : body, init);
    }),
  // The description's success with a part replaced by anything, or removed.
  fc
    .record({
      at: fc.array(fc.nat(), { maxLength: 5 }),
      to: fc.oneof(
        fc.jsonValue().map((value) => () => value),
        fc.constant('removed' as const),
      ),
    })
    .map(
      ({ at, to }) =>
        (tool: string, sent: Sent) =>
          json(changed(successes[tool], at, to, sent)),
    ),
  // The description's success with a part (or a name) replaced by an echo of the request.
  fc.record({ at: fc.array(fc.nat(), { maxLength: 5 }), echo }).map(({ at, echo }) => (tool: string, sent: Sent) => {
    const answer = changed(successes[tool], at, echo, sent) as Record<string, unknown>;
    return json({ ...answer, [echo(sent)]: echo(sent) });
  }),
  // The description's success with a part nested as deep as JSON.parse takes (no walk's stack does).
  fc.record({ at: fc.array(fc.nat(), { maxLength: 5 }), depth: fc.integer({ min: 1, max: 100_000 }) }).map(
    ({ at, depth }) =>
      (tool: string, sent: Sent) =>
        new Response(
          JSON.stringify(changed(successes[tool], at, () => DEEP, sent)).replace(
            JSON.stringify(DEEP),
            `${'['.repeat(depth)}${']'.repeat(depth)}`,
          ),
        ),
  ),
  // The service's refusal quoting the request, with any status.
  fc.record({ echo, status }).map(
    ({ echo, status }) =>
      (_: string, sent: Sent) =>
        json({ status: false, msg: `Invalid API key: ${echo(sent)}` }, status),
  ),
  // A network failure quoting it, and no answer at all.
  echo.map((echo) => (_: string, sent: Sent) => new TypeError('fetch failed', { cause: new Error(echo(sent)) })),
  fc.constant<Answer>(() => 'never'),
);

describe.each([
  ['a long key', SECRET],
  ['a short key', SHORT],
])('against a service answering anything, %s', (_, key) => {
  let peer: Peer;
  let answer: Answer = () => 'never';
  let tool = '';
  beforeAll(async () => {
    peer = await connect({
      apiKey: key,
      limits: LIMITS,
      fetch: (input, init) => {
        const given = answer(tool, { url: String(input), body: String(init?.body ?? '') });
        if (given instanceof Error) return Promise.reject(given);
        if (given !== 'never') return Promise.resolve(given);
        return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      },
    });
  });
  afterAll(() => peer?.close());

  it('every call is a result the SDK accepts or a tool error, in time, without the key', async () => {
    const runs = 150;
    console.log(`hostile service (MCP, ${key.length} characters of key): ${runs} cases, seed ${SEED}`);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...EXAMPLES), answers, async (example, given) => {
        tool = example.name;
        answer = given;
        peer.sent.length = 0;
        // Throws where the SDK's client refuses the result (its output schema) or times out.
        const result = await peer.client.callTool({ name: example.name, arguments: example.args }, undefined, {
          timeout: HOST_TIMEOUT_MS,
        });
        expect(result.isError || result.structuredContent !== undefined, JSON.stringify(result)).toBe(true);
        expect(peer.sent.filter((message) => carriesKey(message, key))).toEqual([]);
      }),
      { seed: SEED, numRuns: runs },
    );
  });
});
