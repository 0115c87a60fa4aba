// `pnpm release:dry-run` shows exactly what a release would publish: the six public packages
// at the version the pending changesets give them (a first release: 0.1.0, never 0.2.0), none of
// them on the registry yet, each with its repository (provenance needs it), public access and
// provenance, the files a user needs and no others, and its changelog entry; the description
// says the version it is published in. Nothing is changed.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = [
  {
    dir: 'spec',
    name: '@hostapi/spec',
    files: ['dist/openapi.json', 'dist/openapi.yaml', 'dist/lib/wire.js', 'dist/lib/wire.d.ts', 'dist/lib/document.js'],
  },
  {
    dir: 'packages/types',
    name: '@hostapi/types',
    files: ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts'],
  },
  {
    dir: 'packages/client',
    name: '@hostapi/client',
    files: ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts'],
  },
  { dir: 'packages/mcp', name: '@hostapi/mcp', files: ['dist/bin.js', 'dist/tools.js', 'dist/server.js'] },
  { dir: 'packages/cli', name: '@hostapi/cli', files: ['dist/bin.js', 'dist/operations.js', 'docs/commands.md'] },
  {
    dir: 'apps/mock',
    name: '@hostapi/mock',
    files: ['bin/mock.mjs', 'dist/bin.js', 'dist/index.js', 'dist/index.d.ts', 'fixtures/sandbox.yaml'],
  },
];

let output: string;
let statusBefore: string;
let statusAfter: string;

/** What `changeset version` would change: the changesets, the manifests, the changelogs. */
const gitStatus = async () =>
  (
    await run(
      'git',
      [
        'status',
        '--porcelain',
        '--',
        '.changeset',
        ...PACKAGES.flatMap(({ dir }) => [`${dir}/package.json`, `${dir}/CHANGELOG.md`]),
      ],
      { cwd: ROOT },
    )
  ).stdout;

beforeAll(async () => {
  statusBefore = await gitStatus();
  // turbo built the packages before this test runs (dependsOn ^build): the script need not.
  ({ stdout: output } = await run('pnpm', ['release:dry-run'], {
    cwd: ROOT,
    env: { ...process.env, RELEASE_DRY_RUN_BUILT: '1' },
    maxBuffer: 16 << 20,
  }));
  statusAfter = await gitStatus();
}, 360_000);

/** The part of the output about one package. */
const sectionOf = (name: string) => {
  const start = output.indexOf(`== ${name}@`);
  expect(start, `${name} in the output`).toBeGreaterThanOrEqual(0);
  const end = output.indexOf('\n== ', start + 1);
  return output.slice(start, end < 0 ? undefined : end);
};

it('publishes exactly the workspace packages not marked private', () => {
  expect([...output.matchAll(/^== (@hostapi\/[a-z]+)@/gm)].map((m) => m[1]).sort()).toEqual(
    PACKAGES.map((p) => p.name).sort(),
  );
});

it('lists the pending changesets and changes nothing in the repository', () => {
  expect(output).toContain('.changeset/first-release.md');
  expect(statusAfter).toBe(statusBefore);
});

describe.each(PACKAGES)('$name', ({ dir, name, files }) => {
  it('would be published for the first time, as 0.1.0', () => {
    expect(JSON.parse(readFileSync(`${ROOT}${dir}/package.json`, 'utf8')).version).toBe('0.0.0');
    expect(sectionOf(name)).toMatch(
      new RegExp(
        `^== ${name}@0\\.1\\.0 \\(0\\.0\\.0 before the release; first release: ${name} is not on the registry yet\\)`,
      ),
    );
    expect(output).not.toContain(`${name}@0.2.0`);
  });

  it('names its repository and directory, and publishes publicly with provenance', () => {
    const section = sectionOf(name);
    expect(section).toContain(
      `repository: {"type":"git","url":"git+https://github.com/hostapi/hostapi.git","directory":"${dir}"}`,
    );
    expect(section).toContain('publishConfig: {"access":"public","provenance":true}');
    expect(section).not.toContain('workspace:');
  });

  it('holds its licence, README, manifest and built files, and nothing of the workspace', () => {
    const packed = sectionOf(name)
      .split('\n')
      .filter((line) => line.startsWith('     package/'))
      .map((line) => line.trim().slice('package/'.length));
    expect(packed).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'package.json', ...files]));
    expect(
      packed.filter((file) => /^(test|node_modules|scripts)\/|\.test\.|tsconfig|vitest|turbo\.json/.test(file)),
    ).toEqual([]);
  });

  it('gets the changelog of its first release, 0.1.0 and nothing before it', () => {
    const changelog = sectionOf(name).split('   CHANGELOG.md:\n')[1]!.replace(/^ {5}/gm, '');
    expect(changelog).toMatch(new RegExp(`^# ${name}\\n\\n## 0\\.1\\.0\\n\\n### Minor Changes\\n`));
    expect(changelog).toMatch(/^- First release: /m);
    expect(changelog.match(/^## /gm)).toHaveLength(1);
  });
});

it('publishes the description saying the version of @hostapi/spec it is published in', () => {
  expect(sectionOf('@hostapi/spec')).toContain('\n   description: info.version 0.1.0\n');
});

it('publishes the client with its one runtime dependency, pinned', () => {
  expect(sectionOf('@hostapi/client')).toContain('dependencies: {"openapi-fetch":"0.17.0"}');
});

it('publishes the MCP server with its runtime dependencies pinned', () => {
  expect(sectionOf('@hostapi/mcp')).toContain(
    'dependencies: {"@hostapi/client":"0.1.0","@hostapi/spec":"0.1.0","@modelcontextprotocol/sdk":"1.32.2",' +
      '"ajv":"8.20.0","zod":"4.6.7"}',
  );
});

it('publishes the command line with its runtime dependencies pinned', () => {
  expect(sectionOf('@hostapi/cli')).toContain(
    'dependencies: {"@bomb.sh/tab":"0.0.22","@hostapi/client":"0.1.0","@hostapi/spec":"0.1.0",' +
      '"@jmespath-community/jmespath":"1.3.0","commander":"14.0.3","js-yaml":"5.5.0"}',
  );
});
