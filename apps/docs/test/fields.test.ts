// Every field an operation takes is shown under the name a caller sends: nested form fields and
// filters by their bracketed wire names (`params[Phone][Country]`, `filters[state]`,
// `upgrade[disk][<key>]`), never as a dotted path (`params.Phone.Country`).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, watchedPage } from '@hostapi/testing/chromium';
import { propertiesOf } from '@hostapi/spec/document';
import { deref, headingPattern, operations, serveSite, spec, type DocsOperation } from './support/site.js';

let site: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;

beforeAll(async () => {
  site = await serveSite();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * The names the docs should show for a field sent as `name`, and for what it nests: object
 * members `name[key]`, list entries' members `name[<n>][key]` (`name[][key]` where the service
 * sends empty brackets), a map's entries `name[<key>]` (Redoc marks them with a `*`).
 */
function wireNames(schema: any, name: string): string[] {
  const s = deref(spec, schema);
  if (s.type === 'array') {
    const entry = `${name}${s['x-array-brackets'] === 'empty' ? '[]' : '[<n>]'}`;
    return [name, ...(deref(spec, s.items).type === 'object' ? wireNames(s.items, entry).slice(1) : [])];
  }
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object') return [name, `${name}[<key>]*`];
  const members = Object.entries(propertiesOf(spec, s));
  return [name, ...members.flatMap(([key, value]) => wireNames(value, `${name}[${key}]`))];
}

function expectedNames(op: DocsOperation): string[] {
  if (op.method === 'get') {
    return (op.op.parameters ?? []).map((p: any) => deref(spec, p)).flatMap((p: any) => (p.style === 'deepObject' ? wireNames(p.schema, p.name) : [p.name]));
  }
  const form = deref(spec, deref(spec, op.op.requestBody).content['application/x-www-form-urlencoded'].schema);
  return Object.entries(form.properties).flatMap(([key, value]) => wireNames(value, key));
}

describe('the fields of each operation, expanded, carry their wire names', () => {
  it('the expectation itself spells nested names as the description does', () => {
    const contact = operations.find((op) => op.id === 'updateDomainContact')!;
    expect(expectedNames(contact)).toContain('params[Phone][Country]');
    expect(expectedNames(operations.find((op) => op.id === 'listServers')!)).toContain('filters[state]');
    expect(expectedNames(operations.find((op) => op.id === 'copyStack')!)).toContain('params[databases][<n>][db_name]');
  });

  it.each(operations.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    // Tall enough that Redoc, which mounts rows as they scroll into view, shows every field.
    const { page } = await watchedPage(browser, { viewport: { width: 1400, height: 8000 } });
    try {
      await page.goto(`${site.url}${op.route}`);
      const section = page.locator(`[data-section-id="${op.route.slice(1)}"]`);
      await section.locator('h1, h2').filter({ hasText: headingPattern(op.summary) }).first().waitFor();
      // The request's "Expand all" (the responses are expanded already), clicked whenever it says
      // so: Redoc may mount it after the heading, and it expands only the nested fields mounted
      // when it is clicked (a loaded machine mounts them later); once all are open it says
      // "Collapse all" and is left alone. It is one button that toggles, and Redoc applies a
      // click as a transition: clicked again before that lands, it folds everything back. So
      // a click is repeated only after a pause. Found by Redoc's test id: the samples' code
      // blocks have "Expand all" buttons too (by aria-label), which expand only their JSON.
      const expand = section.locator('[data-testid="schema-expand-all-button"]').filter({ hasText: /^Expand all/ }).first();
      const names = async () => section.locator('.schema-name').evaluateAll((nodes) => nodes.map((n) => n.parentElement!.textContent!.replace(/\s+/g, ' ').trim()));
      const expected = expectedNames(op);
      let clicked = -Infinity;
      await expect.poll(async () => {
        if (performance.now() - clicked > 3_000 && (await expand.count())) {
          clicked = performance.now();
          // It may have turned into "Collapse all" since it was counted: then there is nothing to click.
          await expand.click({ timeout: 2_000 }).catch(() => {});
        }
        // An object of many fields shows some behind "+Show 5 properties", which "Expand all"
        // opens only if it was mounted when clicked: opened as a reader opens it.
        for (const more of await section.getByRole('button', { name: /^\+?Show \d+ propert/ }).all()) await more.click({ timeout: 2_000 }).catch(() => {});
        const shown = await names();
        return expected.filter((name) => !shown.includes(name));
      }, { message: 'names not shown', timeout: 20_000 }).toEqual([]);
      expect((await names()).filter((name) => /\.\u200b?\S/.test(name) && !name.includes('[')), 'dotted paths').toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
