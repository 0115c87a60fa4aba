import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Packs three packages and asks the registry about each.
    testTimeout: 180_000,
    // Hooks start servers and browsers and remove installed projects: slow on a loaded CI machine.
    hookTimeout: 180_000,
  },
});
