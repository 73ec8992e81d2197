import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // The tests that spawn `list-cleaner` run the built command, as it ships: built first.
    globalSetup: ['test/unit/build-cli.global.ts'],
  },
});
