// The published runtime uses only web platform APIs (fetch, URL, FormData, AbortSignal), so it
// runs in browsers as in Node.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it.each(['dist/index.js', 'dist/index.cjs'])('%s uses no Node-only API and imports only openapi-fetch', (file) => {
  const code = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  // One guarded feature check (`globalThis.process?.versions`: which fetch is this?) and no use.
  expect(code.match(/\bprocess\b/g)).toHaveLength(1);
  expect(code).toMatch(/typeof globalThis\.process\?\.versions\?\.undici/);
  expect(code).not.toMatch(/\b(Buffer|__dirname|setImmediate)\b/);
  expect(code).not.toMatch(/['"]node:/);
  const imports = [
    ...code.matchAll(/^import\b[^'"]*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\brequire\(['"]([^'"]+)['"]\)/g),
  ].map((m) => m[1]);
  expect(new Set(imports)).toEqual(new Set(['openapi-fetch']));
});
