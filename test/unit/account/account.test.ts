// The account through the same handler table the app's IPC uses, against the
// sandbox over real HTTP. The keychain is replaced by the memory store here;
// the real keychain has its own suite.
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { log, setLogSink } from '../../../electron/lib/log';

const KEY = 'sk_live_account_suite_good_4c2d';
let sandbox: Sandbox;
const logLines: string[] = [];
const cores: Core[] = [];

beforeAll(async () => {
  setLogSink((_level, line) => logLines.push(line));
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 3_500_000 }] });
});
afterAll(() => sandbox.stop());
afterEach(async () => {
  for (const core of cores.splice(0)) await core.dispose();
  expect(logLines.join('\n')).not.toContain(KEY);
});

async function core(dataDir?: string, keyStore: KeyStore = createMemoryKeyStore(null)) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'list-cleaner-account-')));
  // The user says yes in main's dialogs (a key for the sandbox's address).
  const c = await createCore({ dataDir: dir, keyStore, shell: { consent: async () => true } });
  cores.push(c);
  return { core: c, dir, keyStore };
}

describe('a key typed into a key:set that fails', () => {
  it('appears in no log line and no answer, even where the server echoes it back', async () => {
    const typed = 'sk_live_typed_and_echoed_9e9e';
    // A server that quotes the key it was sent back, in its error message and
    // where the balance should be.
    const echo = createServer((req, res) => {
      const key = String(req.headers['x-api-key']);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, msg: `ok ${key}`, data: { balance_micros: key } }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const { core: c } = await core();
      const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
      const answer = await c.registry.invoke('key:set', { apiKey: typed, baseUrl: url });
      expect(answer).toMatchObject({ ok: false });
      expect(JSON.stringify(answer)).not.toContain(typed);
      // Whatever logs it later, by mistake, writes it redacted: it was
      // registered as a secret when typed, not only once proven.
      log.error('a careless line', new Error(`the key was ${typed}`));
      expect(logLines.join('\n')).toContain('the key was [redacted]');
      expect(logLines.join('\n')).not.toContain(typed);
    } finally {
      await new Promise((resolve) => echo.close(resolve));
    }
  });
});

describe('account', () => {
  it('starts with no account, and the balance says what to do', async () => {
    const { core: c } = await core();
    expect(await c.registry.invoke('key:status', undefined)).toMatchObject({
      ok: true,
      value: { mode: 'none', keyLast4: null },
    });
    expect(await c.registry.invoke('balance:get', undefined)).toMatchObject({
      ok: false,
      error: { code: 'no_account', message: expect.stringContaining('Paste your API key') },
    });
  });

  it('proves a key with a balance call before saving it', async () => {
    const { core: c, keyStore } = await core();
    const events: string[] = [];
    c.events.subscribe((event) => events.push(event));

    const wrong = await c.registry.invoke('key:set', {
      apiKey: 'sk_live_wrong_one_0000',
      baseUrl: sandbox.url,
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'auth_failed', serviceCode: 40100 } });
    expect(JSON.stringify(wrong)).not.toContain('sk_live_wrong_one_0000');
    expect(await keyStore.get()).toBeNull();
    // A key is kept out of the logs from the moment it is typed, proven or not.
    expect(logLines.join('\n')).not.toContain('sk_live_wrong_one_0000');

    const right = await c.registry.invoke('key:set', { apiKey: KEY, baseUrl: sandbox.url });
    expect(right).toEqual({
      ok: true,
      value: {
        mode: 'key',
        keyLast4: '4c2d',
        storage: 'memory',
        storageWarning: null,
        baseUrl: sandbox.url,
        keyHost: new URL(sandbox.url).host,
        keyUnconfirmed: false,
      },
    });
    expect(JSON.stringify(right)).not.toContain(KEY);
    // Kept with the address that proved it.
    expect(await keyStore.get()).toEqual({ apiKey: KEY, provenBaseUrl: sandbox.url });
    expect(events).toEqual(['balance:changed', 'account:changed']);

    expect(await c.registry.invoke('balance:get', undefined)).toMatchObject({
      ok: true,
      value: { balanceMicros: 3_500_000, fetchedAt: expect.any(String) },
    });
  });

  it('shows the last balance read, with its time, while the service does not answer', async () => {
    // A sandbox of its own: its maintenance must not reach the other tests.
    const down = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 9_480_000 }] });
    try {
      const { core: c } = await core();
      await c.registry.invoke('key:set', { apiKey: KEY, baseUrl: down.url });
      const read = await c.registry.invoke('balance:get', undefined);
      expect(read).toMatchObject({ ok: true, value: { balanceMicros: 9_480_000 } });
      const readAt = read.ok ? (read.value as { fetchedAt: string }).fetchedAt : '';

      down.faults.maintenance(true);
      // Not a red "unavailable" under $9.48: the same $9.48, said as last read at its time.
      expect(await c.registry.invoke('balance:get', undefined)).toEqual({
        ok: true,
        value: { balanceMicros: 9_480_000, fetchedAt: readAt, stale: true },
      });

      down.faults.maintenance(false);
      const back = await c.registry.invoke('balance:get', undefined);
      expect(back).toMatchObject({ ok: true, value: { balanceMicros: 9_480_000 } });
      expect(back).not.toMatchObject({ value: { stale: true } });
    } finally {
      await down.stop();
    }
  });

  it('keeps the last balance read across a restart, with its time, for the same key only', async () => {
    const down = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 9_480_000 }] });
    try {
      const first = await core();
      await first.core.registry.invoke('key:set', { apiKey: KEY, baseUrl: down.url });
      const read = await first.core.registry.invoke('balance:get', undefined);
      const readAt = read.ok ? (read.value as { fetchedAt: string }).fetchedAt : '';
      expect(readAt).not.toBe('');
      await first.core.dispose();
      cores.splice(cores.indexOf(first.core), 1);

      // The app starts again while the service is down: the same $9.48, said as last read then.
      down.faults.maintenance(true);
      const again = await core(first.dir, first.keyStore);
      expect(await again.core.registry.invoke('balance:get', undefined)).toEqual({
        ok: true,
        value: { balanceMicros: 9_480_000, fetchedAt: readAt, stale: true },
      });
      // Another key's balance is never shown as this one's.
      await again.core.registry.invoke('key:clear', undefined);
      await again.core.registry.invoke('demo:start', undefined);
      const demo = await again.core.registry.invoke('balance:get', undefined);
      expect(demo).not.toMatchObject({ value: { balanceMicros: 9_480_000 } });
    } finally {
      await down.stop();
    }
  });

  it('comes back with the saved key after a restart, and forgets it when cleared', async () => {
    const first = await core();
    await first.core.registry.invoke('key:set', { apiKey: KEY, baseUrl: sandbox.url });
    await first.core.dispose();

    const second = await core(first.dir, first.keyStore);
    expect(second.core.account.status()).toMatchObject({ mode: 'key', keyLast4: '4c2d' });
    expect(await second.core.registry.invoke('balance:get', undefined)).toMatchObject({ ok: true });

    await second.core.registry.invoke('key:clear', undefined);
    expect(await first.keyStore.get()).toBeNull();
    const third = await core(first.dir, first.keyStore);
    expect(third.core.account.status().mode).toBe('none');
  });

  it('runs the demo account on an in-process sandbox with 25 USD, also after a restart', async () => {
    const first = await core();
    expect(await first.core.registry.invoke('demo:start', undefined)).toMatchObject({
      ok: true,
      value: { mode: 'demo', keyLast4: null },
    });
    expect(await first.core.registry.invoke('balance:get', undefined)).toMatchObject({
      ok: true,
      value: { balanceMicros: 25_000_000 },
    });
    await first.core.dispose();

    const again = await core(first.dir);
    expect(again.core.account.status().mode).toBe('demo');
    expect(await again.core.registry.invoke('balance:get', undefined)).toMatchObject({ ok: true });
  });

  it('says when the key cannot outlive this run', async () => {
    const { core: c } = await core(undefined, createMemoryKeyStore('kept only until you quit'));
    const status = await c.registry.invoke('key:set', { apiKey: KEY, baseUrl: sandbox.url });
    expect(status).toMatchObject({
      ok: true,
      value: { storageWarning: 'kept only until you quit' },
    });
  });

  it('keeps using a saved key when only the path of its address changes', async () => {
    const { core: c } = await core();
    await c.registry.invoke('key:set', { apiKey: KEY, baseUrl: sandbox.url });
    await c.registry.invoke('settings:update', { baseUrl: `${sandbox.url}/` });
    expect(c.account.status()).toMatchObject({ keyUnconfirmed: false });
    expect(await c.registry.invoke('balance:get', undefined)).toMatchObject({ ok: true });
  });

  it('polls the demo sandbox quickly, and a real service never under 30 s', async () => {
    const demo = await core();
    await demo.core.registry.invoke('demo:start', undefined);
    expect(demo.core.account.client().pollIntervalMs).toBe(2_000);

    const real = await core();
    await real.core.registry.invoke('key:set', { apiKey: KEY, baseUrl: sandbox.url });
    expect(real.core.account.client().pollIntervalMs).toBe(30_000);
    await real.core.registry.invoke('settings:update', { pollIntervalSeconds: 90 });
    expect(real.core.account.client().pollIntervalMs).toBe(90_000);
    expect(
      await real.core.registry.invoke('settings:update', { pollIntervalSeconds: 10 }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
