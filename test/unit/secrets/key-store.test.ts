// The keychain for real: these tests talk to a running Secret Service
// (gnome-keyring in a D-Bus session, as .ci/run starts it).
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openKeyStore } from '../../../electron/secrets/key-store';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const services: string[] = [];

function testService(): string {
  const name = `List Cleaner unit ${randomBytes(4).toString('hex')}`;
  services.push(name);
  return name;
}

/** Reads the item straight from the Secret Service, bypassing our code. */
async function secretToolLookup(service: string): Promise<string | null> {
  try {
    const { stdout } = await run('secret-tool', [
      'lookup',
      'service',
      service,
      'username',
      'api-key',
    ]);
    return stdout;
  } catch {
    return null;
  }
}

/** Writes the item straight into the Secret Service, as an earlier version did. */
function secretToolStore(service: string, secret: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'secret-tool',
      ['store', '--label', service, 'service', service, 'username', 'api-key'],
      { stdio: ['pipe', 'ignore', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
    child.stdin.end(secret);
  });
}

afterEach(async () => {
  for (const service of services.splice(0)) {
    const store = await openKeyStore({ service });
    await store.clear().catch(() => undefined);
  }
});

describe.runIf(hasSecretService || process.env.CI)('key store on a real Secret Service', () => {
  it('saves, reads back and removes the key in the keychain', async () => {
    const service = testService();
    const store = await openKeyStore({ service });
    expect(store.storage).toBe('keychain');
    expect(store.warning).toBeNull();
    expect(await store.get()).toBeNull();

    const saved = {
      apiKey: 'sk_live_keychain_roundtrip_1a2b',
      provenBaseUrl: 'https://api.example.com/v1',
    };
    await store.set(saved);
    expect(await store.get()).toEqual(saved);
    // Independently visible in the Secret Service, so it is not the kernel keyring;
    // the address the key was proven against is kept in the same item.
    expect(JSON.parse((await secretToolLookup(service)) ?? 'null')).toEqual(saved);

    await store.clear();
    expect(await store.get()).toBeNull();
    expect(await secretToolLookup(service)).toBeNull();
  });

  it('keeps the key across openings, as across app restarts', async () => {
    const service = testService();
    const saved = { apiKey: 'sk_live_survives_restart_9z9z', provenBaseUrl: 'http://127.0.0.1:1' };
    await (await openKeyStore({ service })).set(saved);
    const reopened = await openKeyStore({ service });
    expect(await reopened.get()).toEqual(saved);
  });

  it('reads a bare key saved by an earlier version as a key with no address yet', async () => {
    const service = testService();
    await secretToolStore(service, 'sk_live_from_an_earlier_version_3c3c');
    expect(await (await openKeyStore({ service })).get()).toEqual({
      apiKey: 'sk_live_from_an_earlier_version_3c3c',
      provenBaseUrl: null,
    });
  });

  it('clearing when nothing is saved is not an error', async () => {
    const store = await openKeyStore({ service: testService() });
    await expect(store.clear()).resolves.toBeUndefined();
  });
});

describe('key store without a Secret Service', () => {
  it('keeps the key in memory only, says so, and never logs it', async () => {
    const key = 'sk_live_memory_only_key_77aa';
    const env = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/list-cleaner-bus',
    };
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./probe-key-store.ts', import.meta.url)), key],
      { env },
    );
    const result = JSON.parse(stdout) as Record<string, string | null>;
    expect(result.storage).toBe('memory');
    expect(result.warning).toMatch(/kept only until you quit/);
    expect(result.readBack).toBe(key);
    expect(result.afterClear).toBeNull();
    expect(result.log).toMatch(/keychain unavailable/);
    expect(result.log).not.toContain(key);
  });
});
