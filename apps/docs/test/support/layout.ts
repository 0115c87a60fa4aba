// What a reader sees, measured in the rendered page: code samples that stay in their box with
// nothing under the copy button, text shown in full, the floating menu button clear of every
// control, and where the browser breaks a line of text.
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));
// The widths the issues measure at: a laptop's window and a small phone's screen.
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the text of each line of the sample `pre` (not of the line's block). */
const lineTextBoxes = (pre: Locator) =>
  pre.evaluate((node) =>
    [...node.querySelectorAll('.th-line')].flatMap((line) => {
      const range = document.createRange();
      range.selectNodeContents(line);
      return [...range.getClientRects()]
        .filter((r) => r.width > 0)
        .map(({ x, y, width, height }) => ({ x, y, width, height }));
    }),
  );

/** The curl sample of a sample panel. */
export const curlSample = (panel: Locator) => panel.locator('pre').filter({ hasText: /^BASE_URL=.*\ncurl /m });

/**
 * The curl sample as a reader sees it: its first line sets BASE_URL, its second starts the
 * command with the operation's path; nothing scrolls sideways (a line wider than the box wraps
 * inside it, under its own start), the box stays inside its panel, and no text is under the copy
 * button.
 */
export async function expectReadableSample(panel: Locator) {
  const pre = curlSample(panel);
  const written = (await pre.locator('code').textContent())!.replace(/\n$/, '').split('\n');
  expect(written[0]).toMatch(/^BASE_URL=/);
  expect(written[1]).toMatch(/^curl (-G )?"\$BASE_URL\/\d+\.\d+\//);
  const fit = await pre.evaluate((node) => ({
    scrollWidth: node.scrollWidth,
    clientWidth: node.clientWidth,
    right: node.getBoundingClientRect().right,
    panelRight: node.closest('.panel-request-samples')!.getBoundingClientRect().right,
  }));
  expect(fit.scrollWidth, 'the sample scrolls sideways').toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.right, 'the sample runs past its panel').toBeLessThanOrEqual(fit.panelRight);
  const copy = (await panel.locator('[data-component-name="CodeBlock/CodeBlockControls"]').boundingBox())!;
  const covered = (await lineTextBoxes(pre)).filter((box) => overlaps(box, copy));
  expect(covered, 'text under the copy button').toEqual([]);
}

/** The element shows all its text: not cut (ellipsis or overflow), and inside the screen. */
export async function expectWhole(page: Page, element: Locator) {
  const fit = await element.evaluate((node) => ({
    scrollWidth: node.scrollWidth,
    clientWidth: node.clientWidth,
    right: node.getBoundingClientRect().right,
  }));
  expect(fit.scrollWidth, `${await element.textContent()} is cut`).toBeLessThanOrEqual(fit.clientWidth);
  expect(fit.right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * The floating menu button floats over the page as it scrolls: no control of the content (the
 * language switch, copy buttons, dropdowns, links) may ever pass under it, so each must end left
 * of it.
 */
export async function expectMenuButtonClear(page: Page) {
  const menu = (await page.locator('[data-testid="floating-button"]').boundingBox())!;
  expect(menu.width).toBeGreaterThanOrEqual(32);
  const language = page
    .locator('.panel-request-samples [data-component-name="Panel/PanelHeader"] [data-testid="dropdown"]')
    .last();
  expect(await language.textContent()).toBe('curl');
  const controls = await page.locator('.api-content').evaluate((root) =>
    [
      ...root.querySelectorAll(
        'button, a[href], input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])',
      ),
    ]
      .map((node) => ({
        text: (node.textContent ?? '').trim().slice(0, 40) || node.getAttribute('aria-label'),
        right: node.getBoundingClientRect().right,
        width: node.getBoundingClientRect().width,
      }))
      .filter((control) => control.width > 0),
  );
  expect(
    controls.filter((control) => control.right > menu.x),
    'controls that pass under the menu button',
  ).toEqual([]);
}

/**
 * The text of `element` as the browser lays it out: one string per line box, in order (a line of
 * the source that wraps gives several). Read character by character from the rendered text.
 */
export const renderedLines = (element: Locator) =>
  element.evaluate((root) => {
    const lines: string[] = [];
    let line = '';
    let top: number | undefined;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue; // collapsed white space
        if (top !== undefined && Math.abs(box.top - top) > box.height / 2) {
          lines.push(line);
          line = '';
        }
        top = box.top;
        line += node.data[i];
      }
    }
    if (line) lines.push(line);
    return lines;
  });

/**
 * The places where `lines` (one text, as laid out) break between two characters of one word:
 * `get_pricing_tiers.js|on`. A break after a space, a hyphen or a URL separator (`/ ? & = :`)
 * is a break between words.
 */
export function midWordBreaks(lines: string[]): string[] {
  const breaks: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1]!;
    const after = lines[i]!;
    if (/[\w.]$/.test(before) && /^[\w.]/.test(after)) breaks.push(`${before.slice(-12)}|${after.slice(0, 12)}`);
  }
  return breaks;
}
