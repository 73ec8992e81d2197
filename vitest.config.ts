import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Look-ups of mail domains go to a closed port on loopback: never the
    // internet (the DNS suites start their own server and name it).
    // The suites read English; a language's own tests name theirs.
    env: { LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9', LIST_CLEANER_LANGUAGE: 'en' },
    // The tests that spawn `list-cleaner` run the built command, as it ships: built first.
    globalSetup: ['test/unit/build-cli.global.ts'],
  },
});
