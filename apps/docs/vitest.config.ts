import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Hooks start servers and browsers and remove installed projects: slow on a loaded CI machine.
    hookTimeout: 30_000,
    // Each browser test file drives its own Chromium: one file at a time on a small machine.
    fileParallelism: false,
  },
});
