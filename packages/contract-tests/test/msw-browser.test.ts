// @hostapi/mock/msw in a page: headless Chromium loads a page (served from this process) whose
// script, bundled by esbuild for the browser, starts MSW's service worker (the script
// `npx msw init` writes) with the mock's handlers and calls all 22 operations with
// @hostapi/client against the API's own origin. The worker answers every call: each resolves
// to its success example, and no request leaves the machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATIONS } from '@hostapi/client';
import { operationsOf, readBundle, responseExamples } from '@hostapi/spec/document';
import { exampleInput } from '@hostapi/spec/fields';
import { launchChromium, watchedPage } from '@hostapi/testing/chromium';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';

const API = 'https://api.hostapi.example';
const spec = readBundle();
const CALLS = operationsOf(spec).map(({ method, op }) => ({
  id: op.operationId as string,
  call: OPERATIONS[op.operationId as keyof typeof OPERATIONS].call,
  input: exampleInput(spec, op, method),
}));
/** What the client resolves to for the success example: `return`, or the envelope without `status`. */
const EXPECTED = Object.fromEntries(
  operationsOf(spec).map(({ op }) => {
    const { status: _ok, ...envelope } = responseExamples(spec, op, '200').success;
    return [op.operationId, 'return' in envelope ? envelope.return : envelope];
  }),
);

const APP = `import { setupWorker } from 'msw/browser';
import { handlers } from '@hostapi/mock/msw';
import { createHostApiClient } from '@hostapi/client';

async function run() {
  const worker = setupWorker(...handlers({ mode: 'examples' }));
  await worker.start({ quiet: true });
  const api = createHostApiClient({ apiKey: 'page-key', baseUrl: '${API}' });
  const results = {};
  for (const { id, call, input } of ${JSON.stringify(CALLS)}) {
    const [area, name] = call.split('.');
    results[id] = await api[area][name](input);
  }
  return results;
}
window.result = run().then((value) => ({ value }), (error) => ({ error: String((error && error.stack) || error) }));
`;

let dir: string;
let site: Server;
let siteUrl: string;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'msw-page-'));
  // The worker script as a user gets it.
  const msw = fileURLToPath(new URL('../node_modules/.bin/msw', import.meta.url));
  execFileSync(msw, ['init', dir, '--no-save'], { stdio: 'ignore' });
  const worker = readFileSync(join(dir, 'mockServiceWorker.js'));
  const { outputFiles } = await build({
    stdin: { contents: APP, resolveDir: fileURLToPath(new URL('.', import.meta.url)) },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const script = outputFiles[0]!.contents;
  site = createServer((req, res) => {
    if (req.url === '/')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><meta charset="utf-8"><title>app</title><script type="module" src="/app.js"></script>');
    if (req.url === '/app.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    if (req.url === '/mockServiceWorker.js')
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end(worker);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('answers all 22 operations in the page, through the service worker, as the mock does', async () => {
  const { page, external, consoleErrors } = await watchedPage(browser);
  await page.goto(siteUrl);
  const outcome = (await page.evaluate('window.result')) as { value?: Record<string, unknown>; error?: string };
  expect(outcome.error).toBeUndefined();
  expect(Object.keys(outcome.value!)).toHaveLength(22);
  expect(outcome.value).toEqual(EXPECTED);
  expect(external).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
