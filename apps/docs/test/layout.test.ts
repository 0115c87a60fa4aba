// What a reader sees, at a desktop width and at a phone's (390 px): code samples that stay in
// their box with nothing under the copy button, the operation's address and the servers in full
// (and without markdown shown as text), and on a phone the floating menu button clear of every
// control. Screenshots go to test-results/.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchedPage } from '@hostapi/testing/chromium';
import { headingPattern, operations, serveSite, spec, type DocsOperation } from './support/site.js';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const DESKTOP = { width: 1400, height: 1000 };
const PHONE = { width: 390, height: 844 };

let site: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;

beforeAll(async () => {
  site = await serveSite();
  browser = await launchChromium();
  mkdirSync(RESULTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

interface Box { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A page at `viewport` showing the operation, and its request samples panel with curl selected. */
async function openOperation(op: DocsOperation, viewport: { width: number; height: number }) {
  const watched = await watchedPage(browser, { viewport });
  const { page } = watched;
  await page.goto(`${site.url}${op.route}`);
  const section = page.locator(`[data-section-id="${op.route.slice(1)}"]`);
  await section.locator('h1, h2').filter({ hasText: headingPattern(op.summary) }).first().waitFor();
  const panel = section.locator('.panel-request-samples');
  await panel.scrollIntoViewIfNeeded();
  await panel.locator('pre').filter({ hasText: /^curl/ }).waitFor();
  return { watched, page, panel };
}

/** The boxes of the text of each line of the sample `pre` (not of the line's block). */
const lineTextBoxes = (pre: Locator) => pre.evaluate((node) => [...node.querySelectorAll('.th-line')].flatMap((line) => {
  const range = document.createRange();
  range.selectNodeContents(line);
  return [...range.getClientRects()].filter((r) => r.width > 0).map(({ x, y, width, height }) => ({ x, y, width, height }));
}));

/** The sample stays in its box and no text of it lies under its copy button. */
async function expectReadableSample(panel: Locator) {
  const pre = panel.locator('pre').filter({ hasText: /^curl/ });
  const { scrollWidth, clientWidth } = await pre.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth }));
  expect(scrollWidth, 'the sample runs past its box').toBeLessThanOrEqual(clientWidth);
  const copy = (await panel.locator('[data-component-name="CodeBlock/CodeBlockControls"]').boundingBox())!;
  const covered = (await lineTextBoxes(pre)).filter((box) => overlaps(box, copy));
  expect(covered, 'text under the copy button').toEqual([]);
}

describe('at a desktop width, every curl sample', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s stays in its box, nothing under its copy button', async (_id, op) => {
    const { page, panel } = await openOperation(op, DESKTOP);
    try {
      await expectReadableSample(panel);
      if (op.id === 'updateDomainContact') await panel.screenshot({ path: `${RESULTS}desktop-curl-sample.png` });
    } finally {
      await page.context().close();
    }
  });
});

describe('at a phone\'s width (390 px), every operation', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s: the address in full, the sample readable, the menu button clear of every control', async (_id, op) => {
    const { page, panel } = await openOperation(op, PHONE);
    try {
      const header = panel.locator('[data-component-name="Panel/PanelHeader"]');
      const address = header.locator('[data-testid="dropdown"] > button > span').first();
      expect(await address.textContent()).toBe(op.path);
      await expectWhole(page, address);
      await expectReadableSample(panel);
      await expectMenuButtonClear(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(PHONE.width);
      await page.screenshot({ path: `${RESULTS}phone-${op.id}.png` });
    } finally {
      await page.context().close();
    }
  });
});

/** The element shows all its text: not cut (ellipsis or overflow), and inside the screen. */
async function expectWhole(page: Page, element: Locator) {
  const fit = await element.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth, right: node.getBoundingClientRect().right }));
  expect(fit.scrollWidth, `${await element.textContent()} is cut`).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * The floating menu button floats over the page as it scrolls: no control of the content (the
 * language switch, copy buttons, dropdowns, links) may ever pass under it, so each must end left
 * of it.
 */
async function expectMenuButtonClear(page: Page) {
  const menu = (await page.locator('[data-testid="floating-button"]').boundingBox())!;
  expect(menu.width).toBeGreaterThanOrEqual(32);
  const language = page.locator('.panel-request-samples [data-component-name="Panel/PanelHeader"] [data-testid="dropdown"]').last();
  expect(await language.textContent()).toBe('curl');
  const controls = await page.locator('.api-content').evaluate((root) =>
    [...root.querySelectorAll('button, a[href], input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])')]
      .map((node) => ({ text: (node.textContent ?? '').trim().slice(0, 40) || node.getAttribute('aria-label'), right: node.getBoundingClientRect().right, width: node.getBoundingClientRect().width }))
      .filter((control) => control.width > 0));
  expect(controls.filter((control) => control.right > menu.x), 'controls that pass under the menu button').toEqual([]);
}

describe('the servers', () => {
  const contact = operations.find((op) => op.id === 'updateDomainContact')!;

  it.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('in the sample panel\'s selector (%s): plain text, every address in full', async (name, viewport) => {
    const { page, panel } = await openOperation(contact, viewport);
    try {
      await panel.locator('[data-component-name="Panel/PanelHeader"] [data-testid="dropdown"] > button').first().click();
      const items = panel.locator('[data-component-name="Dropdown/DropdownMenuItem"]');
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(spec.servers.length);
      for (const [index, server] of (spec.servers as { url: string; description: string }[]).entries()) {
        const item = items.nth(index);
        const text = (await item.innerText()).replace(/\s+/g, ' ');
        expect(text).not.toContain('`');
        expect(text).toContain(server.description);
        const address = item.getByText(`${server.url}${contact.path}`, { exact: true });
        await expectWhole(page, address);
      }
      await page.screenshot({ path: `${RESULTS}servers-${name}.png` });
    } finally {
      await page.context().close();
    }
  });

  it('in the overview: plain text, every address in full', async () => {
    const { page } = await watchedPage(browser, { viewport: DESKTOP });
    try {
      await page.goto(site.url);
      await page.locator('h1').first().waitFor();
      for (const server of spec.servers as { url: string; description: string }[]) {
        const description = page.getByText(server.description, { exact: true });
        await description.waitFor();
        expect(await description.innerText()).not.toContain('`');
        const addresses = page.getByText(server.url, { exact: true }).filter({ visible: true });
        expect(await addresses.count()).toBeGreaterThan(0);
        for (const address of await addresses.all()) await expectWhole(page, address);
      }
      await page.screenshot({ path: `${RESULTS}overview.png` });
    } finally {
      await page.context().close();
    }
  });
});
