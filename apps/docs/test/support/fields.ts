// Every field an operation takes is shown under the name a caller sends: nested form fields and
// filters by their bracketed wire names (`params[Phone][Country]`, `filters[state]`,
// `upgrade[disk][<key>]`), never as a dotted path (`params.Phone.Country`).
import type { Locator } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import { propertiesOf } from '@hostapi/spec/document';
import { deref, spec, type DocsOperation } from './site.js';

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

export function expectedNames(op: DocsOperation): string[] {
  if (op.method === 'get') {
    return (op.op.parameters ?? []).map((p: any) => deref(spec, p)).flatMap((p: any) => (p.style === 'deepObject' ? wireNames(p.schema, p.name) : [p.name]));
  }
  const form = deref(spec, deref(spec, op.op.requestBody).content['application/x-www-form-urlencoded'].schema);
  return Object.entries(form.properties).flatMap(([key, value]) => wireNames(value, key));
}

/**
 * In `section` (the operation's, on a page tall enough that Redoc, which mounts rows as they
 * scroll into view, shows every field), with everything expanded as a reader expands it: every
 * expected name shown, and no dotted path. (`expect` is the test's own: tests that run
 * concurrently poll with it.)
 */
export async function expectWireNames(expect: ExpectStatic, section: Locator, op: DocsOperation) {
  const names = async () => section.locator('.schema-name').evaluateAll((nodes) => nodes.map((n) => n.parentElement!.textContent!.replace(/\s+/g, ' ').trim()));
  const expected = expectedNames(op);
  const missing = async (wanted: string[]) => {
    const shown = await names();
    return wanted.filter((name) => !shown.includes(name));
  };
  // (Polled for up to 60 s, as the page's other waits: with two busy loops beside the suite on 2
  // cores, 30 s was once not enough.)
  // Every top-level field's row mounted first (Redoc mounts them after the heading; a loaded
  // machine later): the request's "Expand all" expands only the rows mounted when it is clicked.
  await expect.poll(() => missing(expected.filter((name) => !name.includes('['))), { message: 'top-level fields not shown', timeout: 60_000 }).toEqual([]);
  await expect.poll(async () => {
    // Then what a reader clicks to open everything, each button once: the request's "Expand
    // all" (the responses are expanded already), then, once it has applied, every "+Show 5
    // properties" of a row still folded (rows mounted after it, which it does not open). Once
    // each: Redoc applies a click as a transition, and a button clicked again before that one
    // has applied folds back what it opened. A button that stays as it was fails the test
    // rather than being clicked twice. "Expand all" is found by Redoc's test id: the samples'
    // code blocks have "Expand all" buttons too (by aria-label), which expand only their JSON.
    await section.evaluate((root) => {
      const page = window as unknown as { hostapiClicked?: WeakSet<Element> };
      const clicked = (page.hostapiClicked ??= new WeakSet());
      const once = (button: HTMLElement) => {
        if (clicked.has(button)) return;
        clicked.add(button);
        button.click();
      };
      const all = [...root.querySelectorAll<HTMLElement>('[data-testid="schema-expand-all-button"]')];
      const expand = all.find((button) => /^Expand all/.test(button.textContent ?? ''));
      if (expand) return once(expand);
      if (all.some((button) => button.style.opacity === '0.6')) return; // "Expand all" still applying
      for (const more of root.querySelectorAll<HTMLElement>('button, [role="button"]')) {
        const folded = more.closest('[data-schema-nested-open]')?.getAttribute('data-schema-nested-open') === 'false';
        if (folded && /^\+?Show \d+ propert/.test(more.textContent?.trim() ?? '')) once(more);
      }
    });
    return missing(expected);
  }, { message: 'names not shown', timeout: 60_000 }).toEqual([]);
  expect((await names()).filter((name) => /\.\u200b?\S/.test(name) && !name.includes('[')), 'dotted paths').toEqual([]);
}
