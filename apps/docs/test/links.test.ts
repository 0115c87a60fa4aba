// Every link of the sidebar (the introduction, its sections, each tag, each operation) is an
// address that survives being shared: opened cold in a new page, from a plain static file server
// (no fallback page), it shows what it names and highlights its own entry in the sidebar. The
// site also works opened from disk (file://).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchedPage } from '@hostapi/testing/chromium';
import { FILE_URL, headingPattern, operations, sectionNames, serveSite, spec, tags } from './support/site.js';

interface Link {
  /** The sidebar entry's label. */
  label: string;
  route: string;
  /** The heading the route shows at the top of the page. */
  heading: RegExp;
}

let site: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;
/** The sidebar's links, as the home page shows them (after Redoc ran), operations included. */
let shown: { label: string; href: string }[];

const expectedLinks: Link[] = [
  { label: spec.info.title, route: '#/', heading: new RegExp(`^${spec.info.title} \\(${spec.info.version.replace(/\./g, '\\.')}\\)$`) },
  ...sectionNames.map((name) => ({ label: name, route: '', heading: headingPattern(name) })),
  ...tags.map(({ name, route }) => ({ label: name, route, heading: headingPattern(name) })),
  ...operations.map((op) => ({ label: op.summary, route: op.route, heading: headingPattern(op.summary) })),
];

const menuLinks = (page: Page) =>
  page.$$eval('.menu-content a[href]:has([data-testid="menu-item-label"])', (nodes) =>
    nodes.map((n) => ({ label: n.querySelector('[data-text]')?.getAttribute('data-text') ?? '', href: n.getAttribute('href')! })));

beforeAll(async () => {
  site = await serveSite();
  browser = await launchChromium();
  const { page } = await watchedPage(browser);
  await page.goto(site.url);
  await page.locator('h1').first().waitFor();
  const found = new Map((await menuLinks(page)).map((link) => [link.href, link]));
  // Each tag's operations appear once the tag is opened.
  for (const tag of tags) {
    await page.locator(`.menu-content [data-text="${tag.name}"]`).click();
    for (const link of await menuLinks(page)) found.set(link.href, link);
  }
  shown = [...found.values()];
  await page.context().close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the sidebar', () => {
  it('links the introduction, its sections, every tag and every operation, each by a route of the page itself (#/...)', () => {
    expect(shown.map((link) => link.label).sort()).toEqual(expectedLinks.map((link) => link.label).sort());
    for (const link of shown) expect(link.href, link.label).toMatch(/^#\//);
    for (const link of expectedLinks.filter((l) => l.route)) {
      expect(shown.find((s) => s.label === link.label)?.href, link.label).toBe(link.route);
    }
  });
});

describe('every sidebar link, opened cold in a new page from a plain static server', () => {
  it.each(expectedLinks.map((link) => [link.label, link] as const))('%s', async (_label, link) => {
    const href = link.route || shown.find((s) => s.label === link.label)!.href;
    const watched = await watchedPage(browser);
    try {
      await opensAndHighlights(watched.page, new URL(href, site.url).href, link);
      expect(watched.consoleErrors).toEqual([]);
      expect(watched.external).toEqual([]);
    } finally {
      await watched.page.context().close();
    }
  });
});

describe('opened from disk (file://)', () => {
  const cases = [expectedLinks[0]!, expectedLinks.find((l) => l.label === 'Authentication')!, expectedLinks.at(-1)!];
  it.each(cases.map((link) => [link.label, link] as const))('%s', async (_label, link) => {
    const href = link.route || shown.find((s) => s.label === link.label)!.href;
    const watched = await watchedPage(browser);
    try {
      await opensAndHighlights(watched.page, `${FILE_URL}${href}`, link);
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await watched.page.context().close();
    }
  });
});

/** Opens `url`, expects the link's heading at the top of the page and its entry highlighted, and only it. */
async function opensAndHighlights(page: Page, url: string, link: Link) {
  const response = await page.goto(url);
  if (!url.startsWith('file:')) expect(response?.status()).toBe(200);
  const heading = page.locator('h1, h2').filter({ hasText: link.heading }).first();
  await heading.waitFor();
  await expect.poll(async () => (await heading.boundingBox())?.y ?? -1, { message: `${link.label} scrolled into view`, timeout: 10_000 }).toBeGreaterThanOrEqual(0);
  expect((await heading.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height / 2);
  expect(page.url()).toBe(url);
  const active = page.locator('.menu-content [data-testid="menu-item-label"][data-active="true"]');
  await expect.poll(() => active.count(), { timeout: 10_000 }).toBe(1);
  expect(await active.locator('[data-text]').first().getAttribute('data-text')).toBe(link.label);
  // Highlighted for the eye too, not only in an attribute.
  const background = (locator: typeof active) => locator.evaluate((node) => getComputedStyle(node).backgroundColor);
  const other = page.locator('.menu-content [data-testid="menu-item-label"][data-active="false"]').first();
  expect(await background(active)).not.toBe(await background(other));
}
