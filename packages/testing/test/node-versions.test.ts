// Each supported Node, fetched from the npm registry on first use, runs and says its version; a
// second call takes the cached binary (the same file, not fetched again).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { expect, it } from 'vitest';
import { nodeBinary, SUPPORTED_NODES } from '../src/node-versions.mjs';

it('the oldest is the one the published packages declare, and each is an exact version', () => {
  for (const dir of ['spec', 'packages/types', 'packages/client', 'apps/mock']) {
    const { engines } = JSON.parse(readFileSync(new URL(`../../../${dir}/package.json`, import.meta.url), 'utf8'));
    expect(engines.node, dir).toBe(`>=${SUPPORTED_NODES[0]!.split('.').slice(0, 2).join('.')}`);
  }
  for (const version of SUPPORTED_NODES) expect(version).toMatch(/^\d+\.\d+\.\d+$/);
});

it.each(SUPPORTED_NODES)('Node %s runs from the cache', { timeout: 300_000 }, async (version) => {
  const binary = await nodeBinary(version);
  expect(execFileSync(binary, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(`v${version}`);
  const { ino, mtimeMs } = statSync(binary);
  expect(await nodeBinary(version)).toBe(binary);
  expect(statSync(binary)).toMatchObject({ ino, mtimeMs });
});
