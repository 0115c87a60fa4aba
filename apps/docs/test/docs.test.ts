// The built site, opened in headless Chromium from a plain static server (no fallback page) with
// the network otherwise blocked: the introduction (its sections, the servers, how to start the
// mock, the description to download, an icon), the sidebar and every link of it that is not an
// operation (the introduction, its sections, each tag) opened cold in a new page, and the site
// opened from disk (file://). Each operation's own page: test/operations.test.ts. Screenshots go
// to test-results/.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { launchChromium, type Watched } from '@hostapi/testing/chromium';
import { LIVE_PAGE, pageFile, readSite, readSiteDescription } from '../build/site.ts';
import { DESKTOP, expectWhole, midWordBreaks, PHONE, renderedLines, RESULTS } from './support/layout.js';
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
import { type Node, operationsOf } from '@hostapi/spec/document';
import { docsDescription } from '../build/description.ts';
import { tagRoute } from '../build/site.ts';
import {
  deref,
  docsPage,
  FILE_URL,
  headingPattern,
  openLive,
  operations,
  serveSite,
  spec,
  tags,
} from './support/site.js';
import { serve } from './support/serve.js';

/** The mock's README, where the docs send a reader to start the mock (build/mock.ts). */
const MOCK_PACKAGE = JSON.parse(readFileSync(new URL('../../mock/package.json', import.meta.url), 'utf8'));
const MOCK_README = `${MOCK_PACKAGE.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/blob/HEAD/${
  MOCK_PACKAGE.repository.directory
}/README.md`;

let site: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;
/** The introduction, as the site's address opens it. */
let home: Watched;
/** What the site answered while the introduction loaded. */
const responses: Response[] = [];
/** The sidebar's links as the introduction shows them (operations are added once their tag is opened). */
let shown: { label: string; href: string }[];

beforeAll(async () => {
  site = await serveSite();
  browser = await launchChromium();
  mkdirSync(RESULTS, { recursive: true });
  home = await docsPage(browser, { viewport: DESKTOP });
  home.page.on('response', (response) => responses.push(response));
  await home.page.goto(site.url, { waitUntil: 'load' });
  await home.page.locator('h1').first().waitFor();
  shown = await menuLinks(home.page);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** The route of a link: its own, or (for a section of the introduction) the one the sidebar shows. */
const hrefOf = (link: Link) => link.route || shown.find((s) => s.label === link.label)!.href;

describe('the introduction', () => {
  it('explains authentication, the envelope, failures, versions, pagination and the mock', async () => {
    const headings = await home.page.$$eval('h1, h2', (nodes) => nodes.map((n) => n.textContent?.trim()));
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
    await home.page.screenshot({ path: `${RESULTS}docs-introduction.png` });
  });

  it("tells how to start the mock from anywhere (npx hostapi-mock) and links the mock's README", async () => {
    const section = home.page.locator('[data-section-id="/section/try-it-against-the-mock"]');
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain('npx hostapi-mock');
    expect(text).toContain('http://127.0.0.1:4010');
    const readme = section.getByRole('link', { name: /README/ });
    expect(await readme.getAttribute('href')).toBe(MOCK_README);
  });

  it('shows the servers in plain text, every address in full', async () => {
    const { page } = home;
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
    const { page } = home;
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
      expect(new URL((await link.getAttribute('href'))!, site.url).pathname, name).toBe(path);
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
    const icon = await home.page.$eval('link[rel="icon"]', (node) => ({
      href: (node as HTMLLinkElement).href,
      type: node.getAttribute('type'),
    }));
    expect(icon.type).toBe('image/svg+xml');
    const response = await fetch(icon.href);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg[\s>]/);
    expect(responses.filter((r) => r.status() >= 400).map((r) => `${r.status()} ${r.url()}`)).toEqual([]);
  });

  it('logged no console error, requested nothing outside localhost, and the site shows no API key', () => {
    expect(home.consoleErrors).toEqual([]);
    expect(home.external).toEqual([]);
    expect(new Set(readSite().match(/apikey=[A-Za-z0-9_%-]*/g))).toEqual(new Set(['apikey=YOUR_API_KEY']));
  });

  it("at a phone's width (390 px), breaks the title only between words", async () => {
    const { page } = await docsPage(browser, { viewport: PHONE });
    try {
      await openLive(page, site.url);
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
    expect(await home.page.title()).toBe(`${spec.info.title} (${version})`);
    expect(await home.page.locator('h1').first().innerText()).toMatch(titleLink.heading);
    const packageOf = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')).version;
    expect(packageOf('../package.json')).toBe(packageOf('../../../spec/package.json'));
  });

  it('labels the contact for what it is: a Contact section linking it by name, no "URL" row', async () => {
    const { name, url } = spec.info.contact as { name: string; url: string };
    const section = home.page.locator('[data-section-id="/section/contact"]');
    await section.waitFor();
    expect(await section.locator('h2').innerText()).toBe('Contact');
    expect(await section.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(url);
    expect(await home.page.getByText('URL', { exact: true }).count()).toBe(0);
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
    const watched = await docsPage(browser);
    try {
      const { page } = watched;
      await openLive(page, site.url);
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

/** Every string an operation's page shows (its $refs followed), but example values and code samples. */
function pageText(doc: Node, node: unknown, seen = new Set<unknown>()): string[] {
  if (typeof node === 'string') return [node];
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const resolved = deref(doc, node as Node);
  return Object.entries(resolved).flatMap(([key, value]) =>
    key === 'value' || key === 'x-codeSamples' || (key === 'examples' && Array.isArray(value))
      ? []
      : pageText(doc, value, seen),
  );
}

describe('search', () => {
  const shownDescription = docsDescription(spec);
  /**
   * The operations whose page has a word starting with "key" (Redoc's search matches word starts; a
   * map's `[<key>]` placeholder is no word of the page's text).
   */
  const shownOps = new Map(operationsOf(shownDescription).map(({ op }) => [op.operationId as string, op]));
  const sayKey = operations.filter((op) =>
    pageText(shownDescription, shownOps.get(op.id)).some((text) => /(?<![<\w])key/i.test(text)),
  );
  const sshKeys = operations.filter((op) => op.tag === 'SSH keys').map((op) => op.route);
  /** The pages that say SSH: the introduction, the SSH keys tag, and operations whose text does. */
  const saySsh = [
    '#/',
    tagRoute('SSH keys'),
    ...operations
      .filter((op) => pageText(shownDescription, shownOps.get(op.id)).some((text) => /\bssh\b/i.test(text)))
      .map((op) => op.route),
  ];

  interface Hit {
    /** The page it opens (`#/ssh-keys/getsshkey`). */
    route: string;
    /** What it shows: the page's title, path and the excerpts of what matched. */
    text: string;
  }

  /**
   * The hits Redoc's search box lists for `query`, in its order, asked on the introduction (live
   * since the file began); the search is closed again after.
   */
  async function hitsFor(query: string): Promise<Hit[]> {
    const { page } = home;
    await page.locator('[data-testid="search-trigger"]').click();
    await page.keyboard.type(query);
    const hits = page.locator('[data-testid="search-dialog"] a[data-component-name="Search/SearchItem"]');
    // The list settles once the index has answered: read it until two reads agree.
    let last: Hit[] = [];
    await expect
      .poll(
        async () => {
          const now = await hits.evaluateAll((as) =>
            as.map((a) => ({
              route: a.getAttribute('href')!.replace(/(.)#.*$/, '$1'),
              text: (a as HTMLElement).innerText,
            })),
          );
          const same = now.length > 0 && JSON.stringify(now) === JSON.stringify(last);
          last = now;
          return same;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-testid="search-dialog"]').count(), { timeout: 30_000 }).toBe(0);
    expect(home.consoleErrors).toEqual([]);
    return last;
  }

  it('the API key, named on every operation, is named there by its parameter (apikey), not as "key"', () => {
    // Every operation takes the key; only the SSH key operations and those whose own text says
    // "key dates" have the word.
    expect(sayKey.length).toBeLessThan(operations.length / 2);
    for (const route of sshKeys) expect(sayKey.map((op) => op.route)).toContain(route);
  });

  it.for(['key', 'ssh key'])(
    '"%s" lists the SSH keys first, then only pages that say key',
    { timeout: 120_000 },
    async (query) => {
      const hits = (await hitsFor(query)).map((hit) => hit.route);
      const sshFirst = [tagRoute('SSH keys'), ...sshKeys];
      expect(new Set(hits.slice(0, sshFirst.length))).toEqual(new Set(sshFirst));
      const operationHits = hits.filter((hit) => operations.some((op) => op.route === hit));
      for (const hit of operationHits)
        expect(
          sayKey.map((op) => op.route),
          hit,
        ).toContain(hit);
      // Not every operation, nor every POST, as when the API key was called "key" on each.
      expect(operationHits.length).toBeLessThan(operations.length / 2);
    },
  );

  it('"ssh key" lists only pages that say SSH: none found by the key alone (apikey, "keyed by")', async () => {
    const hits = (await hitsFor('ssh key')).map((hit) => hit.route);
    for (const hit of hits) expect(saySsh, hit).toContain(hit);
    expect(hits.length).toBeGreaterThanOrEqual(1 + sshKeys.length);
  });

  /** Every word of the description the page renders, and the words Redoc's search adds to its hits. */
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const texts = (node: unknown): string[] =>
    typeof node === 'string'
      ? [node]
      : node && typeof node === 'object'
        ? Object.entries(node).flatMap(([key, value]) => [key, ...texts(value)])
        : [String(node)];
  const vocabulary = new Set([
    ...texts(readSiteDescription()).flatMap(words),
    ...['query', 'parameters', 'request', 'fields', 'response', 'security', 'body', 'headers', 'example'],
  ]);

  it.for(['bracketed', 'indexed', 'first', 'object or array', 'status'])(
    '"%s": excerpts keep words apart where the page does (line breaks, paragraphs, list items, table cells)',
    { timeout: 120_000 },
    async (query) => {
      const hits = await hitsFor(query);
      expect(hits.length).toBeGreaterThan(0);
      for (const { route, text } of hits) expect(gluedWords(text), `${route}: ${text}`).toEqual([]);
      // The introduction's title and text excerpt (the lines before its first `place → name` line),
      // each part as the page shows it, punctuation included ("sent first: GET", once "sent first:GET").
      const shown = collapse(await home.page.locator('#redoc').innerText());
      const lines = hits.find((hit) => hit.route === '#/')?.text.split('\n') ?? [];
      const places = lines.findIndex((line) => line.includes(' → '));
      const excerpt = places < 0 ? lines : lines.slice(0, places);
      for (const part of excerpt.join('\n').split(/\n|\.\.\./)) expect(shown).toContain(collapse(part));
    },
  );

  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

  /** The words of an excerpt that no text of the description has (an excerpt may cut a word: "...firs"). */
  function gluedWords(text: string): string[] {
    return text
      .split(/\s+/)
      .flatMap((token) =>
        words(token).map((word, i, all) => ({
          word,
          start: token.startsWith('...') && i === 0,
          end: token.endsWith('...') && i === all.length - 1,
        })),
      )
      .filter(({ word, start, end }) =>
        start || end
          ? ![...vocabulary].some((known) => (start ? known.endsWith(word) : known.startsWith(word)))
          : !vocabulary.has(word),
      )
      .map(({ word }) => word);
  }
});

describe('the sidebar', () => {
  it('links the introduction, its sections, every tag and operation, each by a route of the page (#/...)', async () => {
    const { page } = home;
    const found = new Map(shown.map((link) => [link.href, link]));
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
describe('every other sidebar link, opened cold in a new page from a plain static server', () => {
  it.concurrent.for([titleLink, ...sectionLinks, ...tagLinks].map((link): [string, Link] => [link.label, link]))(
    '%s',
    { timeout: 120_000 },
    async ([, link]: [string, Link], { expect }: TestContext) => {
      const watched = await docsPage(browser);
      try {
        const url = new URL(hrefOf(link), site.url).href;
        await expectOpensAndHighlights(expect, watched.page, url, link, await openLive(watched.page, url));
        expect(watched.consoleErrors).toEqual([]);
        expect(watched.external).toEqual([]);
      } finally {
        await watched.page.context().close();
      }
    },
  );
});

describe('opened from disk (file://)', () => {
  const cases = [titleLink, sectionLinks.find((l) => l.label === 'Authentication')!, operationLinks.at(-1)!];
  it.concurrent.for(cases.map((link): [string, Link] => [link.label, link]))(
    '%s',
    { timeout: 120_000 },
    async ([, link]: [string, Link], { expect }: TestContext) => {
      const watched = await docsPage(browser);
      try {
        const url = `${FILE_URL}${hrefOf(link)}`;
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
    const watched = await docsPage(browser, { viewport: DESKTOP });
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
      const url = `${site.url}${link.route}`;
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
      const saved = await fetch(`${site.url}${pageFile(route)}`);
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
    const watched = await docsPage(browser);
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
      await page.goto(other.framing(`${site.url}${link.route}`));
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
