// The docs server (`bin/serve.mjs`, as `pnpm --filter @hostapi/docs start` runs it) under bad
// input, as scanners and broken clients send it: Range headers of every shape (RFC 9110), other
// methods, and any path (code points, `%` escapes, NUL, `..`, `__proto__`); sent as raw bytes.
// The process never exits, never answers 5xx, never serves outside dist/, and a page asked
// for afterwards is served as before.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVE = fileURLToPath(new URL('../bin/serve.mjs', import.meta.url));
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const PAGE = readFileSync(`${DIST}index.html`);
const SIZE = statSync(`${DIST}index.html`).size;

let child: ChildProcess;
let port: number;
let output = '';

beforeAll(async () => {
  child = spawn(process.execPath, [SERVE, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const found = /hostapi docs on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code}): ${output}`)));
  });
});

afterAll(() => {
  child?.kill('SIGINT');
});

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends `head` (request line and headers, as given) and reads the whole answer (the connection closes). */
function raw(head: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const lines = all
        .subarray(0, end < 0 ? all.length : end)
        .toString('latin1')
        .split('\r\n');
      const headers = Object.fromEntries(
        lines
          .slice(1)
          .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({
        status: Number(lines[0]!.split(' ')[1]),
        headers,
        body: end < 0 ? Buffer.alloc(0) : all.subarray(end + 4),
      });
    });
    // Written, not ended: a client that half-closes gets its connection closed before the answer.
    socket.write(Buffer.from(`${head}Host: 127.0.0.1\r\nConnection: close\r\n\r\n`, 'latin1'));
  });
}
const get = (path: string, headers = '') => raw(`GET ${path} HTTP/1.1\r\n${headers}`);

async function servesAsBefore() {
  expect(child.exitCode, output).toBeNull();
  const page = await get('/');
  expect(page.status).toBe(200);
  expect(page.body.equals(PAGE)).toBe(true);
}

describe('Range (RFC 9110)', () => {
  it.each([
    ['bytes=0-0', 206, PAGE.subarray(0, 1), 'bytes 0-0/'],
    ['bytes=0-99', 206, PAGE.subarray(0, 100), 'bytes 0-99/'],
    ['bytes=-500', 206, PAGE.subarray(SIZE - 500), `bytes ${SIZE - 500}-${SIZE - 1}/`],
    [`bytes=${SIZE - 10}-`, 206, PAGE.subarray(SIZE - 10), `bytes ${SIZE - 10}-${SIZE - 1}/`],
    ['bytes=0-18446744073709551615', 206, PAGE, `bytes 0-${SIZE - 1}/`],
  ] as const)('%s → %i with exactly those bytes', async (range, status, bytes, contentRange) => {
    const answer = await get('/index.html', `Range: ${range}\r\n`);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-range']).toBe(`${contentRange}${SIZE}`);
    expect(answer.body.equals(bytes)).toBe(true);
  });

  it.each(['bytes=100-50', `bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`])(
    '%s (unsatisfiable) → 416, bytes */size',
    async (range) => {
      const answer = await get('/index.html', `Range: ${range}\r\n`);
      expect(answer.status).toBe(416);
      expect(answer.headers['content-range']).toBe(`bytes */${SIZE}`);
      await servesAsBefore();
    },
  );

  it.each(['bytes=abc', 'lines=0-5', 'bytes=', 'bytes=--1', 'bytes=0-5,,'])(
    '%s (malformed) is ignored: the whole file',
    async (range) => {
      const answer = await get('/index.html', `Range: ${range}\r\n`);
      expect(answer.status).toBe(200);
      expect(answer.body.equals(PAGE)).toBe(true);
    },
  );
});

describe('methods and headers', () => {
  it.each(['PUT', 'DELETE', 'TRACE', 'PATCH', 'POST', 'OPTIONS'])(
    '%s → 405, Allow: GET, HEAD, no file',
    async (method) => {
      const answer = await raw(`${method} /index.html HTTP/1.1\r\nContent-Length: 0\r\n`);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expect(answer.body.includes('<div id="redoc">')).toBe(false);
    },
  );

  it('HEAD → the headers of GET, no body', async () => {
    const answer = await raw('HEAD /index.html HTTP/1.1\r\n');
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBe(SIZE);
    expect(answer.body.length).toBe(0);
  });

  it('every answer says nosniff; files their type; a page asked again is 304', async () => {
    for (const path of ['/', '/index.html', '/openapi.json', '/nowhere', '/%zz'])
      expect((await get(path)).headers['x-content-type-options']).toBe('nosniff');
    const page = await get('/');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect((await get('/openapi.json')).headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/', `If-None-Match: ${page.headers.etag}\r\n`)).status).toBe(304);
  });
});

describe('paths', () => {
  it.each([
    '/../package.json',
    '/..%2fpackage.json',
    '/%2e%2e/%2e%2e/package.json',
    '/%00',
    '/index.html%00.js',
    '/%',
    '/%zz',
    '/__proto__',
    '/constructor/prototype',
    '/.env',
    `/${'a'.repeat(4000)}`,
  ])('%s → 4xx, nothing outside dist/', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.toString()).not.toContain('"name": "@hostapi/docs"');
    await servesAsBefore();
  });
});

it('any method, path and Range: never a 5xx, never an exit, then serves as before', async () => {
  const segment = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }).map((s) => encodeURIComponent(s).replace(/%25/g, '%')),
    fc.constantFrom(
      '..',
      '.',
      '__proto__',
      'constructor',
      'prototype',
      '%00',
      '%2e%2e',
      '%2f',
      '%',
      '%zz',
      '%C0%AF',
      'index.html',
      'openapi.json',
      '',
    ),
  );
  const path = fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join('/')}`);
  const range = fc.oneof(
    fc.constant(''),
    fc
      .tuple(fc.bigInt({ min: -10n, max: 2n ** 70n }), fc.bigInt({ min: -10n, max: 2n ** 70n }))
      .map(([a, b]) => `bytes=${a}-${b}`),
    fc
      .array(fc.tuple(fc.nat(5000), fc.nat(5000)), { minLength: 1, maxLength: 5 })
      .map((ranges) => `bytes=${ranges.map(([a, b]) => `${a}-${b}`).join(',')}`),
    fc.string({ unit: 'binary-ascii', maxLength: 20 }).map((s) => s.replace(/[\r\n]/g, '')),
  );
  const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'TRACE', 'OPTIONS', 'PATCH', 'PROPFIND');
  await fc.assert(
    fc.asyncProperty(method, path, range, async (m, p, r) => {
      const answer = await raw(
        `${m} ${p} ` +
          `HTTP/1.1\r\n${r ? `Range: ${r}\r\n` : ''}${m === 'GET' || m === 'HEAD' ? '' : 'Content-Length: 0\r\n'}`,
      );
      expect(answer.status, `${m} ${p} Range: ${r}`).toBeLessThan(500);
      expect(child.exitCode, output).toBeNull();
    }),
    { numRuns: 300 },
  );
  await servesAsBefore();
});
