// The sandbox from the published package: its built-in fixture and every module it loads are in
// the tarball (npm pack's own list of files), so `npx hostapi-mock --sandbox` works where the
// package is installed (package.test.ts installs the tarball and runs the default mode).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { BUILT_IN_FIXTURE } from '../src/sandbox/index.mjs';

const MOCK = fileURLToPath(new URL('..', import.meta.url));

it('the tarball holds the built-in fixture and the whole sandbox', () => {
  const [{ files }] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: MOCK, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const packed = new Set(files.map((file: { path: string }) => file.path));
  const sandbox = readdirSync(join(MOCK, 'src/sandbox'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(MOCK, join(entry.parentPath, entry.name)));
  expect(sandbox.length).toBeGreaterThan(10);
  for (const path of [relative(MOCK, BUILT_IN_FIXTURE), ...sandbox]) expect(packed.has(path), path).toBe(true);
}, 60_000);
