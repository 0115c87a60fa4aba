// What assistive technology and a reader on the keyboard meet on a page: axe-core's WCAG 2.1 A
// and AA rules (its serious and critical findings), in the light theme and in the dark one, and
// the console used by keyboard alone.
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import { LIVE_PAGE } from '../../build/site.ts';

/** The rules of WCAG 2.0 and 2.1, levels A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Axe = typeof axe;

/** One finding: its rule, its impact, and where (a selector per element, a few at most). */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  where: string[];
}

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  // The page at rest: the pointer over nothing, and no colour caught mid-transition.
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  // Only the findings come back to the test, found and described in the page: axe's whole
  // result (every rule's passing elements, each with its selector) is large, and building and
  // sending it cost more than the scan itself.
  return page.evaluate(async (tags) => {
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact!,
        help: violation.help,
        where: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      }));
  }, WCAG_21_AA);
}

/**
 * The page again as a reader whose system is set to `scheme` opens it (Redoc reads the setting as
 * it loads): reloaded, with the browser's cache, until Redoc is live in that theme.
 */
export async function reloadIn(expect: ExpectStatic, page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.reload();
  await page.locator(LIVE_PAGE).waitFor({ state: 'attached' });
  expect(await page.evaluate(() => document.documentElement.className)).toContain(scheme);
}

/** No serious or critical finding on the page as it is, then reloaded in the dark theme. */
export async function expectAccessibleInBoth(expect: ExpectStatic, page: Page) {
  expect(await seriousFindings(page), 'axe-core in the light theme').toEqual([]);
  await reloadIn(expect, page, 'dark');
  expect(await seriousFindings(page), 'axe-core in the dark theme').toEqual([]);
}

/**
 * Each sample of `section`'s panel shown when chosen (`samples`: its language and a text its code
 * shows), and with each shown, no code box in `section` scrolls sideways: the sample panel's and
 * the answers' examples. Chosen in the order given: the last is left shown, as a reader leaves it.
 */
export async function expectSamplesInTheirBoxes(
  expect: ExpectStatic,
  page: Page,
  section: Locator,
  samples: readonly (readonly [language: string, shows: string])[],
) {
  const panel = section.locator('.panel-request-samples');
  const switcher = panel.locator('[data-component-name="Panel/PanelHeader"] [data-testid="dropdown"]').last();
  const wide = () =>
    section.evaluate((root) =>
      [...root.querySelectorAll('pre')]
        .filter((pre) => pre.getClientRects().length > 0 && pre.scrollWidth > pre.clientWidth + 1)
        .map((pre) => `${pre.scrollWidth} > ${pre.clientWidth}: ${(pre.textContent ?? '').slice(0, 60)}`),
    );
  for (const [language, shows] of samples) {
    await switcher.locator('button').first().click();
    await page.getByText(language, { exact: true }).last().click();
    await expect.poll(() => switcher.textContent(), { timeout: 30_000 }).toBe(language);
    await expect
      .poll(() => panel.locator('pre').filter({ hasText: shows }).count(), { message: language, timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await wide(), `code boxes that scroll sideways with ${language} shown`).toEqual([]);
  }
}

/** The element that has the focus, through the console's shadow root: its tag, class and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const inPanel = Boolean(active?.closest('[role="dialog"]'));
    return {
      inPanel,
      what: `${active?.tagName.toLowerCase()}.${active?.className} ${active?.textContent?.trim().slice(0, 30)}`,
    };
  });

/**
 * The console by keyboard alone, on an operation's page: the launcher reached by Tab and opened
 * by Enter, the focus in the panel, kept there by Tab and Shift+Tab all the way round, Escape
 * closing it and giving the focus back to the launcher.
 */
export async function expectConsoleByKeyboard(expect: ExpectStatic, page: Page, panel: Locator) {
  const launcher = page.locator('#hostapi-console .launcher');
  await launcher.focus();
  await page.keyboard.press('Enter');
  await panel.waitFor();
  await expect.poll(async () => (await focused(page)).inPanel, { timeout: 30_000 }).toBe(true);
  const controls = await panel.evaluate(
    (root) => root.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex="0"]').length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    // More presses than the panel has controls: round it at least once.
    for (let i = 0; i < controls + 3; i++) {
      await page.keyboard.press(key);
      const now = await focused(page);
      expect(now.inPanel, `${key} ×${i + 1} left the console for ${now.what}`).toBe(true);
    }
  }
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  await expect
    .poll(
      () =>
        launcher.evaluate(
          (node) =>
            node.getRootNode() instanceof ShadowRoot && (node.getRootNode() as ShadowRoot).activeElement === node,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}
