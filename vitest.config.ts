import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Vitest leaves a core for itself (one worker on a 2-core runner), yet
    // most files spend their time waiting on child processes, sockets and
    // timers: a worker per core keeps both busy. LIST_CLEANER_TEST_WORKERS overrides.
    maxWorkers:
      Number(process.env.LIST_CLEANER_TEST_WORKERS) || Math.max(2, availableParallelism()),
    // Look-ups of mail domains go to a closed port on loopback: never the
    // internet (the DNS suites start their own server and name it).
    // The suites read English; a language's own tests name theirs.
    env: { LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9', LIST_CLEANER_LANGUAGE: 'en' },
    // The tests that spawn `list-cleaner` run the built command, as it ships: built first.
    globalSetup: ['test/unit/build-cli.global.ts'],
  },
});
