// src/generated/openapi.ts is what scripts/generate.mjs (openapi-typescript) makes of the current
// description (CI fails when it is stale: run `pnpm generate`).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
// @ts-expect-error the generator is a plain .mjs script without types
import { OUTPUT, readBundle, render } from '../scripts/generate.mjs';

it('src/generated/openapi.ts is up to date with the bundled description', async () => {
  expect(readFileSync(OUTPUT, 'utf8')).toBe(await render(readBundle()));
});
