import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The lint-rule tests start Redocly and Spectral once per mutation: a Spectral run is 3 s of
    // CPU, but took 20 s of wall time on a CI machine loaded by the other packages' suites.
    testTimeout: 180_000,
    // Hooks start servers and browsers and remove installed projects: slow on a loaded CI machine.
    hookTimeout: 60_000,
  },
});
