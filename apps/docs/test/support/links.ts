// The sidebar's links and what opening one must show: its heading at the top of the page and its
// own entry highlighted in the sidebar, and only it (test/docs-navigation.test.ts for the introduction, its
// sections and the tags, test/operations.test.ts for each operation).
import type { Page } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import { changelogVersions, headingPattern, operations, sectionNames, spec, tags } from './site.js';

export interface Link {
  /** The sidebar entry's label. */
  label: string;
  /** Its route (`#/...`); empty for the introduction's sections, whose routes Redoc makes up. */
  route: string;
  /** The heading the route shows at the top of the page. */
  heading: RegExp;
}

export const titleLink: Link = {
  label: spec.info.title,
  route: '#/',
  heading: new RegExp(`^${spec.info.title} \\(${spec.info.version.replace(/\./g, '\\.')}\\)$`),
};
export const sectionLinks: Link[] = sectionNames.map((name) => ({
  label: name,
  route: '',
  heading: headingPattern(name),
}));
export const tagLinks: Link[] = tags.map(({ name, route }) => ({ label: name, route, heading: headingPattern(name) }));
export const operationLinks: Link[] = operations.map((op) => ({
  label: op.summary,
  route: op.route,
  heading: headingPattern(op.summary),
}));
/** The changelog's versions: an entry each under the changelog's (Redoc lists a tag's headings). */
export const changelogLinks: Link[] = changelogVersions.map((name) => ({
  label: name,
  route: '',
  heading: headingPattern(name),
}));
/** Every link the sidebar should hold. */
export const expectedLinks: Link[] = [titleLink, ...sectionLinks, ...tagLinks, ...changelogLinks, ...operationLinks];

/** The sidebar's links as `page` shows them: each entry's label and href. */
export const menuLinks = (page: Page) =>
  page.$$eval('.menu-content a[href]:has([data-testid="menu-item-label"])', (nodes) =>
    nodes.map((n) => ({
      label: n.querySelector('[data-text]')?.getAttribute('data-text') ?? '',
      href: n.getAttribute('href')!,
    })),
  );

/**
 * On `page`, just sent to `url`: the link's heading at the top of the page and its entry
 * highlighted, and only it. (`expect` is the test's own: tests that run concurrently poll with it.)
 */
export async function expectOpensAndHighlights(
  expect: ExpectStatic,
  page: Page,
  url: string,
  link: Link,
  response: { status(): number } | null,
) {
  if (!url.startsWith('file:')) expect(response?.status()).toBe(200);
  const heading = page.locator('h1, h2').filter({ hasText: link.heading }).first();
  await heading.waitFor();
  await expect
    .poll(async () => (await heading.boundingBox())?.y ?? -1, {
      message: `${link.label} scrolled into view`,
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(0);
  expect((await heading.boundingBox())!.y).toBeLessThan(page.viewportSize()!.height / 2);
  expect(page.url()).toBe(url);
  const active = page.locator('.menu-content [data-testid="menu-item-label"][data-active="true"]');
  await expect.poll(() => active.count(), { timeout: 30_000 }).toBe(1);
  expect(await active.locator('[data-text]').first().getAttribute('data-text')).toBe(link.label);
  // Highlighted for the eye too, not only in an attribute.
  const background = (locator: typeof active) => locator.evaluate((node) => getComputedStyle(node).backgroundColor);
  const other = page.locator('.menu-content [data-testid="menu-item-label"][data-active="false"]').first();
  expect(await background(active)).not.toBe(await background(other));
}
