import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, type TestContext } from 'vitest';
import { LIVE_PAGE, pageFile, tagRoute } from '../build/site.ts';
import { DESKTOP, RESULTS } from './support/layout.js';
import {
  expectedLinks,
  expectOpensAndHighlights,
  menuLinks,
  operationLinks,
  sectionLinks,
  tagLinks,
  titleLink,
  type Link,
} from './support/links.js';
import { docsPage, FILE_URL, headingPattern, openLive, operations, tags } from './support/site.js';
import { serve } from './support/serve.js';

import { siteAndHome } from './support/home.js';
import { expectAccessibleInBoth, seriousFindings } from './support/a11y.js';

const running = siteAndHome();

describe('the sidebar', () => {
  it('links the introduction, its sections, every tag and operation, each by a route of the page (#/...)', async () => {
    const { page } = running.home;
    const found = new Map(running.shown.map((link) => [link.href, link]));
    // Each tag's operations appear once the tag is opened (a render later: on a loaded machine,
    // not yet when the click returns), so the links are read until they are there.
    for (const tag of tags) {
      await page.locator(`.menu-content [data-text="${tag.name}"]`).click();
      const summaries = operations.filter((op) => op.tag === tag.name).map((op) => op.summary);
      await expect
        .poll(
          async () => {
            const links = await menuLinks(page);
            for (const link of links) found.set(link.href, link);
            return summaries.filter((summary) => !links.some((link) => link.label === summary));
          },
          { message: `${tag.name}'s operations in the sidebar`, timeout: 60_000 },
        )
        .toEqual([]);
    }
    const all = [...found.values()];
    expect(all.map((link) => link.label).sort()).toEqual(expectedLinks.map((link) => link.label).sort());
    for (const link of all) expect(link.href, link.label).toMatch(/^#\//);
    for (const link of expectedLinks.filter((l) => l.route)) {
      expect(all.find((s) => s.label === link.label)?.href, link.label).toBe(link.route);
    }
  });
});

// Operations' links: opened cold by test/operations.test.ts, which checks the rest of their page on the same load.
// The introduction and the changelog, as their links open them, are checked by axe-core too (as
// each operation's page is by operations.test.ts): no serious finding in light, nor reloaded in
// dark, and nothing logged or leaving the machine on that reload either.
describe('every other sidebar link, opened cold in a new page from a plain static server', () => {
  const scanned = new Set([titleLink.route, tagRoute('Changelog')]);
  it.concurrent.for([titleLink, ...sectionLinks, ...tagLinks].map((link): [string, Link] => [link.label, link]))(
    '%s',
    { timeout: 120_000 },
    async ([, link]: [string, Link], { expect }: TestContext) => {
      const watched = await docsPage(running.browser, { viewport: DESKTOP });
      try {
        const url = new URL(running.hrefOf(link), running.site.url).href;
        await watched.page.emulateMedia({ colorScheme: 'light' });
        await expectOpensAndHighlights(expect, watched.page, url, link, await openLive(watched.page, url));
        expect(watched.consoleErrors).toEqual([]);
        expect(watched.external).toEqual([]);
        if (!scanned.has(link.route)) return;
        await expectAccessibleInBoth(expect, watched.page);
        expect(watched.consoleErrors).toEqual([]);
        expect(watched.external).toEqual([]);
      } finally {
        await watched.page.context().close();
      }
    },
  );

  it('axe-core, as these tests run it, reports what is serious or critical: faint text, an unnamed image', async () => {
    const { page } = await docsPage(running.browser, { viewport: DESKTOP });
    try {
      await page.setContent(
        '<!DOCTYPE html><html lang="en"><title>t</title><main><p style="color:#bbb;background:#fff">faint</p>' +
          '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></html>',
      );
      const findings = await seriousFindings(page);
      expect(findings.map((finding) => [finding.rule, finding.impact])).toEqual([
        ['color-contrast', 'serious'],
        ['image-alt', 'critical'],
      ]);
      expect(findings[0]!.where).toEqual([expect.stringMatching(/^p: .*contrast/s)]);
    } finally {
      await page.context().close();
    }
  });
});

describe('opened from disk (file://)', () => {
  const cases = [titleLink, sectionLinks.find((l) => l.label === 'Authentication')!, operationLinks.at(-1)!];
  it.concurrent.for(cases.map((link): [string, Link] => [link.label, link]))(
    '%s',
    { timeout: 120_000 },
    async ([, link]: [string, Link], { expect }: TestContext) => {
      const watched = await docsPage(running.browser);
      try {
        const url = `${FILE_URL}${running.hrefOf(link)}`;
        await expectOpensAndHighlights(expect, watched.page, url, link, await openLive(watched.page, url));
        expect(watched.consoleErrors).toEqual([]);
      } finally {
        await watched.page.context().close();
      }
    },
  );
});

// A deep link shows the page the build rendered for its route (build/render.ts) while Redoc's
// script (2.3 MB) is still on its way, then Redoc hydrates that very page. Redoc's script is held
// back here until the rendered page has been checked, so that both are seen.
describe("an operation's deep link, before Redoc has run", () => {
  it('shows the page the build rendered (heading, sidebar entry highlighted); Redoc then takes it over', async () => {
    const link = operationLinks.find((l) => l.route.endsWith('/updatedomaincontact'))!;
    const watched = await docsPage(running.browser, { viewport: DESKTOP });
    const { page } = watched;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/redoc-[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      const url = `${running.site.url}${link.route}`;
      const response = await page.goto(url, { waitUntil: 'commit' });
      const shown = page.locator('#redoc[aria-busy="true"]');
      await shown.locator('h1, h2').filter({ hasText: link.heading }).first().waitFor();
      await expectOpensAndHighlights(expect, page, url, link, response);
      const heading = await page.locator('h1, h2').filter({ hasText: link.heading }).first().elementHandle();
      await page.screenshot({ path: `${RESULTS}docs-operation-rendered.png` });

      release();
      await page.locator(LIVE_PAGE).waitFor({ state: 'attached' });
      expect(await page.locator('#redoc').count()).toBe(1);
      expect(await page.locator('#redoc[aria-busy]').count()).toBe(0);
      // Hydrated: the heading shown before is the one Redoc now runs, not a copy put in its place.
      expect(await heading!.evaluate((node) => node.isConnected)).toBe(true);
      await expectOpensAndHighlights(expect, page, url, link, response);
      expect(watched.consoleErrors).toEqual([]);
      expect(watched.external).toEqual([]);
    } finally {
      release();
      await page.context().close();
    }
  }, 120_000);

  it('every route the build renders has its page, served, showing its heading', async () => {
    const pages = [
      { route: '/', heading: titleLink.heading },
      ...operations.map((op) => ({ route: op.route.slice(1), heading: headingPattern(op.summary) })),
    ];
    for (const { route, heading } of pages) {
      const saved = await fetch(`${running.site.url}${pageFile(route)}`);
      expect(saved.status, route).toBe(200);
      const headings = [...(await saved.text()).matchAll(/<h[12][^>]*>(.*?)<\/h[12]>/g)].map((match) =>
        match[1]!.replace(/<[^>]*>/g, '').replace(/<!-- -->/g, ''),
      );
      expect(
        headings.some((text) => heading.test(text)),
        `${route}: ${headings.join(', ')}`,
      ).toBe(true);
    }
  });
});

describe('framed by a page of another site', () => {
  /** A page on an origin of its own (another port) that frames the address in its `src` parameter. */
  async function framingSite() {
    const server = createServer((request, response) => {
      const src = new URL(request.url!, 'http://host').searchParams.get('src') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!DOCTYPE html><title>Another site</title><iframe src="${src.replace(/"/g, '&quot;')}"></iframe>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      framing: (src: string) =>
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/?src=${encodeURIComponent(src)}`,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it("is refused by the docs' server; framed from a host that allows it, the page shows no console", async () => {
    const link = operationLinks.find((l) => l.route.endsWith('/listservers'))!;
    const docs = await serve(['--port', '0']);
    const other = await framingSite();
    const watched = await docsPage(running.browser);
    const { page } = watched;
    try {
      // bin/serve.mjs (and the container): Chromium refuses to show the page in the frame. (The
      // framing page's load waits for its frame's.)
      const logged: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      await page.goto(other.framing(`${docs.url}/${link.route}`));
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      expect(await frame.locator('#redoc').count()).toBe(0);
      await expect
        .poll(() => logged.some((text) => text.includes("frame-ancestors 'none'")), { timeout: 30_000 })
        .toBe(true);

      // A host that sends neither header (a plain static server, as GitHub Pages is): the page shows,
      // but the console, which mounts nothing framed by another site, offers no Send to click.
      await page.goto(other.framing(`${running.site.url}${link.route}`));
      const framed = page.frames().find((f) => f !== page.mainFrame())!;
      await framed.locator('h1, h2').filter({ hasText: link.heading }).first().waitFor();
      await framed.waitForLoadState('load'); // the console's script (deferred) has run
      expect(await framed.locator('#hostapi-console').count()).toBe(0);
      expect(await framed.getByRole('button', { name: /Try it/ }).count()).toBe(0);
      expect(watched.external).toEqual([]);
    } finally {
      await page.context().close();
      docs.stop();
      await other.close();
    }
  }, 120_000);
});
