import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests and hooks start mocks, Redis, Prism and browsers: on a loaded 2-core CI machine two
    // mocks once took over 30 s to be ready.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own Prism; one at a time keeps a 2-core machine responsive.
    fileParallelism: false,
    // Files share one worker and its loaded modules (vitest, the engine, the parsed description):
    // a worker and module graph of its own per file repeated the same cold start 42 times. Every
    // mock, sandbox, store and server a test uses is still its own; only caches and read-only
    // data outlive a file.
    isolate: false,
  },
});
