import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Hooks start servers and browsers and remove installed projects: slow on a loaded CI machine.
    hookTimeout: 30_000,
    // Each browser test file drives its own Chromium: one file at a time on a small machine.
    fileParallelism: false,
    // Within a file, the tests marked concurrent (a page each: the operations' deep links, the
    // console's scenarios) run this many at a time: a page waits on the network and on Redoc's
    // script as much as it computes, and on 2 cores a third page keeps both busy.
    maxConcurrency: 3,
  },
});
