import { describe, expect, it } from 'vitest';
import { readSiteDescription } from '../build/site.ts';
import { type Node, operationsOf } from '@hostapi/spec/document';
import { docsDescription } from '../build/description.ts';
import { tagRoute } from '../build/site.ts';
import { deref, operations, spec } from './support/site.js';

import { siteAndHome } from './support/home.js';

const running = siteAndHome();

/** Every string an operation's page shows (its $refs followed), but example values and code samples. */
function pageText(doc: Node, node: unknown, seen = new Set<unknown>()): string[] {
  if (typeof node === 'string') return [node];
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const resolved = deref(doc, node as Node);
  return Object.entries(resolved).flatMap(([key, value]) =>
    key === 'value' || key === 'x-codeSamples' || (key === 'examples' && Array.isArray(value))
      ? []
      : pageText(doc, value, seen),
  );
}

describe('search', () => {
  const shownDescription = docsDescription(spec);
  /**
   * The operations whose page has a word starting with "key" (Redoc's search matches word starts; a
   * map's `[<key>]` placeholder is no word of the page's text).
   */
  const shownOps = new Map(operationsOf(shownDescription).map(({ op }) => [op.operationId as string, op]));
  const sayKey = operations.filter((op) =>
    pageText(shownDescription, shownOps.get(op.id)).some((text) => /(?<![<\w])key/i.test(text)),
  );
  const sshKeys = operations.filter((op) => op.tag === 'SSH keys').map((op) => op.route);
  /** The changelog's versions whose text says SSH (each a heading of its page, a route of its own). */
  const changelog = shownDescription.tags.find((tag: { name: string }) => tag.name === 'Changelog')
    .description as string;
  const versionsSayingSsh = changelog
    .split(/^## /m)
    .slice(1)
    .filter((version) => /\bssh\b/i.test(version))
    .map((version) => `${tagRoute('Changelog')}/${version.split('\n')[0]!.toLowerCase().replace(/\s+/g, '-')}`);
  /** The pages that say SSH: the introduction, the SSH keys tag, and the operations and changelog versions that do. */
  const saySsh = [
    '#/',
    tagRoute('SSH keys'),
    ...operations
      .filter((op) => pageText(shownDescription, shownOps.get(op.id)).some((text) => /\bssh\b/i.test(text)))
      .map((op) => op.route),
    ...versionsSayingSsh,
  ];

  interface Hit {
    /** The page it opens (`#/ssh-keys/getsshkey`). */
    route: string;
    /** What it shows: the page's title, path and the excerpts of what matched. */
    text: string;
  }

  /**
   * The hits Redoc's search box lists for `query`, in its order, asked on the introduction (live
   * since the file began); the search is closed again after.
   */
  async function hitsFor(query: string): Promise<Hit[]> {
    const { page } = running.home;
    await page.locator('[data-testid="search-trigger"]').click();
    await page.keyboard.type(query);
    const hits = page.locator('[data-testid="search-dialog"] a[data-component-name="Search/SearchItem"]');
    // The list settles once the index has answered: read it until two reads agree.
    let last: Hit[] = [];
    await expect
      .poll(
        async () => {
          const now = await hits.evaluateAll((as) =>
            as.map((a) => ({
              route: a.getAttribute('href')!.replace(/(.)#.*$/, '$1'),
              text: (a as HTMLElement).innerText,
            })),
          );
          const same = now.length > 0 && JSON.stringify(now) === JSON.stringify(last);
          last = now;
          return same;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[data-testid="search-dialog"]').count(), { timeout: 30_000 }).toBe(0);
    expect(running.home.consoleErrors).toEqual([]);
    return last;
  }

  it('the API key, named on every operation, is named there by its parameter (apikey), not as "key"', () => {
    // Every operation takes the key; only the SSH key operations and those whose own text says
    // "key dates" have the word.
    expect(sayKey.length).toBeLessThan(operations.length / 2);
    for (const route of sshKeys) expect(sayKey.map((op) => op.route)).toContain(route);
  });

  it.for(['key', 'ssh key'])(
    '"%s" lists the SSH keys first, then only pages that say key',
    { timeout: 120_000 },
    async (query) => {
      const hits = (await hitsFor(query)).map((hit) => hit.route);
      const sshFirst = [tagRoute('SSH keys'), ...sshKeys];
      expect(new Set(hits.slice(0, sshFirst.length))).toEqual(new Set(sshFirst));
      const operationHits = hits.filter((hit) => operations.some((op) => op.route === hit));
      for (const hit of operationHits)
        expect(
          sayKey.map((op) => op.route),
          hit,
        ).toContain(hit);
      // Not every operation, nor every POST, as when the API key was called "key" on each.
      expect(operationHits.length).toBeLessThan(operations.length / 2);
    },
  );

  it('"ssh key" lists only pages that say SSH: none found by the key alone (apikey, "keyed by")', async () => {
    const hits = (await hitsFor('ssh key')).map((hit) => hit.route);
    for (const hit of hits) expect(saySsh, hit).toContain(hit);
    expect(hits.length).toBeGreaterThanOrEqual(1 + sshKeys.length);
  });

  /** Every word of the description the page renders, and the words Redoc's search adds to its hits. */
  const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const texts = (node: unknown): string[] =>
    typeof node === 'string'
      ? [node]
      : node && typeof node === 'object'
        ? Object.entries(node).flatMap(([key, value]) => [key, ...texts(value)])
        : [String(node)];
  const vocabulary = new Set([
    ...texts(readSiteDescription()).flatMap(words),
    ...['query', 'parameters', 'request', 'fields', 'response', 'security', 'body', 'headers', 'example'],
  ]);

  it.for(['bracketed', 'indexed', 'first', 'object or array', 'status'])(
    '"%s": excerpts keep words apart where the page does (line breaks, paragraphs, list items, table cells)',
    { timeout: 120_000 },
    async (query) => {
      const hits = await hitsFor(query);
      expect(hits.length).toBeGreaterThan(0);
      for (const { route, text } of hits) expect(gluedWords(text), `${route}: ${text}`).toEqual([]);
      // The introduction's title and text excerpt (the lines before its first `place → name` line),
      // each part as the page shows it, punctuation included ("sent first: GET", once "sent first:GET").
      const shown = collapse(await running.home.page.locator('#redoc').innerText());
      const lines = hits.find((hit) => hit.route === '#/')?.text.split('\n') ?? [];
      const places = lines.findIndex((line) => line.includes(' → '));
      const excerpt = places < 0 ? lines : lines.slice(0, places);
      for (const part of excerpt.join('\n').split(/\n|\.\.\./)) expect(shown).toContain(collapse(part));
    },
  );

  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

  /** The words of an excerpt that no text of the description has (an excerpt may cut a word: "...firs"). */
  function gluedWords(text: string): string[] {
    return text
      .split(/\s+/)
      .flatMap((token) =>
        words(token).map((word, i, all) => ({
          word,
          start: token.startsWith('...') && i === 0,
          end: token.endsWith('...') && i === all.length - 1,
        })),
      )
      .filter(({ word, start, end }) =>
        start || end
          ? ![...vocabulary].some((known) => (start ? known.endsWith(word) : known.startsWith(word)))
          : !vocabulary.has(word),
      )
      .map(({ word }) => word);
  }
});
