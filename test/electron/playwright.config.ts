import { defineConfig } from '@playwright/test';

// `npm run test:electron`: the e2e specs against the built app in a real
// Electron (test/electron/fixtures.ts). Run it through that script, which
// checks for Electron's binary, builds, and copies the specs to
// out/e2e-electron/ beside a fixtures.ts that launches the app.
export default defineConfig({
  testDir: '../../out/e2e-electron',
  testMatch: '**/*.spec.ts',
  // The bridge's own web server, which the real app does not use.
  testIgnore: ['**/built-app.spec.ts'],
  // Specs that need the core in the test's own process, or a file dropped
  // with no path on disk (only the bridge's preload accepts one), say so with
  // this tag; the fixture also skips any test that reaches for the core.
  grepInvert: /@bridgeOnly/,
  outputDir: '../../test-results/electron',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  reporter: [['list']],
});
