// Which service the command line talks to, and how often it may poll: faster
// than every 30 s only on this machine (the sandbox), never for a real service.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, isLoopback } from '../../../electron/cli/connect';
import { appDataDir } from '../../../electron/cli/data-dir';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-connect-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const env = (baseUrl: string, poll = '0.05') => ({
  LIST_CLEANER_BASE_URL: baseUrl,
  LIST_CLEANER_API_KEY: 'sk_test_connect',
  LIST_CLEANER_POLL_SECONDS: poll,
});

describe('connect', () => {
  it.each(['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787'])(
    'polls as often as asked on %s',
    async (url) => {
      const c = await connect(dir, { demo: false, env: env(url) });
      expect(c.client.pollIntervalMs).toBe(50);
      expect(c.dataDir).toBe(dir);
      await c.close();
    },
  );

  it('never polls a real service more often than every 30 s', async () => {
    const c = await connect(dir, { demo: false, env: env('https://api.example.com') });
    expect(c.client.pollIntervalMs).toBe(30_000);
    const slow = await connect(dir, { demo: false, env: env('https://api.example.com', '45') });
    expect(slow.client.pollIntervalMs).toBe(45_000);
  });

  it('ignores a poll interval that is not a positive number', async () => {
    const c = await connect(dir, { demo: false, env: env('http://127.0.0.1:1', 'soon') });
    expect(c.client.pollIntervalMs).toBe(30_000);
  });

  it('refuses a base URL that is not a web address', async () => {
    await expect(connect(dir, { demo: false, env: env('not a url') })).rejects.toThrow(
      'LIST_CLEANER_BASE_URL is not a web address: not a url',
    );
  });

  it('keeps the demo’s jobs apart from the real ones', async () => {
    const c = await connect(dir, { demo: true, env: {} });
    expect(c.dataDir).toBe(join(dir, 'demo'));
    await expect(c.client.balance()).resolves.toEqual({ balanceMicros: 25_000_000 });
    await c.close();
  });

  it('tells loopback from the rest', () => {
    expect(isLoopback('http://127.0.0.1:1/api')).toBe(true);
    expect(isLoopback('https://127.0.0.1.example.com')).toBe(false);
    expect(isLoopback('https://localhost.example.com')).toBe(false);
  });

  it('uses LIST_CLEANER_DATA_DIR as the data folder when set', () => {
    expect(appDataDir({ LIST_CLEANER_DATA_DIR: '/data/lc' }, 'linux')).toBe('/data/lc');
    expect(appDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(join('/cfg', 'List Cleaner'));
  });
});
