import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The description's types are inlined into the .d.ts, so that openapi-fetch stays the only
  // dependency a consumer installs.
  dts: { resolve: ['@hostapi/types'], compilerOptions: { types: [] } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  external: ['openapi-fetch'],
});
