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
  await expect.poll(async () => {
    // The request's "Expand all" (the responses are expanded already): Redoc may mount it after
    // the heading, and it expands only the nested fields mounted when it is clicked (a loaded
    // machine mounts them later), so it is clicked whenever it says "Expand all". It is one
    // button that toggles, and Redoc applies a click as a transition (the button fades to 0.6
    // while it is pending): clicked while one is pending, it would fold everything back. So the
    // buttons are read and clicked in one step in the page, and nothing is clicked while a
    // transition is pending. Found by Redoc's test id: the samples' code blocks have "Expand
    // all" buttons too (by aria-label), which expand only their JSON. Once none says "Expand
    // all", an object of many fields that still shows some behind "+Show 5 properties" (which
    // "Expand all" opens only if it was mounted when clicked) is opened as a reader opens it,
    // each only while its row is folded.
    await section.evaluate((root) => {
      const all = [...root.querySelectorAll<HTMLElement>('[data-testid="schema-expand-all-button"]')];
      if (all.some((button) => button.style.opacity === '0.6')) return;
      const expand = all.find((button) => /^Expand all/.test(button.textContent ?? ''));
      if (expand) {
        expand.click();
        return;
      }
      for (const more of root.querySelectorAll<HTMLElement>('button, [role="button"]')) {
        const folded = more.closest('[data-schema-nested-open]')?.getAttribute('data-schema-nested-open') === 'false';
        if (folded && /^\+?Show \d+ propert/.test(more.textContent?.trim() ?? '')) more.click();
      }
    });
    const shown = await names();
    return expected.filter((name) => !shown.includes(name));
  }, { message: 'names not shown', timeout: 30_000 }).toEqual([]);
  expect((await names()).filter((name) => /\.\u200b?\S/.test(name) && !name.includes('[')), 'dotted paths').toEqual([]);
}
