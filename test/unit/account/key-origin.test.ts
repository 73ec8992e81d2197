// The stored key goes only to the origin it was proven against. A window with
// script in it can change the service address (settings:update), but whatever
// it calls next, a second server on another loopback address never sees the
// key, until the user confirms that host in main's own dialog (or enters the
// key again for it).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import type { ChannelName } from '../../../electron/ipc/channels';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { openJobStore } from '../../../electron/jobs/storage/store';
import { newBulkTask } from '../../../electron/jobs/storage/record';
import { DEFAULT_BASE_URL } from '../../../electron/settings/settings';

const KEY = 'sk_live_proven_origin_suite_8b8b';
let home: Sandbox;
let elsewhere: Sandbox;
const cores: Core[] = [];

beforeAll(async () => {
  home = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 5_000_000 }] });
  // Another origin on this machine, holding the same key: were the key sent
  // there, it would answer, so only its request log can tell.
  elsewhere = await startSandbox({
    host: '127.0.0.2',
    accounts: [{ key: KEY, balanceMicros: 42 }],
  });
});
afterAll(async () => {
  await home.stop();
  await elsewhere.stop();
});
afterEach(async () => {
  home.faults.clear();
  for (const c of cores.splice(0)) await c.dispose();
});

interface Opened {
  core: Core;
  dir: string;
  keyStore: KeyStore;
  asked: [string, string][];
}

async function open(answer: boolean, reuse?: { dir: string; keyStore: KeyStore }): Promise<Opened> {
  const dir = reuse?.dir ?? (await mkdtemp(join(tmpdir(), 'list-cleaner-origin-')));
  const keyStore = reuse?.keyStore ?? createMemoryKeyStore(null);
  const asked: [string, string][] = [];
  const core = await createCore({
    dataDir: dir,
    keyStore,
    shell: {
      // The user typed the first key with its address: yes to that. The
      // question this suite is about, a key proven elsewhere, gets `answer`.
      consent: async (question) => {
        if (question.kind !== 'send-key' || question.provenHost === null) return true;
        asked.push([question.provenHost, question.host]);
        return answer;
      },
    },
  });
  cores.push(core);
  return { core, dir, keyStore, asked };
}

/** A list imported as a draft, through a granted file: multi checks, or a bulk task of 1,000. */
async function draft(
  o: Opened,
  name: string,
  count = 150,
  domain = 'provider1.test',
): Promise<string> {
  const path = join(o.dir, name);
  const rows = Array.from({ length: count }, (_, i) => `deliverable+${i}@${domain}`);
  await writeFile(path, `email\n${rows.join('\n')}\n`);
  const { token } = await o.core.files.grant(path);
  const imported = await o.core.registry.invoke('list:import', { token });
  if (!imported.ok) throw new Error(imported.error.message);
  return (imported.value as { job: { id: string } }).job.id;
}

const elsewhereHost = () => new URL(elsewhere.url).host;

describe('the key and the address it was proven against', () => {
  it('never reaches another origin the window points the settings at', async () => {
    const first = await open(false);
    expect(
      await first.core.registry.invoke('key:set', { apiKey: KEY, baseUrl: home.url }),
    ).toMatchObject({ ok: true });
    const jobId = await draft(first, 'spring.csv');
    // Jobs that stopped, so job:resume and job:continue have work to send: one
    // on a request the service refused (not one it lifts by itself, which the
    // job would wait out), one refused for avatar coverage.
    const stopped = await draft(first, 'summer.csv');
    home.faults.refuse(40000, 1, '/api/v1/batch-check');
    await first.core.registry.invoke('job:start', { jobId: stopped, product: 'email' });
    expect((await (await first.core.workspace.jobs()).finished(stopped)).state).toBe('failed');
    home.faults.clear();
    // A job refused for coverage by a version before refused files were re-planned by themselves.
    const refused = await draft(first, 'avatars.csv', 1_000, 'example.com');
    await first.core.dispose();
    cores.splice(cores.indexOf(first.core), 1);
    const store = openJobStore(first.dir);
    await store.save({
      ...(await store.load(refused)),
      state: 'failed',
      product: 'avatar',
      plan: { sync: null, bulk: [newBulkTask({ start: 0, end: 1_000 })] },
      failure: {
        code: 'avatar_coverage',
        message: 'refused',
        charged: 'no',
        serviceCode: 40000,
        outsideCoverage: 1_000,
      },
    });
    const o = await open(false, first);
    const jobs = await o.core.workspace.jobs();

    expect(
      await o.core.registry.invoke('settings:update', { baseUrl: elsewhere.url }),
    ).toMatchObject({ ok: true });
    expect(o.core.account.status()).toMatchObject({
      mode: 'key',
      keyHost: new URL(home.url).host,
      keyUnconfirmed: true,
      baseUrl: elsewhere.url,
    });

    const calls: [ChannelName, unknown][] = [
      ['balance:get', undefined],
      ['check:one', { address: 'deliverable@provider1.test', product: 'email' }],
      ['job:estimate', { jobId, product: 'email' }],
      ['job:start', { jobId, product: 'email' }],
      ['job:resume', { jobId: stopped }],
      ['job:continue', { jobId: refused }],
      ['key:confirm', undefined],
    ];
    for (const [channel, input] of calls) {
      const answer = await o.core.registry.invoke(channel, input);
      if (channel === 'key:confirm') {
        // The user said no in main's dialog, which named both hosts.
        expect(answer).toMatchObject({ ok: true, value: { keyUnconfirmed: true } });
        expect(o.asked).toEqual([[new URL(home.url).host, elsewhereHost()]]);
      } else if (channel === 'job:resume' || channel === 'job:continue') {
        // Queued again, then stopped before anything was sent, with the reason.
        expect(answer, channel).toMatchObject({ ok: true });
        const id = channel === 'job:resume' ? stopped : refused;
        expect((await jobs.finished(id)).failure, channel).toMatchObject({
          code: 'key_unconfirmed',
          charged: 'no',
        });
      } else {
        expect(answer, channel).toMatchObject({
          ok: false,
          error: {
            code: 'key_unconfirmed',
            message: expect.stringContaining(`confirm ${elsewhereHost()} in Settings`),
          },
        });
      }
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('does not resume a job at the new origin after a restart either', async () => {
    const first = await open(false);
    await first.core.registry.invoke('key:set', { apiKey: KEY, baseUrl: home.url });
    const jobId = await draft(first, 'autumn.csv');
    await first.core.registry.invoke('settings:update', { baseUrl: elsewhere.url });
    // As if the app had stopped mid-job: the job is queued on disk.
    const store = openJobStore(first.dir);
    const record = await store.load(jobId);
    await first.core.dispose();
    cores.splice(cores.indexOf(first.core), 1);
    await store.save({
      ...record,
      state: 'checking',
      product: 'email',
      plan: { sync: { start: 0, end: record.unique }, bulk: [] },
    });

    const again = await open(false, first);
    const view = await (await again.core.workspace.jobs()).finished(jobId);
    expect(view.state).toBe('failed');
    expect(view.failure).toMatchObject({ code: 'key_unconfirmed', charged: 'no' });
    expect(elsewhere.requests).toEqual([]);
  });

  it('goes to the new origin once the user confirms it there, and stays proven for it', async () => {
    const o = await open(true);
    await o.core.registry.invoke('key:set', { apiKey: KEY, baseUrl: home.url });
    await o.core.registry.invoke('settings:update', { baseUrl: elsewhere.url });
    const before = elsewhere.requests.length;
    expect(await o.core.registry.invoke('key:confirm', undefined)).toMatchObject({
      ok: true,
      value: { keyUnconfirmed: false, keyHost: elsewhereHost() },
    });
    // Proven there with a balance call before it is kept for that address.
    expect(elsewhere.requests.slice(before).map((r) => r.path)).toEqual(['/api/v1/balance']);
    expect(await o.keyStore.get()).toEqual({ apiKey: KEY, provenBaseUrl: elsewhere.url });
    expect(await o.core.registry.invoke('balance:get', undefined)).toMatchObject({
      ok: true,
      value: { balanceMicros: 42 },
    });
    // And the old address is now the one it is not proven for.
    await o.core.registry.invoke('settings:update', { baseUrl: home.url });
    expect(o.core.account.status().keyUnconfirmed).toBe(true);
  });

  it('is proven again for a new address when the user enters it there and says yes', async () => {
    const no = await open(false);
    await no.core.registry.invoke('key:set', { apiKey: KEY, baseUrl: home.url });
    await no.core.registry.invoke('settings:update', { baseUrl: elsewhere.url });
    const seen = elsewhere.requests.length;
    // Entered again in the window: main still asks before the key goes there.
    expect(await no.core.registry.invoke('key:set', { apiKey: KEY })).toMatchObject({
      ok: false,
      error: { code: 'declined' },
    });
    expect(elsewhere.requests.slice(seen)).toEqual([]);

    const yes = await open(true);
    await yes.core.registry.invoke('key:set', { apiKey: KEY, baseUrl: home.url });
    await yes.core.registry.invoke('settings:update', { baseUrl: elsewhere.url });
    expect(await yes.core.registry.invoke('key:set', { apiKey: KEY })).toMatchObject({
      ok: true,
      value: { keyUnconfirmed: false, keyHost: elsewhereHost() },
    });
    expect(yes.asked).toEqual([[new URL(home.url).host, elsewhereHost()]]);
  });

  it('binds a key an earlier version kept without an address to no address settings.json names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-origin-'));
    const keyStore = createMemoryKeyStore(null);
    // What an earlier version left: the bare key, and an address in settings
    // (which the window, or any program of the user, could have written).
    const legacy: KeyStore = {
      ...keyStore,
      get: async () => (await keyStore.get()) ?? { apiKey: KEY, provenBaseUrl: null },
    };
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ baseUrl: home.url, account: 'key' }),
    );
    const seen = home.requests.length;
    const o = await open(false, { dir, keyStore: legacy });
    expect(o.core.account.status()).toMatchObject({ keyUnconfirmed: true });
    expect(await o.core.registry.invoke('balance:get', undefined)).toMatchObject({
      ok: false,
      error: { code: 'key_unconfirmed' },
    });
    expect(home.requests.slice(seen)).toEqual([]);
    expect(await keyStore.get()).toBeNull();

    // The user says yes in main's dialog: proven there, and kept with it.
    const yes = await open(true, { dir, keyStore: legacy });
    expect(await yes.core.registry.invoke('key:confirm', undefined)).toMatchObject({
      ok: true,
      value: { keyUnconfirmed: false, keyHost: new URL(home.url).host },
    });
    expect(yes.asked).toEqual([[new URL(DEFAULT_BASE_URL).host, new URL(home.url).host]]);
    expect(await keyStore.get()).toEqual({ apiKey: KEY, provenBaseUrl: home.url });
  });
});
