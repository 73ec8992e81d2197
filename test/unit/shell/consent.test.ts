// Main acts for the window only with the user's answer in main's own dialog:
// replacing the saved key, sending a key to an address no key was proven
// for, starting a job over its spending limit and raising (or lifting) that
// limit. Each channel is called as the window calls it, through the gate
// into the stand-in electron module's ipcMain, and the user answers in the
// stand-in's message box; the dialogs are rate-limited.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';
import { APP_URL } from '../../../electron/shell/window/app-protocol';
import {
  consentDialog,
  createConsent,
  DIALOGS_PER_MINUTE,
  QUIET_AFTER_NO_MS,
} from '../../../electron/shell/consent';
import { registerIpc } from '../../../electron/shell/ipc-main';
import { nativeShell, type NativeDeps } from '../../../electron/shell/native';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import type { ConsentQuestion } from '../../../electron/lib/consent';
import { FakeWebContents, fakeElectron, invokeEvent, topFrame } from '../support/fake-electron';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);

const KEY = 'sk_live_consent_first_1a1a';
const OTHER_KEY = 'sk_live_consent_other_2b2b';
const YES = 0;
const CANCEL = 1;

let home: Sandbox;
let elsewhere: Sandbox;
beforeAll(async () => {
  home = await startSandbox({
    accounts: [
      { key: KEY, balanceMicros: 10_000_000 },
      { key: OTHER_KEY, balanceMicros: 10_000_000 },
    ],
  });
  elsewhere = await startSandbox({
    host: '127.0.0.2',
    accounts: [{ key: KEY, balanceMicros: 42 }],
  });
});
afterAll(async () => {
  await home.stop();
  await elsewhere.stop();
});

let core: Core;
// Requests each sandbox had before this test: only the ones after count.
let homeSeen = 0;
let elsewhereSeen = 0;
const homeRequests = () => home.requests.slice(homeSeen);
const elsewhereRequests = () => elsewhere.requests.slice(elsewhereSeen);
let dir: string;
const contents = new FakeWebContents();

/** A core behind main's gate, with the native shell over the stand-in dialog. */
async function app(): Promise<void> {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-consent-'));
  fakeElectron.ipcMain.reset();
  const native = nativeShell({
    dialog: fakeElectron.dialog.asDialog(),
    shell: { showItemInFolder: () => undefined },
    Notification: { isSupported: () => false },
    window: () => null,
    openResults: () => undefined,
    openWindow: () => undefined,
    words: () => translatorOf('en'),
  } as unknown as NativeDeps);
  core = await createCore({ dataDir: dir, keyStore: createMemoryKeyStore(null), shell: native });
  registerIpc(fakeElectron.ipcMain.asIpcMain(), core.registry, {
    contents: () => contents.asWebContents(),
    appUrl: APP_URL,
  });
}

/** A call as the window makes it: through the gate, from the app's top frame. */
const call = (channel: string, input?: unknown) =>
  fakeElectron.ipcMain.invoke(channel, invokeEvent(contents, topFrame(APP_URL)), input) as Promise<{
    ok: boolean;
    value?: unknown;
    error?: { code: string; message: string };
  }>;

/** The user's answer to the next dialogs; what was asked. */
const answer = (response: number) => (fakeElectron.dialog.response = response);
const asked = () => fakeElectron.dialog.messageBoxes.map((box) => box.message);

async function connected(): Promise<void> {
  answer(YES);
  const set = await call('key:set', { apiKey: KEY, baseUrl: home.url });
  expect(set).toMatchObject({ ok: true });
  // The plan's price, so an estimate has figures (1 cent an address).
  expect(
    await call('settings:update', { enteredPrices: { email: 10_000, avatar: null } }),
  ).toMatchObject({ ok: true });
  fakeElectron.dialog.reset();
  homeSeen = home.requests.length;
}

async function draft(count: number): Promise<string> {
  const path = join(dir, 'spring.csv');
  const rows = Array.from({ length: count }, (_, i) => `deliverable+${i}@provider1.test`);
  await writeFile(path, `email\n${rows.join('\n')}\n`);
  const { token } = await core.files.grant(path);
  const imported = await call('list:import', { token });
  return (imported.value as { job: { id: string } }).job.id;
}

beforeEach(async () => {
  fakeElectron.reset();
  homeSeen = home.requests.length;
  elsewhereSeen = elsewhere.requests.length;
  await app();
});
afterEach(async () => {
  await core.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('a key for an address no key was proven for', () => {
  it('a first key is not sent without the user’s yes; with it, it is proven and kept', async () => {
    answer(CANCEL);
    const refused = await call('key:set', { apiKey: KEY, baseUrl: home.url });
    expect(refused).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(refused.error?.message).toContain('Nothing was sent or charged');
    // A first key: one question naming it and its address, with the warning about an address not the service's.
    expect(asked()).toEqual([`Use the API key ending in 1a1a at ${new URL(home.url).host}?`]);
    expect(fakeElectron.dialog.messageBoxes[0]?.detail).toContain(
      `${new URL(home.url).host} is not the verification service's own address`,
    );
    expect(homeRequests()).toEqual([]);
    expect(core.account.status().mode).toBe('none');

    fakeElectron.dialog.reset();
    // A fresh app: the no above quiets this question for a while.
    await core.dispose();
    await app();
    answer(YES);
    expect(await call('key:set', { apiKey: KEY, baseUrl: home.url })).toMatchObject({ ok: true });
    expect(homeRequests().map((r) => r.path)).toEqual(['/api/v1/balance']);
  });

  it('replacing the saved key asks first, naming both keys; Cancel keeps the old one', async () => {
    await connected();
    answer(CANCEL);
    const refused = await call('key:set', { apiKey: OTHER_KEY });
    expect(refused).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(asked()).toEqual(['Replace your key ending in 1a1a with the one ending in 2b2b?']);
    expect(homeRequests()).toEqual([]);
    expect(core.account.status().keyLast4).toBe('1a1a');
  });

  it('moving the saved key to another origin through key:set asks first', async () => {
    await connected();
    answer(CANCEL);
    const refused = await call('key:set', { apiKey: KEY, baseUrl: elsewhere.url });
    expect(refused).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(asked()).toEqual([`Send your API key to ${new URL(elsewhere.url).host}?`]);
    expect(elsewhereRequests()).toEqual([]);
  });

  it('key:confirm called again and again shows one dialog, and sends nothing', async () => {
    await connected();
    await call('settings:update', { baseUrl: elsewhere.url });
    answer(CANCEL);
    for (let i = 0; i < 10; i++) {
      const status = await call('key:confirm');
      expect(status).toMatchObject({ ok: true, value: { keyUnconfirmed: true } });
    }
    expect(fakeElectron.dialog.messageBoxes).toHaveLength(1);
    expect(elsewhereRequests()).toEqual([]);
  });
});

describe('the spending limit', () => {
  it('a start over the limit asks with the figures; Cancel starts nothing and charges nothing', async () => {
    await connected();
    await call('settings:update', { maxSpendMicros: 10_000 });
    const jobId = await draft(150);
    answer(CANCEL);
    const refused = await call('job:start', { jobId, product: 'email', overLimit: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(asked()).toEqual(['Check spring.csv for up to $1.50?']);
    expect(fakeElectron.dialog.messageBoxes[0]?.detail).toContain(
      'over your spending limit of $0.01',
    );
    expect(home.ledger.spent(KEY)).toBe(0);
    await expect((await core.workspace.jobs()).get(jobId)).resolves.toMatchObject({
      state: 'draft',
    });

    // Without asking to go over, it is refused as before, with no dialog.
    fakeElectron.dialog.reset();
    const plain = await call('job:start', { jobId, product: 'email' });
    expect(plain).toMatchObject({ ok: false, error: { code: 'over_limit' } });
    expect(fakeElectron.dialog.messageBoxes).toEqual([]);
  });

  it('a start over the limit goes once the user says yes, up to what it showed', async () => {
    await connected();
    await call('settings:update', { maxSpendMicros: 10_000 });
    const jobId = await draft(150);
    answer(YES);
    const started = await call('job:start', { jobId, product: 'email', overLimit: true });
    expect(started).toMatchObject({ ok: true, value: { limitMicros: 1_500_000 } });
  });

  it('raising or lifting the limit asks; lowering it does not', async () => {
    await connected();
    // From no limit to one: lower, so no question.
    expect(await call('settings:update', { maxSpendMicros: 1_000_000 })).toMatchObject({
      ok: true,
    });
    expect(await call('settings:update', { maxSpendMicros: 500_000 })).toMatchObject({ ok: true });
    expect(fakeElectron.dialog.messageBoxes).toEqual([]);

    answer(YES);
    expect(await call('settings:update', { maxSpendMicros: 2_000_000 })).toMatchObject({
      ok: true,
    });
    expect(asked()).toEqual(['Raise your spending limit from $0.50 to $2.00?']);
    expect(core.settings.get().maxSpendMicros).toBe(2_000_000);

    fakeElectron.dialog.reset();
    answer(CANCEL);
    const lifted = await call('settings:update', { maxSpendMicros: null });
    expect(lifted).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(asked()).toEqual(['Remove your spending limit of $2.00?']);
    expect(core.settings.get().maxSpendMicros).toBe(2_000_000);
  });
});

describe('the dialogs themselves', () => {
  const question: ConsentQuestion = {
    kind: 'send-key',
    host: 'b.example',
    provenHost: 'a.example',
  };

  it('default to Cancel, and say what the yes does', () => {
    for (const q of [
      question,
      { kind: 'replace-key', oldLast4: '1a1a', newLast4: '2b2b', host: 'a.example' },
      {
        kind: 'over-limit',
        fileName: 'x.csv',
        addresses: 10,
        estimateMicros: null,
        limitMicros: 1,
      },
      { kind: 'raise-limit', fromMicros: 1, toMicros: null },
    ] satisfies ConsentQuestion[]) {
      const box = consentDialog(q, translatorOf('en'));
      expect(box.buttons?.[1]).toBe('Cancel');
      expect(box.defaultId).toBe(1);
      expect(box.cancelId).toBe(1);
      expect(box.detail).toMatch(/\w/);
    }
  });

  it('are one at a time, quiet after a no, and few a minute', async () => {
    let clock = 1_000_000;
    let release: () => void = () => undefined;
    const shown: string[] = [];
    const consent = createConsent({
      dialog: {
        showMessageBox: async (options: Electron.MessageBoxOptions) => {
          shown.push(options.message);
          await new Promise<void>((r) => (release = r));
          return { response: CANCEL, checkboxChecked: false };
        },
      } as unknown as Pick<Electron.Dialog, 'showMessageBox'>,
      window: () => null,
      words: () => translatorOf('en'),
      now: () => clock,
    });
    const first = consent(question);
    // A second question while one is open is answered no at once.
    await expect(consent({ ...question, host: 'c.example' })).resolves.toBe(false);
    release();
    await expect(first).resolves.toBe(false);
    expect(shown).toHaveLength(1);
    // The same kind, asked again soon after the no: no dialog.
    await expect(consent(question)).resolves.toBe(false);
    expect(shown).toHaveLength(1);
    clock += QUIET_AFTER_NO_MS;
    const again = consent(question);
    release();
    await expect(again).resolves.toBe(false);
    expect(shown).toHaveLength(2);
  });

  it('are no more than a few a minute, even when each is answered yes', async () => {
    let clock = 1_000_000;
    let shown = 0;
    const consent = createConsent({
      dialog: {
        showMessageBox: async () => {
          shown += 1;
          return { response: YES, checkboxChecked: false };
        },
      } as unknown as Pick<Electron.Dialog, 'showMessageBox'>,
      window: () => null,
      words: () => translatorOf('en'),
      now: () => clock,
    });
    const answers: boolean[] = [];
    for (let i = 0; i < DIALOGS_PER_MINUTE + 2; i++) {
      answers.push(await consent({ kind: 'raise-limit', fromMicros: 1, toMicros: i + 2 }));
      clock += 1_000;
    }
    expect(shown).toBe(DIALOGS_PER_MINUTE);
    expect(answers.filter(Boolean)).toHaveLength(DIALOGS_PER_MINUTE);
    clock += 60_000;
    await expect(consent(question)).resolves.toBe(true);
  });
});
