// What the docs' browser files that start from the introduction share: the built site on a plain
// static server, one Chromium for the file, and the introduction opened once at the site's
// address (the page the file's first tests read; every other test opens a fresh context).
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, type Watched } from '@hostapi/testing/chromium';
import { LIVE_PAGE } from '../../build/site.ts';
import { DESKTOP, RESULTS } from './layout.js';
import { type Link, menuLinks } from './links.js';
import { docsPage, serveSite } from './site.js';

/** The mock's README, where the docs send a reader to start the mock (build/mock.ts). */
const MOCK_PACKAGE = JSON.parse(readFileSync(new URL('../../../mock/package.json', import.meta.url), 'utf8'));
export const MOCK_README = `${MOCK_PACKAGE.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/blob/HEAD/${
  MOCK_PACKAGE.repository.directory
}/README.md`;

export interface Home {
  site: Awaited<ReturnType<typeof serveSite>>;
  browser: Browser;
  /** The introduction, as the site's address opens it. */
  home: Watched;
  /** What the site answered while the introduction loaded. */
  responses: Response[];
  /** The sidebar's links as the introduction shows them (operations are added once their tag is opened). */
  shown: { label: string; href: string }[];
  /** The route of a link: its own, or (for a section of the introduction) the one the sidebar shows. */
  hrefOf(link: Link): string;
}

/** Registers the file's hooks; what they start is on the returned object once the tests run. */
export function siteAndHome(): Home {
  const running = {
    responses: [] as Response[],
    hrefOf: (link: Link) => link.route || running.shown.find((s) => s.label === link.label)!.href,
  } as Home;
  beforeAll(async () => {
    running.site = await serveSite();
    running.browser = await launchChromium();
    mkdirSync(RESULTS, { recursive: true });
    running.home = await docsPage(running.browser, { viewport: DESKTOP });
    running.home.page.on('response', (response) => running.responses.push(response));
    await running.home.page.goto(running.site.url, { waitUntil: 'load' });
    await running.home.page.locator('h1').first().waitFor();
    // Redoc's, not only the page the build rendered: its search and sidebar work from then on.
    await running.home.page.locator(LIVE_PAGE).waitFor({ state: 'attached' });
    running.shown = await menuLinks(running.home.page);
  }, 60_000);
  afterAll(async () => {
    await running.browser?.close();
    await running.site?.close();
  });
  return running;
}
