// The generated tables are what the generator makes of the current description (CI fails when
// src/generated is stale: run `pnpm generate`).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
// @ts-expect-error the generator is a plain .mjs script without types
import { OUTPUT, readBundle, render } from '../scripts/generate.mjs';

it('src/generated/operations.ts is up to date with the bundled description', () => {
  expect(readFileSync(OUTPUT, 'utf8')).toBe(render(readBundle()));
});
