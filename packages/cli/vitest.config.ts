import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test runs the built bin as a person does: a child process, with its arguments and environment.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
