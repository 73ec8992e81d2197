import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BASE_URL,
  openSettingsStore,
  settingsSchema,
} from '../../../electron/settings/settings';
import { DEFAULT_BILLING_URL } from '../../../electron/common/urls/billing-url';
import { setLogSink } from '../../../electron/lib/log';

const tempDir = () => mkdtemp(join(tmpdir(), 'list-cleaner-settings-'));

describe('settings', () => {
  it('starts from defaults when there is no file', async () => {
    const store = await openSettingsStore(await tempDir());
    expect(store.get()).toEqual({
      version: 1,
      baseUrl: DEFAULT_BASE_URL,
      // The default service's billing page, for the "Add funds" link.
      billingUrl: DEFAULT_BILLING_URL,
      theme: 'system',
      // The system's language until the user chooses one.
      language: 'system',
      pollIntervalSeconds: 30,
      // Answers are reused for a month; no spending limit and no entered price until the user sets them.
      reuseDays: 30,
      maxSpendMicros: null,
      enteredPrices: { email: null, avatar: null },
      // No reminders to check a list again until the user asks for them.
      recheckDays: null,
      // A refusing service is waited out for six hours before a job pauses.
      patienceHours: 6,
      // Unknown answers are asked again, free, 30 minutes, 4 hours and 24 hours after a job.
      askAgainDelays: [1_800, 14_400, 86_400],
      bounceGatePercent: 2,
      account: 'none',
      // No team store until the user connects one.
      teamUrl: null,
      teamRootCert: null,
    });
  });

  it('keeps a team store address only without its password', () => {
    const bare = 'postgres://crew@db.example.test:5432/list_cleaner';
    expect(settingsSchema.parse({ teamUrl: bare }).teamUrl).toBe(bare);
    expect(
      settingsSchema.safeParse({ teamUrl: 'postgres://crew:secret@db.example.test/x' }).success,
    ).toBe(false);
    expect(settingsSchema.safeParse({ teamUrl: 'https://db.example.test/x' }).success).toBe(false);
  });

  it('keeps a saved team store address a later rule refuses, and every other setting with it', async () => {
    // An older version saved these (encrypted without checking the host; a
    // certificate named in the address): the store is refused where it is
    // opened, with words, and settings.json is not set aside for it.
    for (const teamUrl of [
      'postgres://crew@db.example.test/x?sslmode=require',
      'postgres://crew@db.example.test/x?sslrootcert=%2Fetc%2Fca.pem',
    ]) {
      const dir = await tempDir();
      const saved = { theme: 'dark', maxSpendMicros: 2_000_000, account: 'key', teamUrl };
      await writeFile(join(dir, 'settings.json'), JSON.stringify(saved));
      const store = await openSettingsStore(dir);
      expect(store.get()).toMatchObject(saved);
      expect(await readdir(dir)).toEqual(['settings.json']);
    }
  });

  it('persists updates atomically and reads them back', async () => {
    const dir = await tempDir();
    const store = await openSettingsStore(dir);
    await store.update({ theme: 'dark', baseUrl: 'https://verify.example.org/' });
    const again = await openSettingsStore(dir);
    expect(again.get()).toMatchObject({ theme: 'dark', baseUrl: 'https://verify.example.org/' });
    expect(await readdir(dir)).toEqual(['settings.json']); // no temporary file left behind
  });

  it('refuses values outside the rules and keeps the old ones', async () => {
    const store = await openSettingsStore(await tempDir());
    await expect(store.update({ pollIntervalSeconds: 5 })).rejects.toThrow();
    await expect(store.update({ baseUrl: 'ftp://nope.example' })).rejects.toThrow();
    expect(store.get().pollIntervalSeconds).toBe(30);
  });

  it('keeps an https billing page, or none, and refuses any other', async () => {
    const store = await openSettingsStore(await tempDir());
    await store.update({ billingUrl: 'https://pay.example.org/top-up' });
    expect(store.get().billingUrl).toBe('https://pay.example.org/top-up');
    await expect(store.update({ billingUrl: 'http://pay.example.org/' })).rejects.toThrow(
      /must start with https:\/\//,
    );
    await store.update({ billingUrl: null });
    expect(store.get().billingUrl).toBeNull();
  });

  it('refuses an unencrypted address elsewhere, saying why, and allows one on this machine', async () => {
    const store = await openSettingsStore(await tempDir());
    await expect(store.update({ baseUrl: 'http://api.example.com' })).rejects.toThrow(
      /http:\/\/, which is not encrypted/,
    );
    expect(store.get().baseUrl).toBe(DEFAULT_BASE_URL);
    await store.update({ baseUrl: 'http://127.0.0.1:8787' });
    expect(store.get().baseUrl).toBe('http://127.0.0.1:8787');
  });

  it('never takes an unencrypted address from a hand-edited file', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), '{"baseUrl": "http://api.example.com"}');
    setLogSink(() => undefined);
    const store = await openSettingsStore(dir);
    expect(store.get().baseUrl).toBe(DEFAULT_BASE_URL);
    expect((await readdir(dir)).some((f) => f.startsWith('settings.json.damaged-'))).toBe(true);
  });

  it('sets a damaged file aside and starts from defaults', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'settings.json'), '{"theme": "purple"');
    setLogSink(() => undefined);
    const store = await openSettingsStore(dir);
    expect(store.get().theme).toBe('system');
    const files = await readdir(dir);
    const aside = files.find((f) => f.startsWith('settings.json.damaged-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside ?? ''), 'utf8')).toBe('{"theme": "purple"');
  });
});
