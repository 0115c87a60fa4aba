// src/generated/openapi.ts is what openapi-typescript makes of the current description (CI fails
// when it is stale: run `pnpm generate`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

it('src/generated/openapi.ts is up to date with the bundled description', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hostapi-types-'));
  try {
    const fresh = join(dir, 'openapi.ts');
    // The same command as `pnpm generate`, written elsewhere.
    const script = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).scripts.generate as string;
    const [bin, ...args] = script.replace('src/generated/openapi.ts', fresh).split(' ');
    execFileSync(join(PACKAGE, 'node_modules', '.bin', bin!), args, { cwd: PACKAGE, stdio: 'pipe' });
    expect(readFileSync(join(PACKAGE, 'src/generated/openapi.ts'), 'utf8')).toBe(readFileSync(fresh, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
