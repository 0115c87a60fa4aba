// The journal's routes under any input (fast-check; each property prints its seed, FC_SEED sets
// it): any query of GET /__mock/journal, any body of POST /__mock/journal/verify, any request of
// any method to the mock's own routes gets a 2xx, or a 4xx problem naming what it could not take;
// never a 5xx, never another key's entries, never the key.
import fc from 'fast-check';
import { isKeyName } from '@hostapi/spec/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.ts';

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const RUNS = 300;
// Long enough to be masked wherever it appears; the other key is never asked for.
const KEY = 'prop-key-2b9c';
const OTHER = 'other-key-5d1e';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ sandbox: true, log: () => {} });
  const form = (apikey: string, label: string) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body:
      `apikey=${apikey}&client_id=293&label=${encodeURIComponent(label)}` +
      '&content=ssh-ed25519%20AAAAC3NzaC1lZDI1NTE5AAAAIG7k%20x',
  });
  await fetch(`${mock.url}/1.2/ssh/key/add.json`, form(KEY, `label of ${KEY}`));
  await fetch(`${mock.url}/1.2/ssh/key/add.json`, form(OTHER, 'secret-of-other'));
  await fetch(`${mock.url}/1.3/server/list_servers.json?apikey=${OTHER}&client_id=293`);
});
afterAll(() => mock?.close());

/** Text of any characters, and names a filter would use. */
const text = fc.oneof(
  fc.string({ maxLength: 12, unit: 'binary' }),
  fc.constantFrom('operation', 'since', 'limit', 'label', 'apikey', 'APIKEY', 'filters[state]', '__proto__', 'a[b', ''),
  fc.constantFrom('addSshKey', '0', '1', '-1', '10001', '1e3', KEY, OTHER, 'laptop'),
);
const query = fc
  .array(fc.tuple(text, text), { maxLength: 6 })
  .map((pairs) => pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&'));

/** The values of every field of a query the mock reads as the key (`apikey`, `APIKEY`, ...). */
const keysIn = (query: string) =>
  [...new URLSearchParams(query)].filter(([name]) => isKeyName(name)).map(([, value]) => value);

/**
 * What any answer of the journal's routes must be. `what` is what was sent, which it may quote;
 * `query` the query it was sent with: a key it carries is never shown, not even where `what`
 * quotes it, and another key only where `what` does.
 */
async function checkAnswer(answer: Response, what: string, query: string) {
  const body = await answer.text();
  expect(answer.status, `${what}: ${body}`).toBeLessThan(500);
  for (const key of [KEY, OTHER])
    if (keysIn(query).includes(key) || !what.includes(key)) expect(body, what).not.toContain(key);
  expect(body, what).not.toContain('secret-of-other');
  if (answer.status >= 400) {
    const problem = JSON.parse(body);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(problem.detail, what).toMatch(/\S/);
  }
  return body;
}

describe('the journal routes, under any input', () => {
  it('GET /__mock/journal with any query: its own entries or a 4xx naming the parameter', async () => {
    console.info(`journal routes (any query): ${RUNS} cases, seed ${SEED}`);
    await fc.assert(
      fc.asyncProperty(query, async (search) => {
        const answer = await fetch(`${mock.url}/__mock/journal?apikey=${KEY}&${search}`);
        const body = await checkAnswer(answer, search, `apikey=${KEY}&${search}`);
        if (answer.status === 200) {
          // Only this key's: its one add (the label names the key, masked), never the other's list.
          for (const entry of JSON.parse(body).entries) expect(entry.operation).toBe('addSshKey');
        } else if (answer.status === 422) {
          const { validation } = JSON.parse(body);
          expect(validation[0].location[0]).toBe('query');
          expect(typeof validation[0].location[1]).toBe('string');
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('POST /__mock/journal/verify with any body: a verdict, or a 422 naming what it could not take', async () => {
    console.info(`journal routes (any expectation): ${RUNS} cases, seed ${SEED}`);
    const expectation = fc.oneof(
      fc.json(),
      fc.record(
        {
          operation: fc.oneof(text, fc.integer()),
          fields: fc.oneof(fc.dictionary(text, fc.oneof(text, fc.integer(), fc.boolean())), fc.anything()),
          times: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.double(), text),
          atLeast: fc.integer({ min: -1, max: 2 }),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(expectation, async (body) => {
        const sent = typeof body === 'string' ? body : JSON.stringify(body);
        const answer = await fetch(`${mock.url}/__mock/journal/verify?apikey=${KEY}`, { method: 'POST', body: sent });
        const text = await checkAnswer(answer, sent, `apikey=${KEY}`);
        if (answer.status === 200) expect(typeof JSON.parse(text).verified).toBe('boolean');
        else expect(JSON.parse(text).validation[0].location[0]).toBe('body');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('any method, path under /__mock/ and query: 2xx or 4xx, the other key untouched', async () => {
    console.info(`journal routes (any request): ${RUNS} cases, seed ${SEED}`);
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH'),
      path: fc.constantFrom('/__mock/journal', '/__mock/journal/verify', '/__mock/reset', '/__mock/', '/__mock/x'),
      search: query.filter((search) => !search.includes(OTHER)),
      keyed: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, search, keyed }) => {
        const query = `${keyed ? `apikey=${KEY}&` : ''}${search}`;
        const answer = await fetch(`${mock.url}${path}?${query}`, { method });
        await checkAnswer(answer, `${method} ${path}?${search}`, query);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // Whatever was asked, without naming the other key: its entries are all there.
    expect((await mock.journal.entries({ apikey: OTHER })).entries).toHaveLength(2);
  });
});
