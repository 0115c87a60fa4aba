// The published runtime uses only web platform APIs (fetch, URL, FormData, AbortSignal), so it
// runs in browsers as in Node. (DEBUG and Node's version, for the User-Agent, are read from
// `globalThis.process?.`, a guarded property that is undefined in browsers; a bare `process`
// would throw there.)
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const DIST = new URL('../dist/', import.meta.url);
const CODE = readdirSync(DIST).filter((file) => /\.c?js$/.test(file));

it('the build is the two entries and the code they share, in ESM and CommonJS', () => {
  expect(CODE.filter((file) => !file.startsWith('chunk-')).sort()).toEqual([
    'index.cjs',
    'index.js',
    'paths.cjs',
    'paths.js',
  ]);
});

it.each(CODE)('%s uses no Node-only API and imports only openapi-fetch or its own chunks', (file) => {
  const code = readFileSync(new URL(file, DIST), 'utf8');
  expect(code).not.toMatch(/\b(Buffer|__dirname|setImmediate)\b/);
  for (const use of code.matchAll(/\bprocess\b/g))
    expect(code.slice(use.index - 'globalThis.'.length, use.index + 'process?.'.length)).toBe('globalThis.process?.');
  expect(code).not.toMatch(/['"]node:/);
  const imports = [
    ...code.matchAll(/^import\b[^'"]*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\brequire\(['"]([^'"]+)['"]\)/g),
  ].map((m) => m[1]);
  for (const name of imports) expect(name).toMatch(/^(openapi-fetch|\.\/chunk-[\w-]+\.c?js)$/);
  // openapi-fetch only where the path client is.
  expect(imports.includes('openapi-fetch')).toBe(file.startsWith('paths.'));
});
