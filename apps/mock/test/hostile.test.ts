// Hostile input, as fuzzers, scanners and broken clients send it, against every server the mock
// package ships, started as testers start them: the default mode, --sandbox, --dynamic, --strict,
// --no-cors, and the proxy. Property-based (fast-check): any code point in names and values,
// `%` escapes (broken ones too), NUL, `__proto__`/`constructor`/`prototype` segments, unbalanced
// and very deep brackets, huge counts; in the query, URL-encoded and multipart bodies. The
// process never exits, never answers 5xx to what the client sent badly, a well-formed request
// afterwards answers as before, and one key's requests change nothing another key sees.
// `Object.prototype` staying clean is checked in-process (startMock, the same code).
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.ts';
import { operations, startCli, type RunningCli } from './helpers.js';

const WELL_FORMED = '/1.3/server/list_servers.json?apikey=witness-key&client_id=293';

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends bytes as given (the path is not re-encoded) and resolves to the whole answer. */
function send(
  base: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string> | undefined; body?: Uint8Array | undefined } = {},
): Promise<Sent> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode!,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Percent-encodes what cannot go on a request line (as a client would), keeping `%` as given so
 * that broken escapes (`%`, `%zz`) and escapes of any byte reach the server.
 */
const onTheWire = (text: string) =>
  [...text]
    .map((c) =>
      /^[A-Za-z0-9\-._~[\]%!$'()*,;:@/]$/.test(c)
        ? c
        : [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    )
    .join('');

const SPECIAL = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'apikey',
  'params',
  'filters',
  'client_id',
  '0',
  '1',
  'length',
];
const ESCAPES = [
  '%',
  '%2',
  '%zz',
  '%00',
  '%E2%82%AC',
  '%7F',
  '%5B',
  '%5D',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%0D%0A',
  '%61%70%69%6b%65%79',
];
const segment = fc.oneof(
  fc.constantFrom(...SPECIAL),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom(...ESCAPES),
  fc.string({ unit: fc.constantFrom('a', '[', ']', '%', '_', '0'), maxLength: 6 }),
);
const name = fc
  .tuple(
    segment,
    fc.array(
      fc.oneof(
        segment.map((s) => `[${s}]`),
        fc.constantFrom('[', ']', '[]', '][', '[[', ']]'),
      ),
      { maxLength: 6 },
    ),
  )
  .map(([first, rest]) => first + rest.join(''));
const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 24 }), fc.constantFrom(...ESCAPES, '', '293', '1'));
const pairs = fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 12 });
/** A request: an operation of the description (or a made-up path), where its fields go, and them. */
const hostile = fc.record({
  target: fc.oneof(
    fc.constantFrom(...operations.map((o) => o.path)),
    fc.string({ unit: 'binary', maxLength: 20 }).map((s) => `/1.3/${onTheWire(s)}`),
  ),
  method: fc.constantFrom('GET', 'POST'),
  placement: fc.constantFrom('query', 'urlencoded', 'multipart'),
  withKey: fc.boolean(),
  pairs,
});

/** The request's bytes: the key first when asked, then the pairs where they go. */
interface Hostile {
  target: string;
  method: string;
  placement: string;
  withKey: boolean;
  pairs: [string, string][];
}
async function bytesOf({ target, method, placement, withKey, pairs: fields }: Hostile, key: string) {
  const all: [string, string][] = [
    ...(withKey
      ? ([
          ['apikey', key],
          ['client_id', '293'],
        ] as [string, string][])
      : []),
    ...fields,
  ];
  const urlencoded = all.map(([n, v]) => `${onTheWire(n)}=${onTheWire(v)}`).join('&');
  if (placement === 'query') return { method, path: `${target}?${urlencoded}` };
  if (placement === 'urlencoded')
    return {
      method,
      path: target,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(urlencoded),
    };
  const form = new FormData();
  for (const [n, v] of all) form.append(n, v);
  const request = new Request('http://x/', { method: 'POST', body: form });
  return {
    method,
    path: target,
    headers: { 'content-type': request.headers.get('content-type')! },
    body: new Uint8Array(await request.arrayBuffer()),
  };
}

/** Many fields, or one field very deep: the counts and depths a fuzzer reaches. */
const HUGE: { what: string; path: string; body?: string; placement: 'query' | 'urlencoded' | 'multipart' }[] = [
  {
    what: '100,000 unknown fields (1 MB, URL-encoded)',
    path: '/1.2/ssh/key/add.json',
    placement: 'urlencoded',
    body: `apikey=k&${Array.from({ length: 100_000 }, (_, i) => `u${i.toString(36).padStart(4, '0')}=1`).join('&')}`,
  },
  {
    what: '150,000 names without a value (URL-encoded)',
    path: '/1.2/ssh/key/add.json',
    placement: 'urlencoded',
    body: `apikey=k&${Array.from({ length: 150_000 }, (_, i) => i.toString(36)).join('&')}`,
  },
  {
    what: '140,000 fields (URL-encoded)',
    path: '/1.2/ssh/key/add.json',
    placement: 'urlencoded',
    body: `apikey=k&${Array.from({ length: 140_000 }, (_, i) => `${i.toString(36)}=`).join('&')}`,
  },
  { what: '20,000 unknown fields (multipart)', path: '/1.2/ssh/key/add.json', placement: 'multipart', body: 'many' },
  {
    what: 'params[a][a]… 10,000 levels deep (URL-encoded)',
    path: '/1.2/ssh/key/add.json',
    placement: 'urlencoded',
    body: `apikey=k&params${'[a]'.repeat(10_000)}=1`,
  },
  {
    what: 'filters[a][a]… 3,000 levels deep (query)',
    path: `/1.3/server/list_servers.json?apikey=k&client_id=293&filters${'%5Ba%5D'.repeat(3_000)}=1`,
    placement: 'query',
  },
  {
    what: 'a 500 kB name (URL-encoded)',
    path: '/1.2/ssh/key/add.json',
    placement: 'urlencoded',
    body: `apikey=k&${'n'.repeat(500_000)}=1`,
  },
  {
    what: '20,000 unbalanced brackets (query)',
    path:
      `/1.3/server/list_servers.json?apikey=k&${'%5B'.repeat(2_000)}=1&` +
      `${Array.from({ length: 2_000 }, (_, i) => `x${i}%5D=1`).join('&')}`,
    placement: 'query',
  },
  {
    what: '50,000 repeats of one field (URL-encoded)',
    path: '/1.2/ssh/key/add.json',
    placement: 'urlencoded',
    body: `apikey=k&${'label=a&label=b&'.repeat(25_000)}`,
  },
];

async function hugeRequest(base: string, { path, body, placement }: (typeof HUGE)[number]) {
  if (placement === 'query') return send(base, 'GET', path);
  if (placement === 'urlencoded')
    return send(base, 'POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(body!),
    });
  const form = new FormData();
  form.append('apikey', 'k');
  for (let i = 0; i < 20_000; i++) form.append(`u${i}`, '1');
  const request = new Request('http://x/', { method: 'POST', body: form });
  return send(base, 'POST', path, {
    headers: { 'content-type': request.headers.get('content-type')! },
    body: new Uint8Array(await request.arrayBuffer()),
  });
}

const SERVERS: [string, string[]][] = [
  ['the default mode', []],
  ['--sandbox', ['--sandbox']],
  ['--dynamic', ['--dynamic']],
  ['--strict', ['--strict']],
  ['--no-cors', ['--no-cors']],
  ['--sandbox --strict', ['--sandbox', '--strict']],
];

let upstream: RunningCli;
const running = new Map<string, RunningCli>();

beforeAll(async () => {
  const started = await Promise.all(SERVERS.map(([, args]) => startCli(args)));
  SERVERS.forEach(([what], i) => running.set(what, started[i]!));
  // The proxy in front of a mock of its own, so that both sides see the hostile bytes.
  upstream = await startCli([]);
  running.set('the proxy', await startCli(['proxy', '--upstream', upstream.url]));
}, 60_000);

afterAll(async () => {
  await Promise.all([...running.values(), upstream].map((server) => server?.stop()));
});

describe.each([...SERVERS.map(([what]) => what), 'the proxy'])('%s', (what) => {
  const server = () => running.get(what)!;
  let before: Sent;
  const alive = async () => {
    expect(server().child.exitCode, server().output()).toBeNull();
    const after = await send(server().url, 'GET', WELL_FORMED);
    expect({ status: after.status, body: after.body }).toEqual({ status: before.status, body: before.body });
  };

  beforeAll(async () => {
    before = await send(server().url, 'GET', WELL_FORMED);
    expect(before.status).toBe(200);
  });

  it('answers any names and values, in the query, URL-encoded or multipart, with less than 500', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom('key-a', 'key-b'), async (request, key) => {
        const { method, path, headers, body } = await bytesOf(request, key);
        const answer = await send(server().url, method, path, { headers, body });
        expect(
          answer.status,
          `${method} ${path} ${body ? Buffer.from(body).toString('utf8').slice(0, 300) : ''}\n→ ` +
            `${answer.status} ${answer.body.slice(0, 300)}`,
        ).toBeLessThan(500);
        expect(answer.status).toBeGreaterThanOrEqual(200);
      }),
      { numRuns: 150 },
    );
    await alive();
  });

  it.each(HUGE.map((huge) => [huge.what, huge] as const))(
    '%s: read in time, a 4xx or the lenient 200, and the mock keeps answering',
    async (_what, huge) => {
      const answer = await hugeRequest(server().url, huge);
      expect(answer.status, answer.body.slice(0, 500)).toBeLessThan(500);
      // What is listed is bounded, whatever the count.
      expect(answer.body.length).toBeLessThan(64 * 1024);
      expect(String(answer.headers['sl-violations'] ?? '').length).toBeLessThan(9 * 1024);
      await alive();
    },
  );

  it('a Prototype-named field is a field like any other: refused or ignored, never obeyed', async () => {
    for (const path of [
      `${WELL_FORMED}&__proto__%5Bcode%5D=500`,
      `${WELL_FORMED}&constructor%5Bprototype%5D%5Bcode%5D=500`,
      `${WELL_FORMED}&__proto__=x`,
      `${WELL_FORMED}&filters%5B__proto__%5D%5Bpage_size%5D=1`,
    ]) {
      const answer = await send(server().url, 'GET', path);
      expect(answer.status, answer.body).toBeLessThan(500);
    }
    await alive();
  });
});

describe('--sandbox: one key cannot reach another', () => {
  it("hostile writes under one key leave another key's state as it was", async () => {
    const sandbox = running.get('--sandbox')!;
    const add = async (key: string) => {
      const answer = await send(sandbox.url, 'POST', '/1.2/ssh/key/add.json', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.from(`apikey=${key}&client_id=293&label=w&content=ssh-ed25519%20AAAA%20w`),
      });
      return JSON.parse(answer.body).return.key_id as string;
    };
    const get = async (key: string, id: string) =>
      (await send(sandbox.url, 'GET', `/1.3/ssh/key/get.json?apikey=${key}&client_id=293&key_id=${id}`)).body;
    const first = await add('witness-key');
    const seen = await get('witness-key', first);
    const witness = async () =>
      `${await get('witness-key', first)}\n${await get('witness-key', String(Number(first) + 1))}`;
    const before = await witness();
    const hostileFirst = Number(await add('hostile-key'));
    let written = 0;
    await fc.assert(
      fc.asyncProperty(pairs, async (fields) => {
        const add = {
          target: '/1.2/ssh/key/add.json',
          method: 'POST',
          placement: 'urlencoded',
          withKey: true,
          pairs: [['label', 'x'], ['content', 'ssh-ed25519 AAAA x'], ...fields] as [string, string][],
        };
        const { method, path, headers, body } = await bytesOf(add, 'hostile-key');
        const answer = await send(sandbox.url, method, path, { headers, body });
        expect(answer.status).toBeLessThan(500);
        if (answer.status === 200 && JSON.parse(answer.body).status === true) written++;
      }),
      { numRuns: 60 },
    );
    // Every write the hostile key made took its next id, none the witness's.
    expect(Number(await add('hostile-key'))).toBe(hostileFirst + written + 1);
    expect(seen).toContain('"label":"w"');
    expect(await witness()).toBe(before);
    expect(await add('witness-key')).toBe(String(Number(first) + 1));
  });
});

describe('in process: Object.prototype stays clean', () => {
  const OWN = () =>
    [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((p) =>
      Object.getOwnPropertyNames(p).sort().join(),
    );
  it.each([
    ['the default mode', {}],
    ['--sandbox', { sandbox: true }],
    ['--dynamic', { dynamic: true }],
    ['--strict', { strict: true }],
  ] as const)('%s', async (_what, options) => {
    const mock = await startMock(options);
    const clean = OWN();
    try {
      await fc.assert(
        fc.asyncProperty(hostile, async (request) => {
          const { method, path, headers, body } = await bytesOf(request, 'key-a');
          await send(mock.url, method, path, { headers, body });
          expect(OWN()).toEqual(clean);
          expect(({} as Record<string, unknown>).code).toBeUndefined();
        }),
        { numRuns: 100 },
      );
      for (const path of [
        `${WELL_FORMED}&__proto__%5Bcode%5D=500`,
        `${WELL_FORMED}&constructor%5Bprototype%5D%5Bcode%5D=500`,
      ]) {
        await send(mock.url, 'GET', path);
        await send(mock.url, 'POST', '/1.2/ssh/key/add.json', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: Buffer.from(`apikey=k&__proto__[code]=500&__proto__[vs]=1`),
        });
        expect(OWN()).toEqual(clean);
      }
    } finally {
      await mock.close();
    }
  });
});
