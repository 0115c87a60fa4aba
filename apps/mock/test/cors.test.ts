// A browser app on another origin calls the mock: headless Chromium loads a page from one
// server and sends a GET and a POST with `Prefer` to the mock on another port, which needs a
// preflight for each. With --no-cors the browser refuses to read the answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchChromium, watchedPage } from '@hostapi/testing/chromium';
import { responseExamples } from '@hostapi/spec/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, spec, startCli, type RunningCli } from './helpers.js';

let page: Server;
let pageOrigin: string;
let browser: Browser;
let mock: RunningCli;
let closed: RunningCli;

beforeAll(async () => {
  page = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another origin</title><p>app</p>'),
  );
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  [mock, closed] = await Promise.all([startCli([]), startCli(['--no-cors'])]);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([mock?.stop(), closed?.stop()]);
  page?.close();
});

const example = (id: string, code: string, name: string) => responseExamples(spec, operation(id).op, code)[name];

/** In the page: a GET and a POST with Prefer, reading status, body and the exposed sl-violations. */
async function callFromPage(mockUrl: string) {
  const watched = await watchedPage(browser);
  await watched.page.goto(`${pageOrigin}/`);
  const results = await watched.page.evaluate(async (base) => {
    const read = async (response: Response) => ({
      status: response.status,
      body: await response.json(),
      violations: response.headers.get('sl-violations'),
    });
    const attempt = async (call: () => Promise<Response>) => {
      try {
        return await read(await call());
      } catch (error) {
        return { failed: String(error) };
      }
    };
    return {
      // A version segment the description does not list: served, with a departure to read.
      get: await attempt(() =>
        fetch(`${base}/1.5/server/list_servers.json?apikey=k&client_id=293`, {
          headers: { Prefer: 'example=clientNotFound' },
        }),
      ),
      post: await attempt(() =>
        fetch(`${base}/1.0/srs/cancel_domain.json`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Prefer: 'code=500, example=rateLimited' },
          body: 'apikey=k&client_id=293&domain=oldbrand.co.nz',
        }),
      ),
    };
  }, mockUrl);
  await watched.page.context().close();
  return { ...results, consoleErrors: watched.consoleErrors, external: watched.external };
}

describe('from a browser page on another origin', () => {
  it('a GET and a POST with Prefer are answered and readable, sl-violations included', async () => {
    const { get, post, consoleErrors, external } = await callFromPage(mock.url);
    expect(get).toEqual({
      status: 200,
      body: example('listServers', '200', 'clientNotFound'),
      violations: expect.stringContaining('"code":"versionSegment"'),
    });
    expect(post).toEqual({ status: 500, body: example('cancelDomain', '500', 'rateLimited'), violations: null });
    // Chromium logs every 5xx it loads; nothing else may go wrong (no CORS error).
    expect(consoleErrors.filter((e) => !e.includes('status of 500'))).toEqual([]);
    expect(external).toEqual([]);
  });

  it("reads, verifies and clears its key's journal (GET, POST, DELETE under /__mock/)", async () => {
    const watched = await watchedPage(browser);
    await watched.page.goto(`${pageOrigin}/`);
    const seen = await watched.page.evaluate(async (base) => {
      const key = 'page-key';
      await fetch(`${base}/1.3/ssh/key/get.json?apikey=${key}&client_id=293&key_id=42`);
      const journal = `${base}/__mock/journal?apikey=${key}`;
      const read = await (await fetch(`${journal}&operation=getSshKey&key_id=42`)).json();
      const verify = await fetch(`${base}/__mock/journal/verify?apikey=${key}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ operation: 'getSshKey', fields: { key_id: '42' }, times: 1 }),
      });
      const cleared = (await fetch(journal, { method: 'DELETE' })).status;
      const after = await (await fetch(journal)).json();
      return { read, verdict: await verify.json(), cleared, after: after.entries.length };
    }, mock.url);
    await watched.page.context().close();
    expect(seen.read.entries.map((e: { operation: string; fields: object }) => [e.operation, e.fields])).toEqual([
      ['getSshKey', { client_id: '293', key_id: '42' }],
    ]);
    expect(seen.verdict).toMatchObject({ verified: true, count: 1 });
    expect([seen.cleared, seen.after]).toEqual([204, 0]);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('with --no-cors the browser cannot read the answers', async () => {
    const { get, post, consoleErrors } = await callFromPage(closed.url);
    expect(get).toEqual({ failed: expect.stringContaining('Failed to fetch') });
    expect(post).toEqual({ failed: expect.stringContaining('Failed to fetch') });
    expect(consoleErrors.join('\n')).toMatch(/CORS policy/);
  });
});

describe('the preflight', () => {
  const preflight = (base: string) =>
    fetch(`${base}/1.0/srs/cancel_domain.json`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,prefer,x-trace-id',
      },
    });

  it('is answered 204, allowing the method and every header asked for', async () => {
    const response = await preflight(mock.url);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,prefer,x-trace-id');
    expect(await response.text()).toBe('');
  });

  it('every answer, refusals included, allows any origin and exposes sl-violations', async () => {
    for (const path of [
      '/1.3/server/list_servers.json?apikey=k&client_id=293',
      '/1.3/server/list_servers.json?client_id=293',
      '/nowhere',
    ]) {
      const response = await fetch(`${mock.url}${path}`, { headers: { Origin: 'https://app.example' } });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toContain('sl-violations');
    }
  });

  it('with --no-cors, no CORS header and OPTIONS is a method the API lacks', async () => {
    const response = await preflight(closed.url);
    expect(response.status).toBe(405);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
