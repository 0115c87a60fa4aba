import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Once per run: the mocks (strict, in three modes) and the two generated clients, compiled.
    globalSetup: ['test/setup/global.ts'],
    testTimeout: 60_000,
    // Generating and compiling the clients and starting Chromium: slow on a loaded CI machine.
    hookTimeout: 120_000,
  },
});
