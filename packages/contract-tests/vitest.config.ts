import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One in-process mock for every file, strict, with request and response validation on.
    globalSetup: ['test/setup/mock.ts'],
    testTimeout: 60_000,
    // Hooks start servers and browsers and remove installed projects: slow on a loaded CI machine.
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
