import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The published types must not depend on Node's.
  dts: { compilerOptions: { types: [] } },
  clean: true,
  target: 'es2022',
});
