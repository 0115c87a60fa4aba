// What the Retries section of docs/calls.md promises is what the client does: every row of its table,
// for a GET and for a create and a cancel, counted in requests sent to a real server. A POST
// goes out again only after the rate-limit answer, which the service gives before running a
// call (issue 19, item 13).
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createHostApiClient, HostApiError } from '../src/index.js';
import { json, ok, startCaptureServer, type CaptureServer, type Handler } from './support/capture-server.js';

const KEY = 'sk_live_retries_8d9e';
const RATE_LIMIT = 'You have exceeded the number of requests per second for this key. Please try again soon.';
const DOCS = ['../README.md', '../docs/calls.md'].map((page) => readFileSync(new URL(page, import.meta.url), 'utf8'));
const CALLS_PAGE = DOCS[1]!;
const RETRIES = section('Retries');

function section(heading: string): string {
  const start = CALLS_PAGE.indexOf(`\n## ${heading}\n`);
  expect(start).toBeGreaterThan(0);
  return CALLS_PAGE.slice(start, CALLS_PAGE.indexOf('\n## ', start + 1));
}

/** The table's rows: label → [GET retried?, POST retried?]. */
const TABLE = new Map(
  [...RETRIES.matchAll(/^\| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)]
    .filter((m) => !/^[\s-]*$/.test(m[1]!))
    .map((m) => [
      m[1]!.trim(),
      [m[2]!, m[3]!].map((cell) => (/^\s*retried\b/.test(cell) ? true : /\bnever\b/.test(cell) ? false : cell)),
    ]),
);

let server: CaptureServer;
let sent: number;
const platformFetch = globalThis.fetch;
beforeEach(async () => {
  server = await startCaptureServer();
  sent = 0;
  // Counted when sent: a request the client gave up on (timeout) may reach the server late.
  globalThis.fetch = (input, init) => {
    sent++;
    return platformFetch(input, init);
  };
});
afterEach(async () => {
  globalThis.fetch = platformFetch;
  await server.close();
});

const html =
  (status: number): Handler =>
  (_req, res) =>
    res.writeHead(status, { 'content-type': 'text/html' }).end('<h1>oops</h1>');
const refusedUrl = async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise((resolve) => closed.close(resolve));
  return `http://127.0.0.1:${port}`;
};

/** Each row's failures, as a server gives them. */
const SCENARIOS: Record<
  string,
  { name: string; answer?: Handler; baseUrl?: () => Promise<string>; timeoutMs?: number }[]
> = {
  "rate limit (HTTP 500 + the service's message)": [
    { name: 'msg alone', answer: json({ msg: RATE_LIMIT }, 500) },
    { name: 'status false', answer: json({ msg: RATE_LIMIT, status: false }, 500) },
  ],
  'other 5xx': [
    { name: '500 HTML', answer: html(500) },
    { name: '500 with another message', answer: json({ msg: 'Database unavailable.', status: false }, 500) },
    { name: '502', answer: html(502) },
    { name: '503 with Retry-After: 0', answer: (_req, res) => res.writeHead(503, { 'retry-after': '0' }).end() },
  ],
  'network failure, timeout': [
    { name: 'refused', baseUrl: refusedUrl },
    { name: 'reset before the answer', answer: (_req, res) => res.socket?.destroy() },
    {
      name: 'reset in the middle of the body',
      answer: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' }).write('{"return": [');
        setTimeout(() => res.socket?.destroy(), 5);
      },
    },
    { name: 'timeout', answer: () => {}, timeoutMs: 100 },
  ],
  '4xx, `status: false`': [
    { name: '400 msg', answer: json({ msg: 'Please specify a valid domain name.' }, 400) },
    { name: '404', answer: json({ type: 'about:blank', title: 'Not Found' }, 404) },
    { name: '429 with the rate-limit message', answer: json({ msg: RATE_LIMIT }, 429) },
    { name: '200 status false', answer: json({ msg: 'Client not found.', status: false }) },
  ],
};

const CALLS = {
  GET: (api: ReturnType<typeof createHostApiClient>) => api.servers.list({ client_id: 293 }),
  'POST create': (api: ReturnType<typeof createHostApiClient>) =>
    api.domains.create({ client_id: 293, domain: 'harbourtrading.com', term: 12, registrant_contact: 3310 }),
  'POST cancel': (api: ReturnType<typeof createHostApiClient>) =>
    api.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' }),
};
const MAX = 2;

it('the table has the rows this test drives', () => {
  expect([...TABLE.keys()]).toEqual(Object.keys(SCENARIOS));
  for (const cells of TABLE.values()) for (const cell of cells) expect(typeof cell, String(cell)).toBe('boolean');
});

it.each(
  Object.entries(SCENARIOS).flatMap(([row, scenarios]) =>
    scenarios.flatMap((s) => Object.keys(CALLS).map((call) => [row, s.name, call] as const)),
  ),
)('%s (%s), %s: sent as often as the table says', async (row, name, call) => {
  const scenario = SCENARIOS[row]!.find((s) => s.name === name)!;
  const retried = TABLE.get(row)![call === 'GET' ? 0 : 1];
  server.answer(scenario.answer ?? ok());
  const api = createHostApiClient({
    apiKey: KEY,
    baseUrl: scenario.baseUrl ? await scenario.baseUrl() : server.url,
    retries: { max: MAX, baseDelayMs: 1, maxDelayMs: 1000 },
    ...(scenario.timeoutMs ? { timeoutMs: scenario.timeoutMs } : {}),
  });
  const error = await CALLS[call as keyof typeof CALLS](api).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HostApiError);
  expect(sent).toBe(retried ? 1 + MAX : 1);
  if (!scenario.baseUrl && !scenario.timeoutMs) expect(server.requests).toHaveLength(sent);
});

it('where the README or the docs say a call is never sent twice, they name the exception: the rate limit', () => {
  const claims = DOCS.join('\n')
    .replace(/\n/g, ' ')
    .split(/(?<=\.)\s+/)
    .filter((sentence) => /sent twice/.test(sentence));
  expect(claims.length).toBeGreaterThan(0);
  for (const claim of claims)
    expect(claim).toMatch(/except after the rate-limit answer, which the service gives before running a call/);
});
