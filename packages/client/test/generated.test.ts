// The generated files are what the generator makes of the current description (CI fails when
// src/generated is stale: run `pnpm generate`).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
// @ts-expect-error the generator is a plain .mjs script without types
import { OUTPUTS, readBundle, render } from '../scripts/generate.mjs';

const files: Record<string, string> = render(readBundle());

it.each(Object.keys(OUTPUTS))('src/generated/%s.ts is up to date with the bundled description', (name) => {
  expect(readFileSync(OUTPUTS[name], 'utf8')).toBe(files[name]);
});
