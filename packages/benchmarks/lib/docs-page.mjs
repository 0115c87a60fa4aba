// The built docs (apps/docs/dist) served from loopback and loaded in Debian's headless Chromium:
// how long until every operation of the spec is on the page, and what the page weighs.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { DIST, LIVE_PAGE, operationRoute } from '@hostapi/docs/build/site.ts';
import { operationsOf, readBundle } from '@hostapi/spec/document';
export { launchChromium } from '@hostapi/testing/chromium';

/**
 * Redoc CE 3 renders one operation per route (`#/<tag>/<operationid>`): each operation's deep
 * link, and the heading it shows (the summary).
 */
export const OPERATION_PAGES = operationsOf(readBundle()).map(({ op }) => ({
  hash: operationRoute(op.tags[0], op.operationId),
  heading: op.summary,
}));

/** Serves dist/ as apps/docs/bin/serve.mjs does; resolves to { url, close() }. */
export async function serveDocs() {
  if (!existsSync(`${DIST}index.html`)) throw new Error(`${DIST}index.html is missing: run \`pnpm build\` first.`);
  const server = createServer(sirv(DIST, { etag: true, single: false }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(done)) };
}

/** The window every docs load opens (a desktop's). */
export const VIEWPORT = { width: 1400, height: 1000 };

/**
 * Resolves, once every heading (`h1`, `h2`) of `headings` is on `page` and rendered (laid out, not
 * hidden), the first of them in the window (a reader sees it without scrolling), to the
 * milliseconds since the start of its navigation. Polled on every frame, in the page.
 */
export async function waitForHeadings(page, headings) {
  return (
    await page.waitForFunction(
      (wanted) => {
        const nodes = [...document.querySelectorAll('h1, h2')];
        const shown = (text) =>
          nodes.find(
            (node) =>
              node.textContent.trim() === text &&
              node.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
          );
        const first = shown(wanted[0]);
        const top = first?.getBoundingClientRect().top ?? -1;
        return top >= 0 && top < innerHeight && wanted.every(shown) && performance.now();
      },
      headings,
      { polling: 'raf', timeout: 60_000 },
    )
  ).jsonValue();
}

/**
 * Resolves, once Redoc's page is live (it has hydrated the page the build rendered, or rendered
 * it) with `heading` shown as waitForHeadings() requires, to the milliseconds since the start of
 * the navigation.
 */
export async function waitForLive(page, heading) {
  await page.waitForFunction((selector) => document.querySelector(selector), LIVE_PAGE, {
    polling: 'raf',
    timeout: 60_000,
  });
  return waitForHeadings(page, [heading]);
}

/**
 * One fresh load (new context: empty cache) of `url`. Resolves to the milliseconds from the start
 * of navigation until every heading of `headings` is on the page and rendered (laid out, not
 * hidden); with `weigh`, also the number and bytes of the responses (as served, and gzipped as a
 * static host would send them).
 */
export async function loadPage(browser, url, headings, { weigh = false } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const responses = [];
    if (weigh) context.on('response', (response) => responses.push(response.body().catch(() => Buffer.alloc(0))));
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    const readyMs = await waitForHeadings(page, headings);
    if (!weigh) return { readyMs };
    // Everything the page asks for: Redoc's script is requested once the page the build rendered
    // is shown (apps/docs/page/show.ts), and has run once Redoc's page is live.
    await page.waitForLoadState('load');
    await waitForLive(page, headings[0]);
    const bodies = await Promise.all(responses);
    return {
      readyMs,
      requests: bodies.length,
      bytes: bodies.reduce((sum, body) => sum + body.length, 0),
      gzipBytes: bodies.reduce((sum, body) => sum + gzipSync(body).length, 0),
    };
  } finally {
    await context.close();
  }
}
