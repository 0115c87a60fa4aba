// What `pnpm vendor` packs, as another repository receives it: each tarball holds what its
// package needs at run time and for its types, nothing of this repository's tests, and its
// manifest names the other packed packages by the versions packed (never `workspace:`), so that
// `npm install ./vendor/hostapi/*.tgz` resolves them from the folder alone.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sh } from '../lib/pasted.js';

/** What each package's tarball holds at its top level. */
const TOP_LEVEL: Record<string, string[]> = {
  spec: ['LICENSE', 'README.md', 'dist', 'package.json'],
  types: ['LICENSE', 'README.md', 'dist', 'package.json', 'src'],
  client: ['LICENSE', 'README.md', 'dist', 'docs', 'package.json', 'src'],
  mcp: ['LICENSE', 'README.md', 'dist', 'package.json'],
  cli: ['LICENSE', 'README.md', 'dist', 'docs', 'package.json'],
  mock: ['LICENSE', 'README.md', 'bin', 'dist', 'docs', 'fixtures', 'package.json'],
};

interface Manifest {
  name: string;
  version: string;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const unpacked = mkdtempSync(join(tmpdir(), 'hostapi-vendored-'));
const manifests = new Map<string, Manifest>();
afterAll(() => rmSync(unpacked, { recursive: true, force: true }));

beforeAll(async () => {
  for (const name of Object.keys(TOP_LEVEL)) {
    const ran = await sh(
      `mkdir ${name} && tar -xzf ${join(inject('vendor'), `hostapi-${name}.tgz`)} -C ${name}`,
      unpacked,
    );
    expect(ran.code, ran.stderr).toBe(0);
    manifests.set(name, JSON.parse(readFileSync(join(unpacked, name, 'package/package.json'), 'utf8')));
  }
});

describe.each(Object.keys(TOP_LEVEL))('hostapi-%s.tgz', (name) => {
  it('holds the package and nothing of the tests', () => {
    const root = join(unpacked, name, 'package');
    expect(readdirSync(root).sort()).toEqual(TOP_LEVEL[name]);
    const all = readdirSync(root, { recursive: true }).map(String);
    expect(
      all.filter((path) => /(^|\/)(test|tests|__tests__)(\/|$)|\.test\.[cm]?[jt]s$|vitest\.config/.test(path)),
    ).toEqual([]);
  });

  it('names the other packed packages by the versions packed', () => {
    const manifest = manifests.get(name)!;
    expect(manifest.name).toBe(`@hostapi/${name}`);
    const ours = Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(([dependency]) =>
      dependency.startsWith('@hostapi/'),
    );
    for (const [dependency, range] of ours) {
      expect(range, `${name} → ${dependency}`).toBe(manifests.get(dependency.slice('@hostapi/'.length))!.version);
    }
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
  });
});

it('the mock tarball carries its command and its built-in fixture', () => {
  const mock = manifests.get('mock')!;
  expect(mock.bin).toEqual({ 'hostapi-mock': './bin/mock.mjs' });
  expect(readFileSync(join(unpacked, 'mock/package/bin/mock.mjs'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  expect(readdirSync(join(unpacked, 'mock/package/fixtures'))).toContain('sandbox.yaml');
  expect(Object.keys(manifests.get('mock')!.dependencies ?? {})).toContain('@hostapi/spec');
});

it('the MCP tarball carries its command, which runs on the description and the client', () => {
  const mcp = manifests.get('mcp')!;
  expect(mcp.bin).toEqual({ 'hostapi-mcp': './dist/bin.js' });
  expect(readFileSync(join(unpacked, 'mcp/package/dist/bin.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  expect(Object.keys(mcp.dependencies ?? {})).toEqual(expect.arrayContaining(['@hostapi/client', '@hostapi/spec']));
});

it('the CLI tarball carries its command, which runs on the description and the client', () => {
  const cli = manifests.get('cli')!;
  expect(cli.bin).toEqual({ hostapi: './dist/bin.js' });
  expect(readFileSync(join(unpacked, 'cli/package/dist/bin.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  expect(Object.keys(cli.dependencies ?? {})).toEqual(expect.arrayContaining(['@hostapi/client', '@hostapi/spec']));
});
