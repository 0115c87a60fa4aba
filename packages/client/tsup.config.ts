import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineConfig({
  entry: ['src/index.ts', 'src/paths.ts'],
  format: ['esm', 'cjs'],
  // One copy of the shared code for both entries, in CommonJS as in ESM: an error thrown by the
  // path client is an instance of the root's HostApiError.
  splitting: true,
  treeshake: true,
  // The wire module is bundled in and the description's types inlined into the .d.ts, so that
  // openapi-fetch stays the only dependency a consumer installs.
  noExternal: ['@hostapi/spec'],
  dts: { resolve: ['@hostapi/types', '@hostapi/spec'], compilerOptions: { types: [] } },
  define: { __VERSION__: JSON.stringify(version) },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  external: ['openapi-fetch'],
});
