import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test starts the built bin as a child process, as an agent host does.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
