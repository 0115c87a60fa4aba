// The published runtime uses only web platform APIs (fetch, URL, FormData, AbortSignal), so it
// runs in browsers as in Node. (Node's fetch is told apart by undici's global dispatcher, a
// property of globalThis: see src/core/stop.ts. DEBUG is read as `globalThis.process?.env`, a
// guarded property that is undefined in browsers; a bare `process` would throw there.)
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it.each(['dist/index.js', 'dist/index.cjs'])('%s uses no Node-only API and imports only openapi-fetch', (file) => {
  const code = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  expect(code).not.toMatch(/\b(Buffer|__dirname|setImmediate)\b/);
  for (const use of code.matchAll(/\bprocess\b/g))
    expect(code.slice(use.index - 'globalThis.'.length, use.index + 'process?.'.length)).toBe('globalThis.process?.');
  expect(code).not.toMatch(/['"]node:/);
  const imports = [
    ...code.matchAll(/^import\b[^'"]*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\brequire\(['"]([^'"]+)['"]\)/g),
  ].map((m) => m[1]);
  expect(new Set(imports)).toEqual(new Set(['openapi-fetch']));
});
