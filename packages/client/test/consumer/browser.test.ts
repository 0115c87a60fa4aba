// The installed package in a browser: a page's script imports @hostapi/client, esbuild bundles
// it as a consumer's bundler would (from the installed package), and headless Chromium runs it.
// Both clients, created with `{ apiKey, baseUrl }` only, make a GET and a POST, against a server
// of the page's own origin (which hands the calls on to the mock) and against the mock on
// another origin (CORS), with the browser's own User-Agent. And a redirect, which a browser hides
// from the page (an opaque redirect):
// a RedirectError, and the key never reaches the origin it points to.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, watchedPage } from '@hostapi/testing/chromium';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const { dir, mockUrl } = inject('consumer');
const KEY = 'browser-key-5e1f';

/** The page's own script, as an application would write it. */
const APP = `import { createHostApiClient } from '@hostapi/client';
import { createPathClient } from '@hostapi/client/paths';

const baseUrl = new URLSearchParams(location.search).get('api') ?? location.origin;
const apiKey = '${KEY}';

async function run() {
  const api = createHostApiClient({ apiKey, baseUrl });
  const paths = createPathClient({ apiKey, baseUrl });
  const ips = await api.dns.listIps({ client_id: 293 });
  const job = await api.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' });
  const got = await paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } });
  const posted = await paths.POST('/1.0/srs/cancel_domain.json', {
    body: { client_id: 293, domain: 'oldbrand.co.nz' },
  });
  return {
    operationGet: Object.keys(ips),
    operationPost: job,
    pathGet: [got.response.status, Object.keys(got.data.return)],
    pathPost: [posted.response.status, posted.data.return],
  };
}
window.result = run().then((value) => ({ value }), (error) => ({ error: String(error && error.stack || error) }));
`;

/** The same calls against an API that redirects every call to another origin. */
const REDIRECTED_APP = `import { createHostApiClient, RedirectError } from '@hostapi/client';
import { createPathClient } from '@hostapi/client/paths';

const baseUrl = location.origin + '/moved';
const apiKey = '${KEY}';
const api = createHostApiClient({ apiKey, baseUrl });
const paths = createPathClient({ apiKey, baseUrl });
const calls = [
  () => api.dns.listIps({ client_id: 293 }),
  () => api.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' }),
  () => paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } }),
  () => paths.POST('/1.0/srs/cancel_domain.json', { body: { client_id: 293, domain: 'oldbrand.co.nz' } }),
];
async function run() {
  const outcomes = [];
  for (const call of calls) {
    outcomes.push(await call().then(
      () => 'resolved',
      (error) => ({
        name: error.name,
        typed: error instanceof RedirectError,
        kind: error.kind,
        status: error.status ?? null,
        targetOrigin: error.targetOrigin ?? null,
        message: error.message,
      }),
    ));
  }
  return outcomes;
}
window.result = run().then((value) => ({ value }), (error) => ({ error: String(error && error.stack || error) }));
`;

const doc = readBundle();
const success = (id: string) =>
  responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === id)!.op, '200').success.return;
const EXPECTED = {
  operationGet: Object.keys(success('listIps')),
  operationPost: success('cancelDomain'),
  pathGet: [200, Object.keys(success('listIps'))],
  pathPost: [200, success('cancelDomain')],
};

interface Seen {
  method: string;
  url: string;
  origin: string | undefined;
  contentType: string | undefined;
  userAgent: string | undefined;
  body: string;
}

let browser: Awaited<ReturnType<typeof launchChromium>>;
let site: Server;
let siteUrl: string;
const seen: Seen[] = [];
let bundleText: string;
let redirectedBundleText: string;
/** Another origin, which answers every call (CORS allowed), and what reached it. */
let elsewhere: Server;
let elsewhereUrl: string;
const elsewhereSeen: string[] = [];

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
  });

beforeAll(async () => {
  writeFileSync(join(dir, 'browser-app.js'), APP);
  const bundled = await build({
    entryPoints: [join(dir, 'browser-app.js')],
    absWorkingDir: dir,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  bundleText = bundled.outputFiles[0]!.text;
  writeFileSync(join(dir, 'browser-redirected-app.js'), REDIRECTED_APP);
  redirectedBundleText = (
    await build({
      entryPoints: [join(dir, 'browser-redirected-app.js')],
      absWorkingDir: dir,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles[0]!.text;
  elsewhere = createServer(async (req, res) => {
    const sent = await body(req);
    if (req.method !== 'OPTIONS') elsewhereSeen.push(`${req.method} ${req.url} ${sent}`);
    res
      .writeHead(200, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET, POST',
        'content-type': 'application/json',
      })
      .end(JSON.stringify({ return: { job_id: '1' }, msg: 'Successful', status: true }));
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  // The page's site: the page, its bundle, and the API on the same origin, handed on to the mock.
  site = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://site');
    if (url.pathname === '/')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><meta charset="utf-8"><title>app</title><script type="module" src="/app.js"></script>');
    if (url.pathname === '/app.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundleText);
    if (url.pathname === '/redirected')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><meta charset="utf-8"><title>app</title>' +
            '<script type="module" src="/redirected-app.js"></script>',
        );
    if (url.pathname === '/redirected-app.js')
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end(redirectedBundleText);
    // The API moved elsewhere: the same path and query (the key in it), a POST's form kept (307).
    if (url.pathname.startsWith('/moved/')) {
      await body(req);
      return res
        .writeHead(req.method === 'GET' ? 302 : 307, { location: elsewhereUrl + req.url!.slice('/moved'.length) })
        .end();
    }
    // Chromium asks for /favicon.ico on its own: no request of the page's.
    if (url.pathname === '/favicon.ico') return res.writeHead(404).end();
    const sent = await body(req);
    seen.push({
      method: req.method!,
      url: req.url!,
      origin: req.headers.origin,
      contentType: req.headers['content-type'],
      userAgent: req.headers['user-agent'],
      body: sent.toString(),
    });
    const answer = await fetch(mockUrl + req.url, {
      method: req.method!,
      headers: req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {},
      body: req.method === 'GET' ? null : new Uint8Array(sent),
    });
    res
      .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      .end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  for (const server of [site, elsewhere]) if (server) await new Promise((resolve) => server.close(resolve));
});

/** Loads the page (with `?api=` when the API is elsewhere) and returns what its script got. */
async function runPage(query: string) {
  const { page, consoleErrors, external } = await watchedPage(browser);
  try {
    await page.goto(`${siteUrl}/${query}`);
    const result = await page.evaluate(() => (window as unknown as { result: Promise<unknown> }).result);
    return { result, consoleErrors, external };
  } finally {
    await page.context().close();
  }
}

describe('bundled with esbuild from the installed package', () => {
  it('takes the ESM build and openapi-fetch, and nothing of Node', async () => {
    const { metafile } = await build({
      entryPoints: [join(dir, 'browser-app.js')],
      absWorkingDir: dir,
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs).filter((file) => file.includes('node_modules'));
    expect(inputs.some((file) => file.endsWith('node_modules/@hostapi/client/dist/index.js'))).toBe(true);
    expect(inputs.some((file) => file.endsWith('node_modules/@hostapi/client/dist/paths.js'))).toBe(true);
    expect(inputs.some((file) => /node_modules\/openapi-fetch\/dist\/index\.mjs$/.test(file))).toBe(true);
    expect(inputs.every((file) => /node_modules\/(@hostapi\/client|openapi-fetch)\//.test(file))).toBe(true);
    expect(bundleText.length).toBeGreaterThan(5_000);
  });
});

describe('in headless Chromium, both clients with { apiKey, baseUrl } only', () => {
  it("against the page's own origin: a GET and a POST with each", async () => {
    seen.length = 0;
    const { result, consoleErrors, external } = await runPage('');
    expect(result).toEqual({ value: EXPECTED });
    expect(consoleErrors).toEqual([]);
    expect(external).toEqual([]);
    // What the browser sent: the key first, the POST as a form.
    expect(seen.map((s) => `${s.method} ${s.url.split('?')[0]}`)).toEqual([
      'GET /1.5/dns/list_ips.json',
      'POST /1.0/srs/cancel_domain.json',
      'GET /1.5/dns/list_ips.json',
      'POST /1.0/srs/cancel_domain.json',
    ]);
    expect(seen[0]!.url).toBe(`/1.5/dns/list_ips.json?apikey=${KEY}&client_id=293`);
    expect(seen[1]).toMatchObject({
      contentType: 'application/x-www-form-urlencoded',
      body: `apikey=${KEY}&client_id=293&domain=oldbrand.co.nz`,
    });
    expect(seen[3]!.body).toBe(seen[1]!.body);
    // The browser's User-Agent: a page may not set its own.
    for (const { userAgent } of seen) expect(userAgent).toMatch(/Chrome\//);
  }, 60_000);

  it('against the mock on another origin (CORS): a GET and a POST with each', async () => {
    expect(new URL(mockUrl).origin).not.toBe(new URL(siteUrl).origin);
    seen.length = 0;
    const { result, consoleErrors, external } = await runPage(`?api=${encodeURIComponent(mockUrl)}`);
    expect(result).toEqual({ value: EXPECTED });
    expect(consoleErrors).toEqual([]);
    expect(external).toEqual([]);
    expect(seen).toEqual([]); // straight to the mock, not through the page's site
  }, 60_000);
});

describe('in headless Chromium, a redirect', () => {
  it('is not followed: a RedirectError for each GET and POST; nothing reaches the other origin', async () => {
    const { result, external } = await runPage('redirected');
    expect(elsewhereSeen).toEqual([]);
    // The browser hides the redirect's status and target from the page (an opaque redirect).
    const hidden = (operation: string) => ({
      name: 'RedirectError',
      typed: true,
      kind: 'redirect',
      status: 0,
      targetOrigin: '',
      message: `${operation}: redirected, not followed`,
    });
    expect(result).toEqual({
      value: [hidden('listIps'), hidden('cancelDomain'), hidden('listIps'), hidden('cancelDomain')],
    });
    expect(external).toEqual([]);
  }, 60_000);
});
