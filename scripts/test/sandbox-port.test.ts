// One port for the mock every package's README has the reader try its examples against: the
// sandbox (`npx hostapi-mock --sandbox --port <port>`), the addresses the examples and the MCP
// host configuration call, all on the same port, one that the repository's `pnpm start` (and the
// root README's way of moving it) does not hold. A reader going through the READMEs in order keeps
// one sandbox running. The mock's own README and docs (apps/mock) show its defaults instead.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { codeBlocks } from '@hostapi/testing/commands';
import { expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

/** The public packages' Markdown but the mock's: their READMEs and docs/. */
const PAGES = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((page) => /^(spec|packages\/(types|client|mcp))\/(README\.md|docs\/)/.test(page));

interface Use {
  page: string;
  port: string;
  what: string;
}

/** Where a page's code starts the mock or calls a local address, with the port it names. */
function usesOf(page: string, markdown: string): Use[] {
  return codeBlocks(markdown).flatMap(({ text }) => [
    ...[...text.matchAll(/^npx hostapi-mock\b.*$/gm)].map(([command]) => ({
      page,
      port: /\s--port (\d+)/.exec(command)?.[1] ?? '(its default)',
      what: command,
    })),
    ...[...text.matchAll(/(?:127\.0\.0\.1|localhost):(\d+)/g)].map(([what, port]) => ({ page, port: port!, what })),
  ]);
}

/** What is wrong with these uses: ports that differ from the first's, a mock started otherwise, a port taken. */
function problemsOf(uses: Use[], taken: string[]): string[] {
  const port = uses[0]?.port;
  return uses.flatMap(({ page, port: its, what }) => [
    ...(its === port ? [] : [`${page}: ${what} (not ${port})`]),
    ...(what.startsWith('npx hostapi-mock') && what !== `npx hostapi-mock --sandbox --port ${port}`
      ? [`${page}: ${what} (not npx hostapi-mock --sandbox --port ${port})`]
      : []),
    ...(taken.includes(its) ? [`${page}: ${what} (${its} is pnpm start's)`] : []),
  ]);
}

/** `pnpm start`'s ports: its defaults (scripts/start.mjs), and those the root README moves it to. */
const startPorts = [
  ...[...read('scripts/start.mjs').matchAll(/process\.env\.(?:DOCS|MOCK)_PORT \|\| '(\d+)'/g)].map((m) => m[1]!),
  ...codeBlocks(read('README.md')).flatMap(({ text }) =>
    (text.match(/^pnpm start\b.*$/gm) ?? []).flatMap((command) => command.match(/\b\d{4,5}\b/g) ?? []),
  ),
];

it("every package README's sandbox is on one port, which `pnpm start` does not hold", () => {
  expect(startPorts).toEqual(expect.arrayContaining(['8080', '4010', '8081']));
  const uses = PAGES.flatMap((page) => usesOf(page, read(page)));
  // The client's, the types' and the MCP server's README each start the sandbox and call it.
  const starts = uses.filter((use) => use.what.startsWith('npx hostapi-mock')).map((use) => use.page);
  expect(new Set(starts)).toEqual(
    new Set(['packages/client/README.md', 'packages/types/README.md', 'packages/mcp/README.md']),
  );
  expect(problemsOf(uses, startPorts)).toEqual([]);
});

it('finds a README whose sandbox is on another port, or on the port of `pnpm start`', () => {
  const uses = [
    ...usesOf('a.md', '```sh\nnpx hostapi-mock --sandbox --port 4011\n```\n'),
    ...usesOf('b.md', '```json\n{ "HOSTAPI_URL": "http://127.0.0.1:4010" }\n```\n'),
    ...usesOf('c.md', 'In prose, `http://127.0.0.1:4012`.\n\n```sh\nnpx hostapi-mock --port 4011\n```\n'),
  ];
  expect(problemsOf(uses, ['4010'])).toEqual([
    'b.md: 127.0.0.1:4010 (not 4011)',
    "b.md: 127.0.0.1:4010 (4010 is pnpm start's)",
    'c.md: npx hostapi-mock --port 4011 (not npx hostapi-mock --sandbox --port 4011)',
  ]);
  expect(problemsOf(usesOf('d.md', '```sh\nnpx hostapi-mock --sandbox --port 4010\n```\n'), ['4010'])).toEqual([
    "d.md: npx hostapi-mock --sandbox --port 4010 (4010 is pnpm start's)",
  ]);
});
