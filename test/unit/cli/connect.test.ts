// Which service the command line talks to, and how often it may poll: faster
// than every 30 s only on this machine (the sandbox), never for a real service.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../../electron/cli/connect';
import { appDataDir } from '../../../electron/cli/data-dir';
import { DEMO_POLL_SECONDS } from '../../../electron/common/limits';
import { isLoopbackUrl as isLoopback } from '../../../electron/common/urls/service-url';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';
import { DEFAULT_BASE_URL, openSettingsStore } from '../../../electron/settings/settings';

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

  it('refuses a base URL that is not a web address, without repeating what was set', async () => {
    const attempt = connect(dir, { demo: false, env: env('sk_live_pasted_in_the_wrong_place') });
    await expect(attempt).rejects.toThrow(/^LIST_CLEANER_BASE_URL is not a web address: set it/);
    await expect(attempt).rejects.not.toThrow(/pasted_in_the_wrong_place/);
  });

  it('keeps the demo’s jobs apart from the real ones', async () => {
    const c = await connect(dir, { demo: true, env: {} });
    expect(c.dataDir).toBe(join(dir, 'demo'));
    await expect(c.client.balance()).resolves.toEqual({ balanceMicros: 25_000_000 });
    await c.close();
  });

  it('polls the demo at the app’s demo pace', async () => {
    const c = await connect(dir, { demo: true, env: { LIST_CLEANER_POLL_SECONDS: '0.05' } });
    expect(c.client.pollIntervalMs).toBe(DEMO_POLL_SECONDS * 1_000);
    await c.close();
  });

  it('tells loopback from the rest', () => {
    expect(isLoopback('http://127.0.0.1:1/api')).toBe(true);
    expect(isLoopback('https://127.0.0.1.example.com')).toBe(false);
    expect(isLoopback('https://localhost.example.com')).toBe(false);
  });

  it('refuses an unencrypted address for a service elsewhere, and says why', async () => {
    await expect(connect(dir, { demo: false, env: env('http://api.example.com') })).rejects.toThrow(
      /LIST_CLEANER_BASE_URL starts with http:\/\/, which is not encrypted/,
    );
  });

  it('uses LIST_CLEANER_DATA_DIR as the data folder when set', () => {
    expect(appDataDir({ LIST_CLEANER_DATA_DIR: '/data/lc' }, 'linux')).toBe('/data/lc');
    expect(appDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(join('/cfg', 'List Cleaner'));
  });
});

describe('the key saved in the app goes only where it was proven', () => {
  const KEY = 'sk_live_saved_in_the_app_5e5e';
  const saved = (provenBaseUrl: string) => async () => {
    const store = createMemoryKeyStore(null);
    await store.set({ apiKey: KEY, provenBaseUrl });
    return store;
  };
  const address = async (baseUrl: string) => (await openSettingsStore(dir)).update({ baseUrl });

  it('uses it at its own origin, whatever the path', async () => {
    await address('https://api.example.com/v2');
    const c = await connect(dir, {
      demo: false,
      env: {},
      keyStore: saved('https://api.example.com/v1'),
    });
    expect(c.client.baseUrl).toBe('https://api.example.com/v2');
    expect(c.label).toBe('api.example.com');
  });

  it('refuses the settings file’s other address, naming both hosts', async () => {
    await address('https://elsewhere.example.net');
    const attempt = connect(dir, {
      demo: false,
      env: {},
      keyStore: saved('https://api.example.com'),
    });
    await expect(attempt).rejects.toMatchObject({ code: 'key_unconfirmed' });
    await expect(attempt).rejects.toThrow(
      /proven for api\.example\.com, not elsewhere\.example\.net/,
    );
  });

  it('refuses LIST_CLEANER_BASE_URL at another origin without a key of its own', async () => {
    await address('https://api.example.com');
    await expect(
      connect(dir, {
        demo: false,
        env: { LIST_CLEANER_BASE_URL: 'https://api.example.com:8443' },
        keyStore: saved('https://api.example.com'),
      }),
    ).rejects.toMatchObject({ code: 'key_unconfirmed' });
  });

  it('sends a key from the environment, without an address, to the proven one', async () => {
    await address('https://elsewhere.example.net');
    const c = await connect(dir, {
      demo: false,
      env: { LIST_CLEANER_API_KEY: 'sk_live_from_env_7f7f' },
      keyStore: saved('https://api.example.com'),
    });
    expect(c.client.baseUrl).toBe('https://api.example.com');
  });

  it('takes a key and an address both given in the environment as the user’s choice', async () => {
    const c = await connect(dir, {
      demo: false,
      env: {
        LIST_CLEANER_API_KEY: 'sk_live_from_env_7f7f',
        LIST_CLEANER_BASE_URL: 'https://elsewhere.example.net',
      },
      keyStore: saved('https://api.example.com'),
    });
    expect(c.client.baseUrl).toBe('https://elsewhere.example.net');
  });

  it('sends a key from the environment to the default service when no key was proven', async () => {
    const c = await connect(dir, {
      demo: false,
      env: { LIST_CLEANER_API_KEY: 'sk_live_from_env_7f7f' },
      keyStore: async () => createMemoryKeyStore(null),
    });
    expect(c.client.baseUrl).toBe(DEFAULT_BASE_URL);
  });

  it('sends it nowhere when the settings name another address and no key was proven', async () => {
    await address('https://elsewhere.example.net');
    const attempt = connect(dir, {
      demo: false,
      env: { LIST_CLEANER_API_KEY: 'sk_live_from_env_7f7f' },
      keyStore: async () => createMemoryKeyStore(null),
    });
    await expect(attempt).rejects.toMatchObject({ code: 'key_unconfirmed' });
    await expect(attempt).rejects.toThrow(
      /LIST_CLEANER_BASE_URL=https:\/\/elsewhere\.example\.net\. Nothing was sent/,
    );
  });

  it('sends it nowhere when the keychain cannot be read and the settings name another address', async () => {
    await address('https://elsewhere.example.net');
    await expect(
      connect(dir, {
        demo: false,
        env: { LIST_CLEANER_API_KEY: 'sk_live_from_env_7f7f' },
        keyStore: () => Promise.reject(new Error('no Secret Service')),
      }),
    ).rejects.toMatchObject({ code: 'key_unconfirmed' });
  });
});

describe('a bare key saved by an earlier version', () => {
  const bare = async () => {
    const store = createMemoryKeyStore(null);
    // What an earlier version kept: the key alone, no address (key-store.ts, decodeSavedKey).
    return { ...store, get: async () => ({ apiKey: 'sk_live_bare_1b1b', provenBaseUrl: null }) };
  };

  it('goes to the default service address', async () => {
    const c = await connect(dir, { demo: false, env: {}, keyStore: bare });
    expect(c.client.baseUrl).toBe(DEFAULT_BASE_URL);
  });

  it('is not bound to whatever address settings.json names', async () => {
    await (await openSettingsStore(dir)).update({ baseUrl: 'https://elsewhere.example.net' });
    const attempt = connect(dir, { demo: false, env: {}, keyStore: bare });
    await expect(attempt).rejects.toMatchObject({ code: 'key_unconfirmed' });
    await expect(attempt).rejects.toThrow(/never proven for elsewhere\.example\.net/);
  });
});

describe('LIST_CLEANER_POLL_SECONDS', () => {
  it('is bounded: at most an hour, at least 30 s for a real service', async () => {
    const huge = await connect(dir, { demo: false, env: env('https://api.example.com', '1e20') });
    expect(huge.client.pollIntervalMs).toBe(3_600_000);
    const tiny = await connect(dir, { demo: false, env: env('http://127.0.0.1:1', '1e-9') });
    expect(tiny.client.pollIntervalMs).toBe(10);
  });
});
