// The installed package in a browser: a page's script imports @hostapi/client, esbuild bundles
// it as a consumer's bundler would (from the installed package), and headless Chromium runs it.
// Both clients, created with `{ apiKey, baseUrl }` only, make a GET and a POST, against a server
// of the page's own origin (which hands the calls on to the mock) and against the mock on
// another origin (CORS).
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
const APP = `import { createHostApiClient, createPathClient } from '@hostapi/client';

const baseUrl = new URLSearchParams(location.search).get('api') ?? location.origin;
const apiKey = '${KEY}';

async function run() {
  const api = createHostApiClient({ apiKey, baseUrl });
  const paths = createPathClient({ apiKey, baseUrl });
  const ips = await api.dns.listIps({ client_id: 293 });
  const job = await api.domains.cancel({ client_id: 293, domain: 'oldbrand.co.nz' });
  const got = await paths.GET('/1.5/dns/list_ips.json', { params: { query: { client_id: 293 } } });
  const posted = await paths.POST('/1.0/srs/cancel_domain.json', { body: { client_id: 293, domain: 'oldbrand.co.nz' } });
  return {
    operationGet: Object.keys(ips),
    operationPost: job,
    pathGet: [got.response.status, Object.keys(got.data.return)],
    pathPost: [posted.response.status, posted.data.return],
  };
}
window.result = run().then((value) => ({ value }), (error) => ({ error: String(error && error.stack || error) }));
`;

const doc = readBundle();
const success = (id: string) => responseExamples(doc, operationsOf(doc).find(({ op }) => op.operationId === id)!.op, '200').success.return;
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
  body: string;
}

let browser: Awaited<ReturnType<typeof launchChromium>>;
let site: Server;
let siteUrl: string;
const seen: Seen[] = [];
let bundleText: string;

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
  });

beforeAll(async () => {
  writeFileSync(join(dir, 'browser-app.js'), APP);
  const bundled = await build({
    entryPoints: [join(dir, 'browser-app.js')], absWorkingDir: dir, bundle: true, platform: 'browser', format: 'esm', target: 'es2022',
    minify: true, write: false, logLevel: 'silent',
  });
  bundleText = bundled.outputFiles[0]!.text;
  // The page's site: the page, its bundle, and the API on the same origin, handed on to the mock.
  site = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://site');
    if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><title>app</title><script type="module" src="/app.js"></script>');
    if (url.pathname === '/app.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundleText);
    const sent = await body(req);
    seen.push({ method: req.method!, url: req.url!, origin: req.headers.origin, contentType: req.headers['content-type'], body: sent.toString() });
    const answer = await fetch(mockUrl + req.url, {
      method: req.method!,
      headers: req.headers['content-type'] ? { 'content-type': req.headers['content-type'] } : {},
      body: req.method === 'GET' ? null : new Uint8Array(sent),
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
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
      entryPoints: [join(dir, 'browser-app.js')], absWorkingDir: dir, bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs).filter((file) => file.includes('node_modules'));
    expect(inputs.some((file) => file.endsWith('node_modules/@hostapi/client/dist/index.js'))).toBe(true);
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
      'GET /1.5/dns/list_ips.json', 'POST /1.0/srs/cancel_domain.json', 'GET /1.5/dns/list_ips.json', 'POST /1.0/srs/cancel_domain.json',
    ]);
    expect(seen[0]!.url).toBe(`/1.5/dns/list_ips.json?apikey=${KEY}&client_id=293`);
    expect(seen[1]).toMatchObject({ contentType: 'application/x-www-form-urlencoded', body: `apikey=${KEY}&client_id=293&domain=oldbrand.co.nz` });
    expect(seen[3]!.body).toBe(seen[1]!.body);
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
