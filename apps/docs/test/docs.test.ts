// The built site, opened in headless Chromium from a plain static server with the network
// otherwise blocked: every operation of the description is rendered, with its code samples, with
// no console error and no request leaving localhost. Saves screenshots to test-results/.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchedPage, type Watched } from '@hostapi/testing/chromium';
import { readSite } from '../scripts/site.mjs';
import { deref, headingPattern, operations as all, serveSite, spec } from './support/site.js';

const operations = all.map(({ method, op, ...rest }) => ({
  ...rest,
  /** Top-level parameter or form field names, and the summaries of the 200 examples. */
  fields: method === 'get'
    ? (op.parameters ?? []).map((p: any) => deref(spec, p).name as string)
    : Object.keys(deref(spec, deref(spec, op.requestBody).content['application/x-www-form-urlencoded'].schema).properties),
  examples: Object.values(deref(spec, op.responses['200']).content['application/json'].examples).map((e: any) => deref(spec, e).summary as string),
}));
const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));

/** An operation's or section's heading, by its exact text. */
const heading = (text: string) => watched.page.locator('h1, h2').filter({ hasText: headingPattern(text) }).first();

let site: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;
let watched: Watched;

beforeAll(async () => {
  site = await serveSite();
  browser = await launchChromium();
  watched = await watchedPage(browser);
  await watched.page.goto(site.url, { waitUntil: 'load' });
  await watched.page.locator('h1').first().waitFor();
  mkdirSync(RESULTS, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('the documentation site', () => {
  it('explains authentication, the envelope, failures, versions, pagination and the mock', async () => {
    const headings = await watched.page.$$eval('h1, h2', (nodes) => nodes.map((n) => n.textContent?.trim()));
    for (const heading of ['Authentication', 'The envelope', 'Failures', 'Versions per operation', 'Pagination', 'Try it against the mock']) {
      expect(headings).toContain(heading);
    }
    await watched.page.screenshot({ path: `${RESULTS}docs-introduction.png` });
  });

  it.each(operations.map((o) => [o.id, o] as const))('renders %s with its curl and @hostapi/client samples', async (_id, op) => {
    const { page } = watched;
    await page.goto(`${site.url}${op.route}`);
    await heading(op.summary).waitFor();
    // The sample panel of this operation: the innermost block that names its path (in the panel's
    // header, whichever sample is shown), holds a language switch and shows code.
    const languages = page.getByRole('button', { name: /^(curl|@hostapi\/client)$/ });
    const panel = page.locator('div').filter({ hasText: op.path }).filter({ has: languages }).filter({ has: page.locator('pre') }).last();
    const samples: [language: string, shows: string][] = [['curl', `curl`], ['@hostapi/client', `api.${op.clientMethod}(`]];
    for (const [language, shows] of samples) {
      await panel.getByRole('button', { name: /^(curl|@hostapi\/client)$/ }).click();
      await page.getByText(language, { exact: true }).last().click();
      await expect.poll(() => panel.locator('pre').filter({ hasText: shows }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    }
  });

  it.each(operations.map((o) => [o.id, o] as const))('shows the parameters and response examples of %s', async (_id, op) => {
    const { page } = watched;
    await page.goto(`${site.url}${op.route}`);
    await heading(op.summary).waitFor();
    const section = page.locator('div').filter({ has: heading(op.summary) }).filter({ hasText: 'Responses' }).last();
    const text = await section.innerText();
    for (const field of op.fields) expect(text, field).toMatch(new RegExp(`(^|\\n)${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
    // The response example selector shows the first example and lists all of them.
    await section.locator('[aria-haspopup]').filter({ hasText: op.examples[0]! }).click();
    for (const summary of op.examples) await expect.poll(() => page.getByText(summary, { exact: true }).count(), { message: summary, timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });

  it('offers the bundled description for download beside it', async () => {
    const yaml = await fetch(`${site.url}openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toContain('openapi: 3.1.0');
    expect((await (await fetch(`${site.url}openapi.json`)).json()).info.title).toBe(spec.info.title);
  });

  it('logged no console error, requested nothing outside localhost, and shows no API key', async () => {
    expect(watched.consoleErrors).toEqual([]);
    expect(watched.external).toEqual([]);
    expect(new Set(readSite().match(/apikey=[A-Za-z0-9_%-]*/g))).toEqual(new Set(['apikey=YOUR_API_KEY']));
  });

  it('saves a screenshot of an operation', async () => {
    await watched.page.goto(`${site.url}#/domain-registration/updatedomaincontact`);
    await heading('Update a domain contact').waitFor();
    await watched.page.screenshot({ path: `${RESULTS}docs-operation.png` });
    expect(readFileSync(`${RESULTS}docs-operation.png`).subarray(1, 4).toString()).toBe('PNG');
  });
});
