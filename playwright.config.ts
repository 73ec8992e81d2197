import { defineConfig } from '@playwright/test';

// Look-ups of mail domains at import go to a closed port on loopback, never
// the internet; set here so the core in each worker sees it.
process.env.LIST_CLEANER_DNS_SERVERS ??= '127.0.0.1:9';

// Debian's Chromium, never a downloaded browser; flags keep it off the
// network, which this machine (and CI) does not have.
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  // One spec at a time: each test's app and Chromium keep both cores busy
  // (two workers measured no faster, 12.3 min either way, and less steady).
  workers: Number(process.env.LIST_CLEANER_TEST_WORKERS) || 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
});
