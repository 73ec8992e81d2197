// What the command line's connection tells the jobs, so that the app and
// `list-cleaner` on one data folder act alike: whose memory of paid answers
// (the key's fingerprint, or the demo's, as the app's account names them), the
// demo's jobs in <dataDir>/demo, the app's reuse window, spending limit and
// entered prices, and the data folder Electron gives the app on each OS.
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_MEMORY, memoryAccountOf } from '../../../electron/lib/account-name';
import { connect } from '../../../electron/cli/connect';
import { appDataDir } from '../../../electron/cli/data-dir';
import { openSettingsStore } from '../../../electron/settings/settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-connect-memory-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const KEY = 'sk_test_memory_account';
const env = { LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9', LIST_CLEANER_API_KEY: KEY };

describe('the connection', () => {
  it('names the key’s memory by its fingerprint, as the app does, never by the key', async () => {
    const c = await connect(dir, { demo: false, env });
    expect(c.memoryAccount).toBe(memoryAccountOf(KEY));
    expect(c.memoryAccount).not.toContain(KEY);
    expect(c.demo).toBe(false);
    const other = await connect(dir, {
      demo: false,
      env: { ...env, LIST_CLEANER_API_KEY: 'sk_2' },
    });
    expect(other.memoryAccount).not.toBe(c.memoryAccount);
  });

  it('keeps the demo’s jobs and memory in <dataDir>/demo, as the app does', async () => {
    const c = await connect(dir, { demo: true, env: {} });
    try {
      expect(c.dataDir).toBe(join(dir, 'demo'));
      expect(c.memoryAccount).toBe(DEMO_MEMORY);
      // Its sandbox ends with the command (the jobs' front door says so for the demo).
      expect(c.demo).toBe(true);
      expect(c.enteredPrices).toBeUndefined();
    } finally {
      await c.close();
    }
  });

  it('takes the app’s reuse window, spending limit and entered prices', async () => {
    const defaults = await connect(dir, { demo: false, env });
    expect(defaults.costDefaults).toEqual({ reuseDays: 30, maxSpendMicros: null });
    await (
      await openSettingsStore(dir)
    ).update({
      reuseDays: 7,
      maxSpendMicros: 5_000_000,
      enteredPrices: { email: 800, avatar: null },
    });
    const c = await connect(dir, { demo: false, env });
    expect(c.costDefaults).toEqual({ reuseDays: 7, maxSpendMicros: 5_000_000 });
    expect(c.enteredPrices).toEqual({ email: 800, avatar: null });
    const demo = await connect(dir, { demo: true, env: {} });
    expect(demo.costDefaults).toEqual({ reuseDays: 7, maxSpendMicros: 5_000_000 });
    await demo.close();
  });
});

describe('the data folder', () => {
  // Electron's userData: appData (per OS) joined with the productName, "List Cleaner".
  it.each([
    ['linux', {}, join(homedir(), '.config', 'List Cleaner')],
    ['linux', { XDG_CONFIG_HOME: '/cfg' }, join('/cfg', 'List Cleaner')],
    ['darwin', {}, join(homedir(), 'Library', 'Application Support', 'List Cleaner')],
    [
      'win32',
      { APPDATA: 'C:\\Users\\jo\\AppData\\Roaming' },
      join('C:\\Users\\jo\\AppData\\Roaming', 'List Cleaner'),
    ],
  ] as const)('on %s with %j is the app’s', (platform, environment, expected) => {
    expect(appDataDir(environment, platform)).toBe(expected);
  });
});
