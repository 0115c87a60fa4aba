import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The packages packed once, as the root README says (`pnpm vendor`), for every test file.
    globalSetup: ['test/setup/vendor.ts'],
    // npm installs into fresh projects, tsc, and suites run inside them.
    // (a section installing from the npm registry took over 180 s on a loaded CI machine)
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
