// The one Chromium launcher: a new context loads the page under test and nothing of Chromium's
// own (no chrome:// WebUI page, such as the omnibox popups, loading beside it); a watched page
// reaches localhost, and records and fails every request that would leave it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, watchedPage } from '../src/chromium.mjs';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('launchChromium', () => {
  it("opens new contexts without loading any of Chromium's own WebUI pages beside them", async () => {
    const cdp = await browser.newBrowserCDPSession();
    const created: string[] = [];
    cdp.on('Target.targetCreated', ({ targetInfo }) => created.push(`${targetInfo.type} ${targetInfo.url}`));
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('data:text/html,<h1>page</h1>');
      await page.locator('h1').waitFor();
      await context.close();
    }
    const { targetInfos } = await cdp.send('Target.getTargets');
    const all = [...created, ...targetInfos.map((t) => `${t.type} ${t.url}`)];
    expect(all.filter((target) => target.startsWith('page '))).not.toEqual([]);
    expect(all.filter((target) => /chrome:\/\/|^browser_ui /.test(target))).toEqual([]);
  });
});

describe('watchedPage', () => {
  it('reaches localhost; records and fails every request that goes to leave it, by name or address', async () => {
    const local = createServer((request, response) => {
      if (request.url === '/favicon.ico') return void response.writeHead(404).end(); // asked for by Chromium
      response
        .writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' })
        // An image its own Content-Security-Policy refuses: it never goes out.
        .end(
          `<meta http-equiv="Content-Security-Policy" content="img-src 'self'"><img src="https://cdn.example/i.svg">`,
        );
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const here = `http://127.0.0.1:${(local.address() as AddressInfo).port}/`;
    const { page, external, consoleErrors } = await watchedPage(browser);
    try {
      await page.goto(here);
      const away = ['http://example.com/a', 'https://api.hostapi.example/b', 'http://192.0.2.1/c'];
      const results = await page.evaluate(
        // no-cors: a request that went out would resolve (opaquely) wherever it went.
        (urls) =>
          Promise.all(
            urls.map((url) =>
              fetch(url, { mode: 'no-cors' }).then(
                (r) => `${r.status}`,
                (e) => String(e),
              ),
            ),
          ),
        [`${here}again`, ...away],
      );
      expect(results[0]).toBe('200');
      for (const result of results.slice(1)) expect(result).toMatch(/^TypeError: Failed to fetch/);
      expect(external).toEqual(away);
      // Failed by Chromium (the proxy nothing listens on), not by whatever network the machine has.
      expect(consoleErrors.filter((error) => error.includes('net::ERR_PROXY_CONNECTION_FAILED'))).toHaveLength(3);
      expect(consoleErrors.filter((error) => error.includes('https://cdn.example/i.svg'))).toHaveLength(1);
      expect(consoleErrors).toHaveLength(4); // and not the site's missing /favicon.ico
    } finally {
      await page.context().close();
      await new Promise((resolve) => local.close(resolve));
    }
  });
});
