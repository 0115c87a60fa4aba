// The API key never reaches a log line or an error: the mock with --verbose and the proxy are
// sent a distinctive key in every place a request can carry it (query, URL-encoded body,
// multipart body, the SDK's query-on-POST, refused requests), and all they print is scanned.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type RunningCli } from './helpers.js';

/** Characters that every encoding writes differently, and a fragment a partial leak would show. */
const KEY = 'hk_SECRET-4f9c2e7a&=+/ü';
const FRAGMENT = 'SECRET-4f9c2e7a';
const FORMS = [KEY, encodeURIComponent(KEY), new URLSearchParams({ k: KEY }).toString().slice(2), FRAGMENT];
const q = encodeURIComponent(KEY);

function multipart(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

/** Every way a request carries the key, valid or not. */
const REQUESTS: { what: string; path: string; init?: RequestInit }[] = [
  { what: 'GET, key in the query', path: `/1.3/server/list_servers.json?apikey=${q}&client_id=293` },
  { what: 'GET, refused (ill-typed field)', path: `/1.3/server/list_servers.json?apikey=${q}&client_id=abc` },
  {
    what: 'GET, key given twice with different values',
    path: `/1.3/server/list_servers.json?apikey=${q}&apikey=${q}x&client_id=293`,
  },
  {
    what: 'GET, malformed name beside the key',
    path: `/1.3/server/list_servers.json?apikey=${q}&client_id=293&filters[state=On`,
  },
  {
    what: 'GET, Prefer the mock cannot satisfy',
    path: `/1.3/server/list_servers.json?apikey=${q}&client_id=293`,
    init: { headers: { prefer: 'example=nope' } },
  },
  { what: 'GET, unknown path', path: `/1.3/server/nothing.json?apikey=${q}` },
  {
    what: 'POST, URL-encoded body',
    path: '/1.0/srs/cancel_domain.json',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `apikey=${q}&client_id=293&domain=oldbrand.co.nz`,
    },
  },
  {
    what: 'POST, URL-encoded body, refused',
    path: '/1.0/srs/cancel_domain.json',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `apikey=${q}&client_id=abc`,
    },
  },
  {
    what: 'POST, multipart body',
    path: '/1.0/srs/cancel_domain.json',
    init: {
      method: 'POST',
      body: multipart([
        ['apikey', KEY],
        ['client_id', '293'],
        ['domain', 'oldbrand.co.nz'],
      ]),
    },
  },
  {
    what: 'POST, multipart body, refused',
    path: '/1.0/srs/cancel_domain.json',
    init: {
      method: 'POST',
      body: multipart([
        ['apikey', KEY],
        ['client_id', 'abc'],
      ]),
    },
  },
  {
    what: 'POST, key in the query (the Go SDK)',
    path: `/1.5/srs/cancel_domain.json?apikey=${q}&client_id=293&`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'client_id=293&domain=oldbrand.co.nz',
    },
  },
  {
    what: 'POST, JSON body',
    path: '/1.0/srs/cancel_domain.json',
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apikey: KEY }) },
  },
];

let upstream: Server;
let mock: RunningCli;
let proxy: RunningCli;

beforeAll(async () => {
  // An upstream that answers every call with a success the description does not expect, so
  // that the proxy has violations to report too.
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"return":{"job_id":7},"msg":"ok","status":true}'),
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  [mock, proxy] = await Promise.all([
    startCli(['--verbose']),
    startCli(['proxy', '--upstream', `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`]),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([mock?.stop(), proxy?.stop()]);
  upstream?.close();
});

/**
 * Every spelling the mock's reader decodes as the key, each with a key of its own (so that a
 * leak names the spelling), and the log scanned for every one of them.
 */
const SPELLINGS: { what: string; key: string; path: (key: string) => string; init?: (key: string) => RequestInit }[] = [
  {
    what: 'a%70ikey in the query',
    key: 'hk_pspelled1',
    path: (k) => `/1.3/server/list_servers.json?a%70ikey=${k}&client_id=293`,
  },
  {
    what: 'the name all escaped',
    key: 'hk_escaped22',
    path: (k) => `/1.3/server/list_servers.json?%61%70%69%6b%65%79=${k}&client_id=293`,
  },
  {
    what: 'APIKEY in capitals',
    key: 'hk_capitals3',
    path: (k) => `/1.3/server/list_servers.json?APIKEY=${k}&client_id=293`,
  },
  {
    what: "a key holding '",
    key: "hk_quo'te4x",
    path: (k) => `/1.3/server/list_servers.json?apikey=${encodeURIComponent(k)}&client_id=293`,
  },
  { what: 'a short key', key: 'k5', path: (k) => `/1.3/server/list_servers.json?apikey=${k}&client_id=293` },
  {
    what: 'apikey[x] (a group, refused)',
    key: 'hk_bracket66',
    path: (k) => `/1.3/server/list_servers.json?apikey[x]=${k}&client_id=293`,
  },
  {
    what: 'the reset URL, its name escaped',
    key: 'hk_resetkey7',
    path: (k) => `/__sandbox/reset?a%70i%6Bey=${k}`,
    init: () => ({ method: 'POST' }),
  },
  {
    what: 'ap%69key in a URL-encoded body',
    key: 'hk_formname8',
    path: () => '/1.0/srs/cancel_domain.json',
    init: (k) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `ap%69key=${k}&client_id=293&domain=oldbrand.co.nz`,
    }),
  },
  {
    what: 'a JSON body longer than what is logged, the key at its end',
    key: 'hk_longjson9',
    path: () => '/1.0/srs/cancel_domain.json',
    init: (k) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"padding":"${'x'.repeat(1990)}","apikey":"${k}"}`,
    }),
  },
  {
    what: 'a JSON body cut mid-key',
    key: 'hk_cutjson10',
    path: () => '/1.0/srs/cancel_domain.json',
    init: (k) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"apikey":"${k}` }),
  },
  {
    what: 'a multipart part named apikey without quotes',
    key: 'hk_unquoted11',
    path: () => '/1.0/srs/cancel_domain.json',
    init: (k) => ({
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b0' },
      body:
        `--b0\r\nContent-Disposition: form-data; name=apikey\r\n\r\n${k}\r\n--b0\r\nContent-Disposition: ` +
        `form-data; name="client_id"\r\n\r\n293\r\n--b0--\r\n`,
    }),
  },
];

describe('every spelling the reader decodes as the key', () => {
  it.each([
    ['the mock with --verbose', ['--verbose']],
    ['the sandbox with --verbose', ['--sandbox', '--verbose']],
    ['the proxy', ['proxy']],
  ])('%s never logs it', async (_what, args) => {
    // The proxy forwards to a sandbox of its own (whose reset route it then reaches).
    const behind = args[0] === 'proxy' ? await startCli(['--sandbox']) : undefined;
    const running = await startCli(behind ? ['proxy', '--upstream', behind.url] : args);
    try {
      for (const { path, init, key } of SPELLINGS)
        await (await fetch(`${running.url}${path(key)}`, init?.(key))).text();
    } finally {
      expect(await running.stop()).toBe(0);
      await behind?.stop();
    }
    const output = running.output();
    expect(output.match(/^(GET|POST) \//gm)?.length).toBe(SPELLINGS.length);
    for (const { what, key } of SPELLINGS) {
      for (const form of new Set([key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)]))
        expect(output, `${what}: ${form}`).not.toContain(form);
    }
    // Masked where it was, not removed: the log still says what was sent.
    expect(output).toContain('?a%70ikey=[redacted]&client_id=293');
    expect(output).toContain('?%61%70%69%6b%65%79=[redacted]&client_id=293');
    expect(output).toContain('?apikey[x]=[redacted]&client_id=293');
    expect(output).toContain('body: "ap%69key=[redacted]&client_id=293&domain=oldbrand.co.nz"');
  });
});

describe.each([
  ['the mock with --verbose', () => mock],
  ['the proxy', () => proxy],
])('%s', (_name, running) => {
  it('logs every request, its body and what it breaks, with the key masked, and never the key', async () => {
    const bodies: string[] = [];
    for (const { path, init } of REQUESTS) {
      const response = await fetch(`${running().url}${path}`, init);
      bodies.push(`${[...response.headers].join('\n')}\n${await response.text()}`);
    }
    // Stopped, so that everything it had to say has been said.
    expect(await running().stop()).toBe(0);
    const output = running().output();

    // It did log the requests, bodies and keys (masked): the scan below is not of an empty log.
    expect(output.match(/^(GET|POST) \//gm)?.length).toBe(REQUESTS.length);
    expect(output).toContain(`/1.3/server/list_servers.json?apikey=[redacted]&client_id=293 → `);
    expect(output).toContain('body: "apikey=[redacted]&client_id=293&domain=oldbrand.co.nz"');
    expect(output).toMatch(/body: ".*name=\\"apikey\\"\\r\\n\\r\\n\[redacted\]\\r\\n/);
    expect(output).toContain('"{\\"apikey\\":\\"[redacted]\\"}"');
    expect(output).toContain('Violation: ');

    for (const form of FORMS) {
      expect(output).not.toContain(form);
      for (const body of bodies) expect(body).not.toContain(form);
    }
  });
});
