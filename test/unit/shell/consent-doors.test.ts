// The doors a compromised window could open without the user (issue 46): a
// first key put in place, the saved key removed, a price the limit counts
// with lowered, the page for adding funds changed, a team store reached,
// joined or left, suppression entries removed, the memory of paid answers
// forgotten. Each is called as the window calls it, through main's gate into
// the stand-in electron module's ipcMain; main asks in its own dialog, names
// what it does on one line, and on Cancel nothing is done.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import { APP_URL } from '../../../electron/shell/window/app-protocol';
import { registerIpc } from '../../../electron/shell/ipc-main';
import { nativeShell, type NativeDeps } from '../../../electron/shell/native';
import { consentDialog } from '../../../electron/shell/consent';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import { FakeWebContents, fakeElectron, invokeEvent, topFrame } from '../support/fake-electron';

vi.mock('electron', async () => (await import('../support/fake-electron')).electronModule);

const KEY = 'sk_live_doors_first_1a1a';
const OTHER_KEY = 'sk_live_doors_other_2b2b';
const YES = 0;
const CANCEL = 1;

let home: Sandbox;
/** A TCP listener standing for a database: it counts the connections main opens to it. */
let listener: Server;
let connections = 0;
let port = 0;
beforeAll(async () => {
  home = await startSandbox({
    accounts: [
      { key: KEY, balanceMicros: 10_000_000 },
      { key: OTHER_KEY, balanceMicros: 10_000_000 },
    ],
  });
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});
afterAll(async () => {
  await home.stop();
  await new Promise((resolve) => listener.close(resolve));
});

let core: Core;
let keyStore: KeyStore;
let dir: string;
let homeSeen = 0;
const homeRequests = () => home.requests.slice(homeSeen);
const contents = new FakeWebContents();

async function app(): Promise<void> {
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
  core = await createCore({ dataDir: join(dir, 'data'), keyStore, shell: native });
  registerIpc(fakeElectron.ipcMain.asIpcMain(), core.registry, {
    contents: () => contents.asWebContents(),
    appUrl: APP_URL,
  });
}

type Answer = { ok: boolean; value?: unknown; error?: { code: string; message: string } };
/** A call as the window makes it: through the gate, from the app's top frame. */
const call = (channel: string, input?: unknown) =>
  fakeElectron.ipcMain.invoke(
    channel,
    invokeEvent(contents, topFrame(APP_URL)),
    input,
  ) as Promise<Answer>;
const answer = (response: number) => (fakeElectron.dialog.response = response);
const asked = () => fakeElectron.dialog.messageBoxes.map((box) => box.message);
/** A refusal for want of the user's yes. */
const DECLINED = { ok: false, error: { code: 'declined' } };

/** The user's key, saved with their yes; the dialogs are then forgotten. */
async function withKey(): Promise<void> {
  answer(YES);
  expect(await call('key:set', { apiKey: KEY, baseUrl: home.url })).toMatchObject({ ok: true });
  fakeElectron.dialog.reset();
  homeSeen = home.requests.length;
}

beforeEach(async () => {
  fakeElectron.reset();
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-doors-'));
  keyStore = createMemoryKeyStore(null);
  connections = 0;
  homeSeen = home.requests.length;
  await app();
});
afterEach(async () => {
  await core.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('the API key', () => {
  it('a first key is put in place only on a yes: on Cancel nothing is sent and none is saved', async () => {
    answer(CANCEL);
    expect(await call('key:set', { apiKey: OTHER_KEY, baseUrl: home.url })).toMatchObject(DECLINED);
    expect(asked()).toEqual([`Use the API key ending in 2b2b at ${new URL(home.url).host}?`]);
    expect(homeRequests()).toEqual([]);
    expect(await keyStore.get()).toBeNull();
    expect(core.account.status().mode).toBe('none');
  });

  it('removing the saved key asks, naming it; Cancel keeps it in the keychain', async () => {
    await withKey();
    answer(CANCEL);
    const refused = await call('key:clear');
    expect(refused).toMatchObject(DECLINED);
    expect(refused.error?.message).toContain('ending in 1a1a was kept');
    expect(asked()).toEqual(['Remove the API key ending in 1a1a from this computer?']);
    expect(core.account.status()).toMatchObject({ mode: 'key', keyLast4: '1a1a' });
    expect((await keyStore.get())?.apiKey).toBe(KEY);

    // After the quiet time a no keeps, a yes removes it.
    await core.dispose();
    await app();
    answer(YES);
    expect(await call('key:clear')).toMatchObject({ ok: true, value: { mode: 'none' } });
    expect(await keyStore.get()).toBeNull();
  });

  it('in the demo, another key over the saved one is the replace question', async () => {
    await withKey();
    expect(await call('demo:start')).toMatchObject({ ok: true });
    answer(CANCEL);
    expect(await call('key:set', { apiKey: OTHER_KEY, baseUrl: home.url })).toMatchObject(DECLINED);
    expect(asked()).toEqual(['Replace your key ending in 1a1a with the one ending in 2b2b?']);
    expect((await keyStore.get())?.apiKey).toBe(KEY);
    expect(homeRequests()).toEqual([]);
  });
});

describe('money settings', () => {
  it('a lower price asks; Cancel keeps the one the estimate and the limit count with', async () => {
    answer(YES);
    expect(
      await call('settings:update', { enteredPrices: { email: 10_000, avatar: null } }),
    ).toMatchObject({ ok: true });
    expect(asked()).toEqual(['Count email checks at $0.01 an address?']);

    fakeElectron.dialog.reset();
    answer(CANCEL);
    const lowered = await call('settings:update', { enteredPrices: { email: 1, avatar: null } });
    expect(lowered).toMatchObject(DECLINED);
    expect(asked()).toEqual(['Count email checks at $0.000001 an address?']);
    expect(fakeElectron.dialog.messageBoxes[0]?.detail).toContain('The price entered was $0.01.');
    expect(core.settings.get().enteredPrices).toEqual({ email: 10_000, avatar: null });

    // Raising a price, or forgetting one (the limit then asks before any start), asks nothing.
    fakeElectron.dialog.reset();
    expect(
      await call('settings:update', { enteredPrices: { email: 20_000, avatar: null } }),
    ).toMatchObject({ ok: true });
    expect(
      await call('settings:update', { enteredPrices: { email: null, avatar: null } }),
    ).toMatchObject({ ok: true });
    expect(fakeElectron.dialog.messageBoxes).toEqual([]);
  });

  it('another page for adding funds asks, naming its host; Cancel keeps the one there was', async () => {
    const before = core.settings.get().billingUrl;
    answer(CANCEL);
    const refused = await call('settings:update', { billingUrl: 'https://evil.example/pay' });
    expect(refused).toMatchObject(DECLINED);
    expect(asked()).toEqual(['Open evil.example when you add funds?']);
    expect(core.settings.get().billingUrl).toBe(before);

    // No page at all is not a door: nothing opens.
    fakeElectron.dialog.reset();
    expect(await call('settings:update', { billingUrl: null })).toMatchObject({ ok: true });
    expect(fakeElectron.dialog.messageBoxes).toEqual([]);
  });
});

describe('the team store', () => {
  const url = () => `postgres://mallory@127.0.0.1:${port}/shared`;

  it('testing a typed store asks, naming it; Cancel opens no connection', async () => {
    answer(CANCEL);
    const refused = await call('team:test', { url: url(), password: 'pw' });
    expect(refused).toMatchObject(DECLINED);
    expect(asked()).toEqual([`Connect to the team store mallory@127.0.0.1:${port}/shared?`]);
    expect(connections).toBe(0);
  });

  it('connecting to a store asks, naming it; Cancel saves nothing and opens no connection', async () => {
    answer(CANCEL);
    const refused = await call('team:connect', { url: url(), password: 'pw' });
    expect(refused).toMatchObject(DECLINED);
    expect(asked()).toEqual([`Share your work through mallory@127.0.0.1:${port}/shared?`]);
    expect(connections).toBe(0);
    expect(core.settings.get().teamUrl).toBeNull();
    expect(await call('team:status')).toMatchObject({ ok: true, value: { url: null } });
  });

  it('a typed address naming a certificate file is refused before any question or connection', async () => {
    answer(YES);
    for (const channel of ['team:test', 'team:connect']) {
      const refused = await call(channel, {
        url: `${url()}?sslrootcert=/dev/zero`,
        password: 'pw',
      });
      expect(refused).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: expect.stringMatching(/names a certificate file \(sslrootcert=\)/),
        },
      });
    }
    expect(asked()).toEqual([]);
    expect(connections).toBe(0);
    expect(core.settings.get()).toMatchObject({ teamUrl: null, teamRootCert: null });
  });

  it("the certificate is the file picked in main's own Open dialog: the window names none", async () => {
    // A path from the window is not even taken as input.
    expect(await call('team:rootcert', { path: '/etc/ssl/certs/ca.pem' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    // Cancelled in the dialog: nothing chosen.
    expect(await call('team:rootcert')).toEqual({ ok: true, value: null });
    // A FIFO picked stalls nothing and is refused with words.
    if (process.platform !== 'win32') {
      const fifo = join(dir, 'ca.pem');
      execFileSync('mkfifo', [fifo]);
      fakeElectron.dialog.openPaths = [fifo];
      expect(await call('team:rootcert')).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/not a regular file/) },
      });
    }
    const pem = join(dir, 'provider\u202E-ca.crt');
    await writeFile(pem, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    fakeElectron.dialog.openPaths = [pem];
    expect(await call('team:rootcert')).toEqual({
      ok: true,
      value: { fileName: 'provider-ca.crt' },
    });
    // Nothing is saved until a store is connected with it.
    expect(core.settings.get().teamRootCert).toBeNull();
  });

  it('leaving the saved store asks; Cancel keeps it', async () => {
    await core.settings.update({ teamUrl: url() });
    answer(CANCEL);
    expect(await call('team:remove')).toMatchObject(DECLINED);
    expect(asked()).toEqual([`Stop using mallory@127.0.0.1:${port}/shared?`]);
    expect(core.settings.get().teamUrl).toBe(url());
  });
});

describe('the suppression list and the memory', () => {
  async function suppressed(fileName: string): Promise<void> {
    const folder = join(dir, 'files');
    await mkdir(folder, { recursive: true });
    const path = join(folder, fileName);
    await writeFile(path, 'email\na@bounce.test\nb@bounce.test\nc@bounce.test\n');
    const { token } = await core.files.grant(path);
    expect(await call('suppression:import', { token })).toMatchObject({ ok: true });
  }
  const count = async () => (await (await core.workspace.jobs()).suppression()).count();

  it('removing a file asks on one line, naming it; Cancel keeps its entries', async () => {
    await core.registry.invoke('demo:start', undefined);
    // A name that would break the dialog's sentence: a line break, a bidi override, and long.
    const name = `bad\nname\u202E${'x'.repeat(80)}.csv`;
    await suppressed(name);
    expect(await count()).toBe(3);
    answer(CANCEL);
    expect(await call('suppression:dropfile', { name })).toMatchObject(DECLINED);
    const [message] = asked();
    expect(message).toMatch(/^Remove bad namex+… from your suppression list\?$/);
    expect(message).not.toMatch(/[\n\u202E]/);
    expect(fakeElectron.dialog.messageBoxes[0]?.detail).toContain('Its 3 addresses');
    expect(await count()).toBe(3);
  });

  it('removing one address asks; Cancel keeps it; an address not on the list asks nothing', async () => {
    await core.registry.invoke('demo:start', undefined);
    await suppressed('bounces.csv');
    answer(CANCEL);
    expect(await call('suppression:unlist', { address: 'b@bounce.test' })).toMatchObject(DECLINED);
    expect(asked()).toEqual(['Remove b@bounce.test from your suppression list?']);
    expect(await (await (await core.workspace.jobs()).suppression()).get('b@bounce.test')).not.toBe(
      null,
    );
    fakeElectron.dialog.reset();
    expect(await call('suppression:unlist', { address: 'z@elsewhere.test' })).toMatchObject({
      ok: true,
      value: { removed: false },
    });
    expect(fakeElectron.dialog.messageBoxes).toEqual([]);
  });

  it('forgetting the answers paid for asks with their number; Cancel keeps them', async () => {
    await core.registry.invoke('demo:start', undefined);
    const list = join(dir, 'spring.csv');
    await writeFile(list, 'email\na@provider1.test\nb@provider1.test\nc@provider1.test\n');
    const { token } = await core.files.grant(list);
    const imported = (await core.registry.invoke('list:import', { token })) as {
      value: { job: { id: string } };
    };
    const jobId = imported.value.job.id;
    await core.registry.invoke('job:start', { jobId, product: 'email' });
    await (await core.workspace.jobs()).finished(jobId);
    const before = (await call('memory:status')).value as { outcomes: number };
    expect(before.outcomes).toBeGreaterThan(0);

    answer(CANCEL);
    expect(await call('memory:forget')).toMatchObject(DECLINED);
    expect(asked()).toEqual([`Forget ${before.outcomes} answers already paid for?`]);
    expect(await call('memory:status')).toMatchObject({ value: { outcomes: before.outcomes } });
  });
});

describe('the dialogs’ words', () => {
  it('are the user’s language’s, from the catalogs', () => {
    const q = { kind: 'clear-key', last4: '1a1a', host: 'api.example' } as const;
    const english = consentDialog(q, translatorOf('en'));
    const german = consentDialog(q, translatorOf('de'));
    expect(english.buttons).toEqual(['Remove my key', 'Cancel']);
    expect(german.message).not.toBe(english.message);
    expect(german.message).toContain('1a1a');
    expect(german.buttons?.[1]).toBe(translatorOf('de').t('consent.cancel'));
    expect(german.buttons?.[1]).not.toBe('Cancel');
  });
});
