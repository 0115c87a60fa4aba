// Every operation's deep link (`#/<tag>/<operationid>`), opened cold ONCE, in a fresh context
// (empty cache and storage) of headless Chromium, from a plain static file server (no fallback
// page), with the network outside localhost blocked, as a reader opens a shared link; then every
// check of what that operation's page shows, one after another on that same page:
//
// 1. the link: its heading at the top of the page, its entry (only it) highlighted in the sidebar,
//    no console error, no request leaving localhost;
// 2. its parameters and response examples;
// 3. at 1280 px: its curl, @hostapi/client and Python samples, each shown when chosen and, while
//    it is, no code box scrolling sideways (the samples', the answers'); each curl nothing under
//    the copy button; the servers to choose from, in full;
// 4. for a GET and a POST, the console by keyboard alone (test/support/a11y.ts);
// 5. the "Try it" console sends the example to the mock (@hostapi/mock, another origin) and
//    renders its answer, then every named answer through Prefer; the curl it shows carries the
//    bytes that were sent, and (checked once every operation is done) the @hostapi/client call it
//    shows type-checks and gets the same answer;
// 6. at a phone's width (375 px): the address in full, the sample in its box, the floating menu
//    button clear of every control, nothing scrolls sideways, the heading whole;
// 7. every field, expanded, under its wire name (`params[Phone][Country]`), never a dotted path;
// 8. nothing logged as an error but the error statuses the console received;
// 9. axe-core's WCAG 2.1 A/AA rules find nothing serious, in light, then reloaded in dark (which
//    logs no error either).
//
// A cold load is the slow part (Redoc's script and render): one per operation instead of one per
// check, and a few operations at a time (vitest's maxConcurrency). The page is expanded last: on
// the page as it opened, the console's answers and the phone's layout take less work. A check that fails leaves a
// screenshot of its page in test-results/, beside a few taken on the way.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, type ExpectStatic, type TestContext } from 'vitest';
import {
  consoleOperation,
  expectConsoleRoundTrip,
  expectOnlyErrorStatusesLogged,
  KEY,
  panelOf,
  type Snippet,
} from './support/console.js';
import { expectedNames, expectWireNames } from './support/fields.js';
import {
  curlSample,
  DESKTOP,
  expectMenuButtonClear,
  expectReadableSample,
  expectWhole,
  midWordBreaks,
  PHONE,
  renderedLines,
  RESULTS,
} from './support/layout.js';
import { expectOpensAndHighlights, operationLinks } from './support/links.js';
import { expectAccessibleInBoth, expectConsoleByKeyboard, expectSamplesInTheirBoxes } from './support/a11y.js';
import { siteMockAndBrowser } from './support/running.js';
import { type DocsOperation, deref, docsPage, headingPattern, openLive, operations, spec } from './support/site.js';

const SNIPPETS = `${RESULTS}console-snippets/`;
const TSC = fileURLToPath(new URL('../node_modules/.bin/tsc', import.meta.url));

const running = siteMockAndBrowser();

/**
 * Runs one check of `op`'s page, its name put before whatever it fails with; a check that fails
 * leaves a screenshot of the page as it failed (test-results/failed-<operationId>.png).
 */
async function step(page: Page, op: DocsOperation, name: string, check: () => Promise<void>) {
  const t0 = performance.now();
  try {
    await check();
    if (process.env.STEP_TIMES) console.error(`STEP ${Math.round(performance.now() - t0)} ms ${name.slice(0, 40)}`);
  } catch (error) {
    if (error instanceof Error) error.message = `${name}: ${error.message}`;
    await page.screenshot({ path: `${RESULTS}failed-${op.id}.png` }).catch(() => {});
    throw error;
  }
}

/** An operation's or section's heading on `page`, by its exact text. */
const headingOf = (page: Page, text: string) =>
  page
    .locator('h1, h2')
    .filter({ hasText: headingPattern(text) })
    .first();

/** Top-level parameter or form field names, and the summaries of the 200 examples. */
function fieldsAndExamples({ method, op }: DocsOperation) {
  return {
    fields:
      method === 'get'
        ? (op.parameters ?? []).map((p: any) => deref(spec, p).name as string)
        : Object.keys(
            deref(spec, deref(spec, op.requestBody).content['application/x-www-form-urlencoded'].schema).properties,
          ),
    examples: Object.values(deref(spec, op.responses['200']).content['application/json'].examples).map(
      (e: any) => deref(spec, e).summary as string,
    ),
  };
}

// The checks below take the test's own `expect`: the operations' tests run concurrently, and
// vitest tells their polls apart only by it.

/**
 * The samples each operation shows (Redoc's codeSamples option, page/app.ts), each by a text its
 * code shows; curl last, as a reader leaves it.
 */
const samplesOf = (op: DocsOperation) =>
  [
    ['@hostapi/client', `api.${op.clientMethod}(`],
    ['Python', 'import requests'],
    ['curl', 'curl'],
  ] as const;

/** Every top-level parameter or form field by name, and the response example selector listing every 200 example. */
async function expectParametersAndExamples(expect: ExpectStatic, page: Page, op: DocsOperation) {
  const { fields, examples } = fieldsAndExamples(op);
  const section = page
    .locator('div')
    .filter({ has: headingOf(page, op.summary) })
    .filter({ hasText: 'Responses' })
    .last();
  const text = await section.innerText();
  for (const field of fields)
    expect(text, field).toMatch(new RegExp(`(^|\\n)${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
  // The response example selector shows the first example and lists all of them.
  await section.locator('[aria-haspopup]').filter({ hasText: examples[0]! }).click();
  for (const summary of examples)
    await expect
      .poll(() => page.getByText(summary, { exact: true }).count(), { message: summary, timeout: 30_000 })
      .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
}

/**
 * The request samples panel of the operation's section, scrolled into view, curl shown. (Scrolled
 * by the DOM, not Playwright's scrollIntoViewIfNeeded: that waits for the panel to stand still,
 * and on a loaded machine Redoc keeps mounting the tag's other operations above it, moving it,
 * for more than a minute. The checks that follow measure across, which that does not move.)
 */
async function samplePanel(section: Locator) {
  const panel = section.locator('.panel-request-samples');
  await panel.evaluate((node) => node.scrollIntoView({ block: 'nearest' }));
  await curlSample(panel).waitFor();
  return panel;
}

/** The sample panel's server selector: plain text, each server's description and full address for the operation. */
async function expectServers(expect: ExpectStatic, page: Page, panel: Locator, op: DocsOperation, screenshot: string) {
  const selector = panel.locator('[data-component-name="Panel/PanelHeader"] [data-testid="dropdown"] > button').first();
  await selector.click();
  const items = panel.locator('[data-component-name="Dropdown/DropdownMenuItem"]').filter({ visible: true });
  await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(spec.servers.length);
  for (const [index, server] of (spec.servers as { url: string; description: string }[]).entries()) {
    const item = items.nth(index);
    const text = (await item.innerText()).replace(/\s+/g, ' ');
    expect(text).not.toContain('`');
    expect(text).toContain(server.description);
    const address = item.getByText(`${server.url}${op.path}`, { exact: true });
    await expectWhole(page, address);
  }
  await page.screenshot({ path: `${RESULTS}${screenshot}` });
  // Closed again (its button toggles it), as a reader leaves it, for the checks that follow.
  await selector.click();
  await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(0);
}

/** What the console's client-call check runs, once every operation has left its call. */
const snippets = new Map<string, Snippet>();

describe('every operation, opened cold from its deep link once', () => {
  it('the wire-name expectation itself spells nested names as the description does', () => {
    const byId = (id: string) => operations.find((op) => op.id === id)!;
    expect(expectedNames(byId('updateDomainContact'))).toContain('params[Phone][Country]');
    expect(expectedNames(byId('listServers'))).toContain('filters[state]');
    expect(expectedNames(byId('copyStack'))).toContain('params[databases][<n>][db_name]');
  });

  it.concurrent.for(operations.map((op): [string, DocsOperation] => [op.id, op]))(
    '%s',
    { timeout: 240_000 },
    async ([, op]: [string, DocsOperation], { expect }: TestContext) => {
      // Waits are for conditions; a loaded 2-core machine may take more than Playwright's 30 s default for one.
      const watched = await docsPage(running.browser, { viewport: DESKTOP });
      const { page } = watched;
      const section = page.locator(`[data-section-id="${op.route.slice(1)}"]`);
      try {
        await step(
          page,
          op,
          'the link, opened cold, shows the operation and highlights its sidebar entry',
          async () => {
            const url = `${running.site}/${op.route}`;
            const response = await openLive(page, url);
            await expectOpensAndHighlights(
              expect,
              page,
              url,
              operationLinks.find((link) => link.route === op.route)!,
              response,
            );
            expect(watched.consoleErrors).toEqual([]);
            expect(watched.external).toEqual([]);
            if (op.id === 'updateDomainContact') {
              await page.screenshot({ path: `${RESULTS}docs-operation.png` });
              expect(readFileSync(`${RESULTS}docs-operation.png`).subarray(1, 4).toString()).toBe('PNG');
            }
          },
        );

        await step(page, op, 'its parameters and response examples', () =>
          expectParametersAndExamples(expect, page, op),
        );

        await step(
          page,
          op,
          'its curl, @hostapi/client and Python samples; at 1280 px none scrolls sideways, none under the copy button',
          async () => {
            const panel = await samplePanel(section);
            await expectSamplesInTheirBoxes(expect, page, section, samplesOf(op));
            await expectReadableSample(panel);
            if (op.id === 'updateDomainContact') {
              await panel.screenshot({ path: `${RESULTS}desktop-curl-sample.png` });
              await expectServers(expect, page, panel, op, 'servers-desktop.png');
            }
          },
        );

        if (op.id === 'updateDomainContact' || op.id === 'listServers')
          await step(page, op, 'the console by keyboard alone: in, kept in, Escape back to the launcher', () =>
            expectConsoleByKeyboard(expect, page, panelOf(page)),
          );

        const received: number[] = [];
        await step(page, op, 'the Try it console sends the example and every named answer to the mock', async () => {
          const roundTrip = await expectConsoleRoundTrip(page, consoleOperation(op.id), running.mock.url);
          received.push(...roundTrip.received);
          if (roundTrip.snippet) snippets.set(op.id, roundTrip.snippet);
          // Closed again, as a reader leaves it, for the checks that follow.
          await panelOf(page).getByRole('button', { name: 'Close the console' }).click();
          await panelOf(page).waitFor({ state: 'hidden' });
        });

        await step(
          page,
          op,
          "at a phone's width (375 px), the address in full, the curl sample in its box, the menu button clear",
          async () => {
            await page.setViewportSize(PHONE);
            const panel = await samplePanel(section);
            const header = panel.locator('[data-component-name="Panel/PanelHeader"]');
            const address = header.locator('[data-testid="dropdown"] > button > span').first();
            expect(await address.textContent()).toBe(op.path);
            await expectWhole(page, address);
            await expectReadableSample(panel);
            await expectMenuButtonClear(page);
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth),
              'the page scrolls sideways',
            ).toBeLessThanOrEqual(PHONE.width);
            expect(
              midWordBreaks(await renderedLines(headingOf(page, op.summary))),
              'the heading breaks inside a word',
            ).toEqual([]);
            if (op.id === 'updateDomainContact') await expectServers(expect, page, panel, op, 'servers-phone.png');
          },
        );

        await step(page, op, 'every field, expanded, under its wire name', async () => {
          await page.setViewportSize(DESKTOP);
          await expectWireNames(expect, section, op);
        });

        await step(
          page,
          op,
          'nothing logged as an error but the error statuses received, nothing left the machine',
          async () => {
            expectOnlyErrorStatusesLogged(watched.consoleErrors, received);
            expect(watched.external).toEqual([]);
          },
        );

        await step(
          page,
          op,
          'axe-core: no serious finding in light, nor reloaded in dark (no error either)',
          async () => {
            const logged = watched.consoleErrors.length;
            await expectAccessibleInBoth(expect, page);
            expect(watched.consoleErrors.slice(logged)).toEqual([]);
            expect(watched.external).toEqual([]);
          },
        );
      } finally {
        await page.context().close();
      }
    },
  );

  it('the console shows a @hostapi/client call per operation that type-checks strictly, same answer', async () => {
    expect([...snippets.keys()].sort()).toEqual(operations.map((op) => op.id).sort());
    rmSync(SNIPPETS, { recursive: true, force: true });
    mkdirSync(SNIPPETS, { recursive: true });
    writeFileSync(
      `${SNIPPETS}tsconfig.json`,
      JSON.stringify({
        extends: '../../../../tsconfig.base.json',
        // The test's own export needs no declarations.
        compilerOptions: { noEmit: true, declaration: false, types: ['node'] },
        include: ['*.ts'],
      }),
    );
    for (const [id, { code }] of snippets)
      writeFileSync(`${SNIPPETS}${id}.ts`, `${code}\nexport { data, error, response };\n`);
    await promisify(execFile)(TSC, ['-p', SNIPPETS]).catch((error) => {
      throw new Error(`tsc failed on the console's client calls:\n${error.stdout}${error.stderr}`);
    });
    process.env.HOSTAPI_KEY = KEY;
    for (const [id, { status, body }] of snippets) {
      const { data, error, response } = await import(`${SNIPPETS}${id}.ts`);
      expect(response.status, id).toBe(status);
      expect(data ?? error, id).toEqual(body);
    }
  }, 120_000);
});
