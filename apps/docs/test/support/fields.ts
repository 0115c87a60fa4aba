// Every field an operation takes is shown under the name a caller sends: nested form fields and
// filters by their bracketed wire names (`params[Phone][Country]`, `filters[state]`,
// `upgrade[disk][<key>]`), never as a dotted path (`params.Phone.Country`).
import type { Locator } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import { propertiesOf } from '@hostapi/spec/document';
import { INDEX_PATTERN } from '@hostapi/spec/wire';
import { deref, spec, type DocsOperation } from './site.js';

/**
 * The names the docs should show for a field sent as `name`, and for what it nests: object
 * members `name[key]`, list entries' members `name[<n>][key]` (`name[][key]` where the service
 * sends empty brackets), a map's entries `name[<key>]` and a list written as an object keyed by
 * the index `name[<n>]` (Redoc marks both with a `*`).
 */
function wireNames(schema: any, name: string): string[] {
  const s = deref(spec, schema);
  if (s.type === 'array') {
    const entry = `${name}${s['x-array-brackets'] === 'empty' ? '[]' : '[<n>]'}`;
    return [name, ...(deref(spec, s.items).type === 'object' ? wireNames(s.items, entry).slice(1) : [])];
  }
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object')
    return [name, `${name}[${s.propertyNames?.pattern === INDEX_PATTERN ? '<n>' : '<key>'}]*`];
  const members = Object.entries(propertiesOf(spec, s));
  return [name, ...members.flatMap(([key, value]) => wireNames(value, `${name}[${key}]`))];
}

export function expectedNames(op: DocsOperation): string[] {
  if (op.method === 'get') {
    return (op.op.parameters ?? [])
      .map((p: any) => deref(spec, p))
      .flatMap((p: any) => (p.style === 'deepObject' ? wireNames(p.schema, p.name) : [p.name]));
  }
  const form = deref(spec, deref(spec, op.op.requestBody).content['application/x-www-form-urlencoded'].schema);
  return Object.entries(form.properties).flatMap(([key, value]) => wireNames(value, key));
}

/**
 * In `section` (the operation's, its window grown as tall as it is, so that Redoc, which mounts
 * rows as they scroll into view, shows every field), with everything expanded as a reader
 * expands it: every expected name shown, and no dotted path. (`expect` is the test's own: tests
 * that run concurrently poll with it.)
 */
export async function expectWireNames(expect: ExpectStatic, section: Locator, op: DocsOperation) {
  const names = async () =>
    section
      .locator('.schema-name')
      .evaluateAll((nodes) => nodes.map((n) => n.parentElement!.textContent!.replace(/\s+/g, ' ').trim()));
  const expected = expectedNames(op);
  // The section kept at the top of the window: Redoc mounts fields only near the window, and the
  // tag's other operations, mounting above it (much later on a loaded machine), push it down.
  const keepInView = () =>
    section.evaluate((root) => {
      const { top } = root.getBoundingClientRect();
      if (top < 0 || top > window.innerHeight / 4) root.scrollIntoView({ block: 'start' });
    });
  // As tall as the section, no taller (at most 8000 px): Redoc mounts rows only near the window,
  // and each pixel of window beyond the section is drawn for nothing. Grown as rows mount and open.
  const fitWindow = async () => {
    const page = section.page();
    const height = await section.evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
    const size = page.viewportSize()!;
    const wanted = Math.min(8000, height + 200);
    if (wanted > size.height) await page.setViewportSize({ ...size, height: wanted });
  };
  const missing = async (wanted: string[]) => {
    const shown = await names();
    return wanted.filter((name) => !shown.includes(name));
  };
  // (Polled for up to 60 s, as the page's other waits: with two busy loops beside the suite on 2
  // cores, 30 s was once not enough.)
  // Every top-level field's row mounted first (Redoc mounts them after the heading; a loaded
  // machine later): the request's "Expand all" expands only the rows mounted when it is clicked.
  await expect
    .poll(
      async () => {
        await keepInView();
        await fitWindow();
        return missing(expected.filter((name) => !name.includes('[')));
      },
      { message: 'top-level fields not shown', timeout: 60_000, interval: 250 },
    )
    .toEqual([]);
  await expect
    .poll(
      async () => {
        // Then what a reader clicks to open everything: the request's "Expand all" (the responses
        // are expanded already) and every "+Show 5 properties" of a row still folded (rows mounted
        // after it, which it does not open). Repeating these is safe, so each poll clicks whatever
        // still reads so: Redoc's handlers set the opposite of the committed render, the same
        // render the label comes from, so "Expand all" and a folded row only ever open. Nothing is
        // clicked while "Expand all" applies (its transition dims it to 0.6).
        // "Expand all" is found by Redoc's test id: the samples' code blocks have "Expand all"
        // buttons too (by aria-label), which expand only their JSON.
        await keepInView();
        await fitWindow();
        await section.evaluate((root) => {
          const all = [...root.querySelectorAll<HTMLElement>('[data-testid="schema-expand-all-button"]')];
          if (all.some((button) => button.style.opacity === '0.6')) return; // "Expand all" still applying
          all.find((button) => /^Expand all/.test(button.textContent ?? ''))?.click();
          for (const more of root.querySelectorAll<HTMLElement>('[data-schema-nested-open="false"] > button')) {
            // "+Show 5 properties", "+Show property", "+Show details"
            if (/^\+?\s*Show\b/.test(more.textContent?.trim() ?? '')) more.click();
          }
        });
        return missing(expected);
      },
      { message: 'names not shown', timeout: 60_000, interval: 250 },
    )
    .toEqual([]);
  expect(
    (await names()).filter((name) => /\.\u200b?\S/.test(name) && !name.includes('[')),
    'dotted paths',
  ).toEqual([]);
}
