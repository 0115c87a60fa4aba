// @hostapi/mock/msw in Node's setupServer, answer for answer against the mock server in the same
// mode (startMock, port 0): every named example of every operation, generated data, the sandbox's
// calls; then what only the handlers do (pass through what is not the API's, a base URL's path).
import { readFileSync } from 'node:fs';
import { responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureModule, MODULE } from '../scripts/fixture.ts';
import { startMock, type RunningMock } from '../src/index.ts';
import { type HandlersOptions, handlers } from '../src/msw.ts';
import { type Operation, operations, pairsOf, spec } from './helpers.ts';

const BASE = spec.servers[0].url as string;
type Fixture = Record<string, unknown> & { servers: { name: string }[] };
const encode = (list: [string, string][]) => new URLSearchParams(list).toString();

/** A valid call of the operation (its example input), as [path and query, init]. */
function exampleCall(
  { method, path, op }: Operation,
  apikey: string,
  headers: Record<string, string> = {},
): [string, RequestInit] {
  const encoded = encode(pairsOf({ apikey, ...exampleInput(spec, op, method.toLowerCase()) }));
  if (method === 'GET') return [`${path}?${encoded}`, { method, headers }];
  const form = { 'content-type': 'application/x-www-form-urlencoded', ...headers };
  return [path, { method, headers: form, body: encoded }];
}

/** An answer as compared: status, headers but the transport's (date, connection), body text. */
async function answerOf(response: Response) {
  const transport = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !transport.has(name)));
  return { status: response.status, headers, body: await response.text() };
}

/** Handlers of a mode in setupServer, and the mock server in the same mode: `both(path, init)` asks each. */
function side(options: HandlersOptions & { startMock: Parameters<typeof startMock>[0] }) {
  const { startMock: serverOptions, ...handlerOptions } = options;
  const server = setupServer(...handlers(handlerOptions));
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ log: () => {}, ...serverOptions });
    // The mock server's requests are not the handlers': they go on to it.
    server.listen({ onUnhandledFrame: 'bypass' });
  });
  afterAll(async () => {
    server.close();
    await mock?.close();
  });
  return {
    async both(path: string, init: RequestInit) {
      const viaMsw = await answerOf(await fetch(`${BASE}${path}`, init));
      const viaServer = await answerOf(await fetch(`${mock.url}${path}`, init));
      return { viaMsw, viaServer };
    },
  };
}

const examples = operations.flatMap((operation) =>
  Object.keys(operation.op.responses).flatMap((code) =>
    Object.keys(responseExamples(spec, operation.op, code)).map((name) => ({ operation, code, name })),
  ),
);

describe('mode examples', () => {
  const { both } = side({ mode: 'examples', startMock: {} });

  it(`answers each of the ${examples.length} named examples as the mock server does`, async () => {
    expect(examples.length).toBeGreaterThan(operations.length * 3);
    for (const { operation, code, name } of examples) {
      const prefer = `code=${code}, example=${name}`;
      const { viaMsw, viaServer } = await both(...exampleCall(operation, 'k', { prefer }));
      expect(viaMsw, `${operation.id} ${prefer}`).toEqual(viaServer);
      expect(viaMsw.status).toBe(Number(code));
      expect(JSON.parse(viaMsw.body)).toEqual(responseExamples(spec, operation.op, code)[name]);
    }
  });

  it('answers each valid call without Prefer as the mock server does, naming departures alike', async () => {
    for (const operation of operations) {
      const [path, init] = exampleCall(operation, 'k');
      const { viaMsw, viaServer } = await both(path.replace(/^\/1\.\d/, '/1.5'), init);
      expect(viaMsw, operation.id).toEqual(viaServer);
      expect(viaMsw.status).toBe(200);
    }
  });

  it('honours `Prefer: code=500` (the rate limit) as the mock server does', async () => {
    const listServers = operations.find((o) => o.id === 'listServers')!;
    const { viaMsw, viaServer } = await both(...exampleCall(listServers, 'k', { prefer: 'code=500' }));
    expect(viaMsw).toEqual(viaServer);
    expect(viaMsw.status).toBe(500);
  });

  it('refuses an invalid value with the 422 naming the field, as the mock server does', async () => {
    const path = '/1.3/server/list_servers.json?apikey=k&client_id=293&filters%5Bpage_size%5D=many';
    const { viaMsw, viaServer } = await both(path, {});
    expect(viaMsw).toEqual(viaServer);
    expect(viaMsw.status).toBe(422);
    expect(viaMsw.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(viaMsw.body).validation).toEqual([
      expect.objectContaining({ location: ['query', 'filters', 'page_size'] }),
    ]);
  });

  it('refuses a missing key (401) and a wrong method (405) as the mock server does', async () => {
    for (const [path, init] of [
      ['/1.3/server/list_servers.json?client_id=293', {}],
      ['/1.3/server/list_servers.json?apikey=k&client_id=293', { method: 'POST' }],
    ] as const) {
      const { viaMsw, viaServer } = await both(path, init);
      expect(viaMsw).toEqual(viaServer);
      expect([401, 405]).toContain(viaMsw.status);
    }
  });
});

describe('mode dynamic', () => {
  const { both } = side({ mode: 'dynamic', seed: 7, startMock: { dynamic: true, seed: 7 } });

  it('generates the same data as the mock server from the same seed', async () => {
    for (const operation of operations) {
      const { viaMsw, viaServer } = await both(...exampleCall(operation, 'k'));
      expect(viaMsw, operation.id).toEqual(viaServer);
      expect(viaMsw.status).toBe(200);
    }
  });
});

describe('mode sandbox', () => {
  const { both } = side({ mode: 'sandbox', startMock: { sandbox: true } });
  // The sandbox stamps writes with the time, to the second, which may turn between the two calls,
  // and says how long some took (`time`); the length goes with them.
  const untimed = ({
    headers: { 'content-length': _, ...headers },
    ...answer
  }: Awaited<ReturnType<typeof answerOf>>) => ({
    ...answer,
    headers,
    body: answer.body
      .replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, (t) => (t.startsWith('0000') ? t : 'TIME'))
      .replace(/"time":[\d.]+/g, '"time":0'),
  });

  it("answers every operation's example call, in order, as the mock server's sandbox does", async () => {
    for (const operation of operations) {
      const { viaMsw, viaServer } = await both(...exampleCall(operation, 'ordered'));
      expect(untimed(viaMsw), operation.id).toEqual(untimed(viaServer));
    }
  });

  it('keeps what a key writes: add → get, isolated per key, until its reset', async () => {
    const call = (path: string, apikey: string, fields: Record<string, string>, method = 'GET') => {
      const query = encode([['apikey', apikey], ...Object.entries(fields)]);
      const init = { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query };
      return fetch(method === 'GET' ? `${BASE}${path}?${query}` : `${BASE}${path}`, method === 'GET' ? {} : init);
    };
    const content = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s aroha@laptop';
    const added = await call('/1.2/ssh/key/add.json', 'a', { client_id: '293', label: 'laptop', content }, 'POST');
    const { key_id } = (await added.json()).return;
    const get = async (apikey: string) =>
      (await (await call('/1.3/ssh/key/get.json', apikey, { client_id: '293', key_id })).json()) as {
        status: boolean;
        return?: { label: string };
      };
    expect((await get('a')).return?.label).toBe('laptop');
    expect((await get('b')).status).toBe(false);
    expect((await fetch(`${BASE}/__sandbox/reset?apikey=a`, { method: 'POST' })).status).toBe(204);
    expect((await get('a')).status).toBe(false);
  });
});

describe('handlers()', () => {
  it('passes what is not the API on to the next handler: another origin, a path no operation has', async () => {
    const next = http.all('*', ({ request }) => new Response(`next: ${request.url}`));
    const server = setupServer(...handlers(), next);
    server.listen({ onUnhandledFrame: 'error' });
    try {
      for (const url of [`${BASE}/favicon.ico`, `${BASE}/1.3/server/nope.json`, 'https://elsewhere.example/1.3/x.json'])
        expect(await (await fetch(url)).text()).toBe(`next: ${url}`);
      expect((await fetch(`${BASE}/1.3/server/list_servers.json?apikey=k&client_id=293`)).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('serves under a base URL with a path, and only there', async () => {
    const server = setupServer(...handlers({ baseUrl: 'http://app.test/api/' }));
    server.listen({ onUnhandledFrame: 'bypass' });
    try {
      const response = await fetch('http://app.test/api/1.5/server/list_images.json?apikey=k');
      expect(response.status).toBe(200);
      expect((await response.json()).status).toBe(true);
      // Outside the base URL's path, the same route is not the handlers'.
      await expect(fetch('http://app.test/1.5/server/list_images.json?apikey=k')).rejects.toThrow();
    } finally {
      server.close();
    }
  });

  it('serves a fixture given as data; one the sandbox refuses fails the first request, naming it', async () => {
    const fixture = load(readFileSync(new URL('../fixtures/sandbox.yaml', import.meta.url), 'utf8')) as Fixture;
    fixture.servers[0]!.name = 'renamed01';
    const listServers = `${BASE}/1.3/server/list_servers.json?apikey=k&client_id=293`;
    for (const [given, check] of [
      [fixture, async (response: Response) => expect((await response.json()).return.data[0].name).toBe('renamed01')],
      [
        { ...fixture, client_id: 293 },
        async (response: Response) => {
          expect(response.status).toBe(500);
          expect(await response.text()).toContain('client_id');
        },
      ],
    ] as const) {
      const server = setupServer(...handlers({ mode: 'sandbox', fixture: given }));
      server.listen({ onUnhandledFrame: 'error' });
      try {
        await check(await fetch(listServers));
      } finally {
        server.close();
      }
    }
  });

  it('refuses options it cannot take, naming them', () => {
    expect(() => handlers({ mode: 'nope' as 'examples' })).toThrow('mode must be one of examples, dynamic, sandbox');
    expect(() => handlers({ seed: 3 })).toThrow('seed goes with dynamic');
    expect(() => handlers({ baseUrl: '/api' })).toThrow('baseUrl must be an absolute URL, got /api');
  });

  it('reads the built-in fixture from src/generated, current with fixtures/sandbox.yaml (`pnpm generate`)', () => {
    expect(readFileSync(MODULE, 'utf8')).toBe(fixtureModule());
  });
});
