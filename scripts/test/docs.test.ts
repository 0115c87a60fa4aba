// The root README stays a landing page a newcomer can scan, and the links of every Markdown file
// of the repository (READMEs, docs/, changesets) lead somewhere: every relative link names a file
// of the repository, and every #fragment a heading of the Markdown file it points into (or of
// the same file).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAX_README_LINES = 200;
/** Every Markdown file of the repository: tracked, or new and not ignored. */
const PAGES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

/** The lines of a Markdown text outside fenced code blocks. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return !fenced && !/^\s*```/.test(line);
  });
}

/** GitHub's anchors of a Markdown text's headings: lower case, punctuation dropped, dashes for spaces. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of prose(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** The relative links of `page` (a path from the root) whose file or heading does not exist. */
function brokenLinks(page: string, markdown: string): string[] {
  const targets = prose(markdown).flatMap((line) => [...line.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!));
  return targets.filter((target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return false; // https:, mailto:, ...
    const [path = '', fragment] = target.split('#');
    if (!path) return !anchorsOf(markdown).has(decodeURIComponent(fragment ?? ''));
    const file = join(ROOT, dirname(page), decodeURIComponent(path));
    if (!file.startsWith(ROOT) || !existsSync(file)) return true;
    if (fragment === undefined || !file.endsWith('.md') || statSync(file).isDirectory()) return false;
    return !anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(fragment));
  });
}

it(`the root README is at most ${MAX_README_LINES} lines`, () => {
  const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n').length;
  expect(lines).toBeGreaterThan(20);
  expect(lines).toBeLessThanOrEqual(MAX_README_LINES);
});

it('every relative link of every Markdown file names a file, and a heading where it gives one', () => {
  expect(PAGES).toEqual(
    expect.arrayContaining([
      'README.md',
      'docs/ARCHITECTURE.md',
      'packages/mcp/README.md',
      'apps/mock/docs/sandbox.md',
    ]),
  );
  const checked = PAGES.map((page) => {
    const markdown = readFileSync(join(ROOT, page), 'utf8');
    return { page, links: markdown.match(/\]\(/g)?.length ?? 0, broken: brokenLinks(page, markdown) };
  });
  expect(checked.reduce((sum, { links }) => sum + links, 0)).toBeGreaterThan(30);
  expect(checked.filter(({ broken }) => broken.length)).toEqual([]);
});

it('finds a link to a missing file, a missing heading and a path outside the repository', () => {
  const page = 'docs/EXAMPLE.md';
  const markdown = [
    '# A page',
    '## Its part: `x/y`',
    '[ok](../README.md) [ok](#its-part-xy) [ok](https://example.com/nowhere) [ok](../spec/)',
    '[gone](missing.md) [gone](#no-such-part) [gone](../README.md#no-such-part) [gone](../../outside)',
    '```sh',
    'echo [not a link](nowhere.md)',
    '```',
  ].join('\n');
  expect(brokenLinks(page, markdown)).toEqual([
    'missing.md',
    '#no-such-part',
    '../README.md#no-such-part',
    '../../outside',
  ]);
});
