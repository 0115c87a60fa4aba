import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

export default defineConfig({
  // As tsup.config.ts writes it into the build.
  define: { __VERSION__: JSON.stringify(version) },
  test: {
    testTimeout: 30_000,
    // Hooks start servers and browsers and remove installed projects: slow on a loaded CI machine.
    hookTimeout: 30_000,
    projects: [
      // The package's own tests, against its sources.
      { extends: true, test: { name: 'unit', include: ['test/*.test.ts'] } },
      // As a consumer gets it: the packed tarballs installed with npm into a project of their own
      // (test/consumer/setup.ts, once for all these files), in Node, tsc and Chromium.
      {
        extends: true,
        test: { name: 'consumer', include: ['test/consumer/*.test.ts'], globalSetup: ['test/consumer/setup.ts'] },
      },
    ],
  },
});
