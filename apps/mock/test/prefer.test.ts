// Whatever a request prefers, and whatever it sends to whichever route, the mock answers 2xx or
// 4xx (a 5xx only where the request asked for one) and keeps answering, in every mode: `Prefer`
// names a response or an example by a name the description gives, never by one of
// Object.prototype's (`code=__proto__` is a 422 like any other unknown code). In process
// (startMock, the same code the CLI runs), property-based (fast-check).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.ts';
import { operations, spec, pairsOf } from './helpers.js';
import { responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
const WELL_FORMED = '/1.3/server/list_servers.json?apikey=witness&client_id=293';

const MODES = [
  ['the default mode', {}],
  ['--sandbox', { sandbox: true }],
  ['--dynamic', { dynamic: true }],
  ['--strict', { strict: true }],
] as const;

/** Each operation's example names by response code. */
const examples = new Map(
  operations.map((o) => [
    o.id,
    Object.keys(o.op.responses).map((code) => ({ code, names: Object.keys(responseExamples(spec, o.op, code)) })),
  ]),
);
const exampleNames = [...new Set([...examples.values()].flat().flatMap(({ names }) => names))];

/** Text a header can carry: printable ASCII. */
const text = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });
const preference = fc.oneof(
  fc.constantFrom('200', '400', '404', '418', '500', '', 'abc', ...PROTOTYPE_NAMES).map((c) => `code=${c}`),
  fc.constantFrom(...exampleNames, ...PROTOTYPE_NAMES, 'nope').map((name) => `example=${name}`),
  fc.constantFrom('true', 'false', 'x').map((value) => `dynamic=${value}`),
  text(6).map((seed) => `seed=${seed}`),
  fc.constantFrom('0', '1', '2', '-1', 'many', '').map((limit) => `rate-limit=${limit}`),
  // Delays the mock honours stay short here; longer ones are refused (422) beyond 60 s.
  fc.constantFrom('0', '1', '3', 'soon', '70000').map((ms) => `latency=${ms}`),
  text(12),
);
/** A request: an operation (or a made-up route), valid fields or not, and what it prefers, as a header or query. */
const request = fc.record({
  operation: fc.constantFrom(...operations),
  // Mostly the operation as listed, so that most requests reach a mode.
  version: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, fc.constantFrom('1.0', '1.5', '2.0')),
  method: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, fc.constantFrom('GET', 'POST', 'PUT')),
  valid: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
  extra: fc.array(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), { maxLength: 3 }),
  prefer: fc.array(preference, { minLength: 1, maxLength: 3 }),
  asQuery: fc.boolean(),
});

/** Whether a request's preferences asked for a 5xx: a 5xx code, a 5xx example, or a rate limit. */
function asked5xx(operationId: string, prefer: string[]): boolean {
  const responses = examples.get(operationId) ?? [];
  return prefer.some((p) => {
    const [name, value = ''] = p.split('=');
    if (name === 'code') return value.startsWith('5');
    if (name === 'example') return responses.some(({ code, names }) => code.startsWith('5') && names.includes(value));
    return name === 'rate-limit';
  });
}

describe.each(MODES)('%s', (_what, options) => {
  let mock: RunningMock;
  let before: { status: number; body: string };
  const witness = async () => {
    const response = await fetch(`${mock.url}${WELL_FORMED}`);
    return { status: response.status, body: await response.text() };
  };
  beforeAll(async () => {
    mock = await startMock({ ...options, log: () => {} });
    before = await witness();
  });
  afterAll(() => mock?.close());

  it.each(PROTOTYPE_NAMES)(
    'Prefer: code=%s (and example=, __code, __example) is a 422 naming what there is',
    async (name) => {
      for (const [prefer, query] of [
        [`code=${name}`, ''],
        [`example=${name}`, ''],
        [undefined, `&__code=${name}`],
        [undefined, `&__example=${name}`],
      ]) {
        const response = await fetch(`${mock.url}${WELL_FORMED}${query}`, { headers: prefer ? { prefer } : {} });
        expect({ prefer, query, status: response.status }).toEqual({ prefer, query, status: 422 });
        expect(await response.json()).toMatchObject({ type: 'urn:hostapi:mock:unknown-preference' });
      }
    },
  );

  it(
    'answers any Prefer, to any request of any route, ' + 'with 2xx or 4xx (5xx only when asked), and stays up',
    async () => {
      const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
      const numRuns = 300;
      console.info(`prefer property (${_what}): ${numRuns} cases, seed ${seed}`);
      await fc.assert(
        fc.asyncProperty(request, async ({ operation, version, method, valid, extra, prefer, asQuery }) => {
          const path = version ? operation.path.replace(/^\/\d+\.\d+\//, `/${version}/`) : operation.path;
          const input = valid ? exampleInput(spec, operation.op, operation.method.toLowerCase()) : {};
          const pairs: [string, string][] = [...pairsOf({ apikey: 'k', ...input }), ...extra];
          const preferences = asQuery
            ? prefer.map((p) => [`__${p.split('=')[0]}`, p.split('=').slice(1).join('=')] as [string, string])
            : [];
          const fields = new URLSearchParams([...pairs, ...preferences]).toString();
          const verb = method ?? operation.method;
          const post = verb !== 'GET';
          const response = await fetch(`${mock.url}${path}${post ? '' : `?${fields}`}`, {
            method: verb,
            headers: {
              ...(asQuery ? {} : { prefer: prefer.join(', ') }),
              ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            },
            ...(post ? { body: fields } : {}),
          });
          const text = await response.text();
          const what =
            `${verb} ${path} ${fields} Prefer: ${prefer.join(', ')} ` + `→ ${response.status} ${text.slice(0, 300)}`;
          expect(response.status, what).toBeGreaterThanOrEqual(200);
          if (response.status < 500) return;
          expect(asked5xx(operation.id, prefer), what).toBe(true);
          // What was asked for: one of the operation's own 5xx examples, never the mock's failure.
          expect(JSON.parse(text).type, what).toBeUndefined();
        }),
        { numRuns, seed },
      );
      expect(await witness()).toEqual(before);
    },
  );
});
