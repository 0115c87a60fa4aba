// The built site's introduction, opened in headless Chromium from a plain static server (no
// fallback page) with the network otherwise blocked: its sections, the servers, how to start the
// mock, the description to download, an icon, what a reader's first hour found. Search:
// docs-search.test.ts; the sidebar, cold links (axe-core on the introduction's and the
// changelog's), disk and framing: docs-navigation.test.ts; each operation's own page:
// operations.test.ts. Screenshots go to test-results/.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSite, readSiteDescription } from '../build/site.ts';
import { expectWhole, midWordBreaks, PHONE, renderedLines, RESULTS } from './support/layout.js';
import { titleLink } from './support/links.js';
import { docsPage, openLive, spec } from './support/site.js';

import { siteAndHome, MOCK_README } from './support/home.js';

const running = siteAndHome();

describe('the introduction', () => {
  it('explains authentication, the envelope, failures, versions, pagination and the mock', async () => {
    const headings = await running.home.page.$$eval('h1, h2', (nodes) => nodes.map((n) => n.textContent?.trim()));
    for (const heading of [
      'Authentication',
      'The envelope',
      'Failures',
      'Versions per operation',
      'Pagination',
      'Try it against the mock',
    ]) {
      expect(headings).toContain(heading);
    }
    await running.home.page.screenshot({ path: `${RESULTS}docs-introduction.png` });
  });

  it("tells how to start the mock from anywhere (npx hostapi-mock) and links the mock's README", async () => {
    const section = running.home.page.locator('[data-section-id="/section/try-it-against-the-mock"]');
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain('npx hostapi-mock');
    expect(text).toContain('http://127.0.0.1:4010');
    const readme = section.getByRole('link', { name: /README/ });
    expect(await readme.getAttribute('href')).toBe(MOCK_README);
  });

  it('shows the servers in plain text, every address in full', async () => {
    const { page } = running.home;
    for (const server of spec.servers as { url: string; description: string }[]) {
      const description = page.getByText(server.description, { exact: true });
      await description.waitFor();
      expect(await description.innerText()).not.toContain('`');
      const addresses = page.getByText(server.url, { exact: true }).filter({ visible: true });
      expect(await addresses.count()).toBeGreaterThan(0);
      for (const address of await addresses.all()) await expectWhole(page, address);
    }
    await page.screenshot({ path: `${RESULTS}overview.png` });
  });

  it('offers the OpenAPI description for download, as JSON and YAML, served beside the page', async () => {
    const { page } = running.home;
    const title = page.getByText('Download OpenAPI description', { exact: true });
    await title.waitFor();
    // The innermost block that holds that title and the links.
    const box = page
      .locator('div')
      .filter({ has: title })
      .filter({ has: page.locator('a[download]') })
      .last();
    const links = box.locator('a[download]');
    const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => (node as HTMLAnchorElement).href));
    expect(new Set(hrefs.map((href) => new URL(href).pathname))).toEqual(new Set(['/openapi.json', '/openapi.yaml']));
    for (const [name, path] of [
      ['JSON', '/openapi.json'],
      ['YAML', '/openapi.yaml'],
    ] as const) {
      const link = box.getByRole('link', { name, exact: true });
      expect(await link.isVisible(), name).toBe(true);
      expect(new URL((await link.getAttribute('href'))!, running.site.url).pathname, name).toBe(path);
    }
    for (const href of new Set(hrefs)) {
      const response = await fetch(href);
      expect(response.status, href).toBe(200);
      const text = await response.text();
      if (href.endsWith('.json')) expect(JSON.parse(text).info.title).toBe(spec.info.title);
      else expect(text).toContain('openapi: 3.1.0');
    }
  });

  it('has an icon: an SVG linked from the page and served, and nothing the page asked for answered 404', async () => {
    const icon = await running.home.page.$eval('link[rel="icon"]', (node) => ({
      href: (node as HTMLLinkElement).href,
      type: node.getAttribute('type'),
    }));
    expect(icon.type).toBe('image/svg+xml');
    const response = await fetch(icon.href);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg[\s>]/);
    expect(running.responses.filter((r) => r.status() >= 400).map((r) => `${r.status()} ${r.url()}`)).toEqual([]);
  });

  it('logged no console error, requested nothing outside localhost, and the site shows no API key', () => {
    expect(running.home.consoleErrors).toEqual([]);
    expect(running.home.external).toEqual([]);
    // A key would follow `apikey=`: the changelog quotes `apikey=…` with none.
    expect(new Set(readSite().match(/apikey=[A-Za-z0-9_%-]+/g))).toEqual(new Set(['apikey=YOUR_API_KEY']));
  });

  it("at a phone's width (390 px), breaks the title only between words", async () => {
    const { page } = await docsPage(running.browser, { viewport: PHONE });
    try {
      await openLive(page, running.site.url);
      const title = page.locator('h1').first();
      await title.waitFor({ timeout: 60_000 });
      expect(await title.innerText()).toMatch(titleLink.heading);
      expect(midWordBreaks(await renderedLines(title))).toEqual([]);
      await page.screenshot({ path: `${RESULTS}phone-introduction.png` });
    } finally {
      await page.context().close();
    }
  });
});

describe("what the reader's first hour found", () => {
  it("shows one version, the description's, in the title and heading; the docs package's is the spec's", async () => {
    const version = spec.info.version as string;
    expect(await running.home.page.title()).toBe(`${spec.info.title} (${version})`);
    expect(await running.home.page.locator('h1').first().innerText()).toMatch(titleLink.heading);
    const packageOf = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')).version;
    expect(packageOf('../package.json')).toBe(packageOf('../../../spec/package.json'));
  });

  it('labels the contact for what it is: a Contact section linking it by name, no "URL" row', async () => {
    const { name, url } = spec.info.contact as { name: string; url: string };
    const section = running.home.page.locator('[data-section-id="/section/contact"]');
    await section.waitFor();
    expect(await section.locator('h2').innerText()).toBe('Contact');
    expect(await section.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(url);
    expect(await running.home.page.getByText('URL', { exact: true }).count()).toBe(0);
  });

  it('says once, in the introduction, how the curl samples reach the mock ($BASE_URL), not on every operation', () => {
    const shown = readSiteDescription();
    expect(shown.info.description).toContain('export BASE_URL=http://127.0.0.1:4010');
    const operations = Object.values(shown.paths as Record<string, Record<string, { description: string }>>).flatMap(
      (item) => Object.values(item),
    );
    expect(operations.filter((op) => op.description.includes('BASE_URL'))).toEqual([]);
  });

  it('opens the first hit of a search on Enter', async () => {
    const watched = await docsPage(running.browser);
    try {
      const { page } = watched;
      await openLive(page, running.site.url);
      await page.locator('[data-testid="search-trigger"]').click();
      await page.keyboard.type('ssh key');
      const first = page.locator('[data-testid="search-dialog"] a[data-component-name="Search/SearchItem"]').first();
      await first.waitFor();
      const href = await first.getAttribute('href');
      expect(href).toMatch(/^#\/ssh-keys/);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).hash, { timeout: 30_000 }).toBe(href);
      await expect.poll(() => page.locator('[data-testid="search-dialog"]').count(), { timeout: 30_000 }).toBe(0);
      expect(watched.consoleErrors).toEqual([]);
    } finally {
      await watched.page.context().close();
    }
  });
});
