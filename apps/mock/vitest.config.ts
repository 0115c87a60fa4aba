import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Hooks start servers and browsers and remove installed projects: slow on a loaded CI machine.
    hookTimeout: 30_000,
    // Each file starts its own Prism; one at a time keeps a 2-core machine responsive.
    fileParallelism: false,
  },
});
