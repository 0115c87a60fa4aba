// Verification against the journal, from code (startMock().journal.verify, the MSW handlers'
// journal) and over HTTP (POST /__mock/journal/verify): the count, and when it is not the one
// expected, a readable error with the nearest requests, what differs and their departures. And
// the mock's own routes as GET /__mock/openapi.json describes them, each answer checked against it.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationError } from '../src/engine/journal/verify.ts';
import { type RunningMock, startMock } from '../src/index.ts';
import { createHandlers } from '../src/msw.ts';
import { spec } from './helpers.ts';

const CONTENT = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG7k me@laptop';
const form = (body: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body,
});

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ sandbox: true, log: () => {} });
  const content = encodeURIComponent(CONTENT);
  // Two keys added (one with its label before the key), a list, and a refused add.
  await fetch(`${mock.url}/1.2/ssh/key/add.json`, form(`apikey=key-v&client_id=293&label=desktop&content=${content}`));
  await fetch(`${mock.url}/1.2/ssh/key/add.json`, form(`label=tablet&apikey=key-v&client_id=293&content=${content}`));
  await fetch(`${mock.url}/1.3/server/list_servers.json?apikey=key-v&client_id=293`);
  await fetch(`${mock.url}/1.2/ssh/key/add.json`, form('apikey=key-v&client_id=abc&label=laptop'));
  await fetch(`${mock.url}/1.3/server/list_servers.json?apikey=key-w&client_id=293`);
});
afterAll(() => mock?.close());

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VerificationError);
  return error as VerificationError;
};

describe('journal.verify()', () => {
  it('resolves to the count when the calls were made as expected', async () => {
    expect(await mock.journal.verify({ apikey: 'key-v', operation: 'addSshKey', fields: { label: 'desktop' } })).toBe(
      1,
    );
    // The refused one is no call.
    expect(await mock.journal.verify({ apikey: 'key-v', operation: 'addSshKey', atLeast: 2, atMost: 3 })).toBe(2);
    expect(await mock.journal.verify({ apikey: 'key-v', operation: 'cancelDomain', times: 0 })).toBe(0);
    expect(await mock.journal.verify({ operation: 'listServers', times: 2 })).toBe(2);
  });

  it('throws what was expected, the count, the nearest requests with what differs and their departures', async () => {
    const error = await failure(
      mock.journal.verify({ apikey: 'key-v', operation: 'addSshKey', fields: { label: 'laptop' }, times: 1 }),
    );
    const lines = error.message.split('\n');
    expect(lines[0]).toBe(
      'Expected addSshKey with label="laptop", exactly once; it was called 0 times ' +
        "(4 requests in this key's journal).",
    );
    expect(lines[1]).toBe('Nearest requests:');
    // The refused one sent label=laptop: nearest, with why it was refused.
    expect(lines[2]).toMatch(/^ {2}#4 POST \/1\.2\/ssh\/key\/add\.json → 422, \d{4}-/);
    expect(lines).toContain(
      '      refused: Your request is not valid: each entry of `validation` names a field and what is wrong with it.',
    );
    expect(lines).toContain(
      '        body.client_id: Request body property client_id must match pattern "^[1-9][0-9]*$"',
    );
    // Then the others of the operation, what differs and their departures.
    expect(error.message).toContain('  #2 POST /1.2/ssh/key/add.json → 200');
    expect(error.message).toContain('      label: expected "laptop", got "tablet"');
    expect(error.message).toMatch(/ {6}departure: request\.body\.apikey: "apikey" comes after "label".*\(fieldOrder\)/);
    expect(error.nearest.map((entry) => entry.seq)).toEqual([4, 2, 1]);
    expect(error.count).toBe(0);
    // For a test runner's diff: the call expected, and the nearest written alike.
    expect([error.expected, error.actual]).toEqual(['addSshKey\n  label: laptop', 'addSshKey\n  label: laptop']);
  });

  it('too many: lists the calls that should not have been made', async () => {
    const error = await failure(mock.journal.verify({ apikey: 'key-v', operation: 'listServers', times: 0 }));
    expect(error.message).toContain('Expected listServers, never; it was called once');
    expect(error.message).toContain('Matching requests:\n  #3 GET /1.3/server/list_servers.json → 200');
  });

  it('refuses an expectation it cannot check, naming what is wrong', async () => {
    await expect(mock.journal.verify({ operation: 'addSSHKey' })).rejects.toThrow('no operation "addSSHKey"');
    await expect(mock.journal.verify({ operation: 'addSshKey', fields: { lable: 'x' } })).rejects.toThrow(
      'addSshKey has no field "lable"',
    );
    await expect(mock.journal.verify({ times: 1, atLeast: 1 })).rejects.toThrow('times is exact');
    await expect(mock.journal.verify({ times: -1 })).rejects.toThrow('times must be a whole number ≥ 0');
  });
});

describe('POST /__mock/journal/verify', () => {
  const verify = (query: string, body: unknown) =>
    fetch(`${mock.url}/__mock/journal/verify?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('answers the verdict for the key it names, verified or not', async () => {
    const ok = await verify('apikey=key-v', { operation: 'addSshKey', fields: { label: 'tablet' }, times: 1 });
    expect(await ok.json()).toEqual({
      verified: true,
      count: 1,
      expected: 'addSshKey with label="tablet", exactly once',
      message: '',
      nearest: [],
    });
    const not = await (await verify('apikey=key-w', { operation: 'addSshKey' })).json();
    expect(not).toMatchObject({ verified: false, count: 0, nearest: [{ seq: 1, operation: 'listServers' }] });
    expect(not.message).toContain("(1 request in this key's journal)");
  });

  it.each([
    ['not JSON', '{', [], 'the body must be JSON'],
    ['a list', [], [], 'the body must be a JSON object'],
    ['an unknown member', { operation: 'addSshKey', count: 1 }, ['count'], '"count" is not part of an expectation'],
    ['an unknown operation', { operation: 'nope' }, ['operation'], 'no operation "nope"'],
    [
      'an unknown field',
      { operation: 'addSshKey', fields: { colour: 'red' } },
      ['fields', 'colour'],
      'no field "colour"',
    ],
    ['a count that is none', { times: 1.5 }, ['times'], 'times must be a whole number'],
  ])('%s: a 422 naming it', async (_what, body, location, message) => {
    const answer = await verify('apikey=key-v', body);
    expect(answer.status).toBe(422);
    const problem = await answer.json();
    expect(problem.type).toBe('urn:hostapi:mock:journal-expectation');
    expect(problem.validation[0]).toMatchObject({ location: ['body', ...location] });
    expect(problem.detail).toContain(message);
  });
});

describe('the MSW handlers’ journal', () => {
  const { handlers, journal } = createHandlers({ mode: 'examples' });
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  const BASE = spec.servers[0].url as string;

  it('keeps what the handlers answered, and verifies it as startMock()’s does', async () => {
    await fetch(`${BASE}/1.3/server/list_servers.json?apikey=msw-key&client_id=293&filters[state]=On`);
    expect(
      await journal.verify({ apikey: 'msw-key', operation: 'listServers', fields: { 'filters[state]': 'On' } }),
    ).toBe(1);
    await expect(journal.verify({ apikey: 'msw-key', operation: 'getSshKey' })).rejects.toThrow(
      'Expected getSshKey, at least once; it was called 0 times',
    );
    const { entries } = await (await fetch(`${BASE}/__mock/journal?apikey=msw-key`)).json();
    expect(entries).toMatchObject([{ operation: 'listServers', example: 'success' }]);
    await journal.clear('msw-key');
    expect((await journal.entries({ apikey: 'msw-key' })).entries).toEqual([]);
  });
});

describe('GET /__mock/openapi.json', () => {
  let doc: { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  beforeAll(async () => {
    doc = await (await fetch(`${mock.url}/__mock/openapi.json`)).json();
  });

  it('is a valid OpenAPI 3.1 description (swagger-parser, on the OpenAPI Initiative’s schema)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('describes each route GET / lists, and what each answers', async () => {
    const index = (await (await fetch(`${mock.url}/`)).json()).return.routes;
    for (const { method, path } of index)
      expect(doc.paths[path.split('?')[0]]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    ajv.addSchema({ $id: 'mock', components: doc.components });
    const check = (ref: string, value: unknown) => {
      const validate = ajv.getSchema(`mock#/components/schemas/${ref}`)!;
      expect(validate(value), `${ref}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    check('JournalPage', await (await fetch(`${mock.url}/__mock/journal?apikey=key-v`)).json());
    check('Problem', await (await fetch(`${mock.url}/__mock/journal?apikey=key-v&limit=x`)).json());
    const verdict = await fetch(`${mock.url}/__mock/journal/verify?apikey=key-v`, {
      method: 'POST',
      body: JSON.stringify({ operation: 'addSshKey', times: 9 }),
    });
    check('Verdict', await verdict.json());
    check('Problem', await (await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })).json());
  });
});
