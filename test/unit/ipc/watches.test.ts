// The watches' channels through the handler table, against the Mailchimp
// fake and the demo account: a watch made from a finished platform job
// (retiring on every run only after main's own question, which names the
// list, the mode and the ceiling), run now with its report and health, paused
// and resumed, removed only after main's question; inputs that name more than
// the contract allows are refused; and the switch installs and removes the
// same scheduler entry as `list-cleaner watch install|uninstall`.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformId } from '../../../electron/common/catalogs/platforms';
import type {
  WatchDraftView,
  WatchRunView,
  WatchSchedulerView,
  WatchView,
} from '../../../electron/common/views/watch-views';
import type { KeyStoreOf } from '../../../electron/connectors/keys';
import { createCore, type Core } from '../../../electron/core';
import type { ImportView } from '../../../electron/ipc/contract';
import type { ConsentQuestion } from '../../../electron/lib/consent';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import type { SchedulerHost } from '../../../electron/watches/scheduler/install';
import { startMailchimpHarness } from '../connectors/harness/mailchimp';
import type { FakeHarness } from '../connectors/harness/types';

const cores: Core[] = [];
const dirs: string[] = [];
const fakes: FakeHarness[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  for (const f of fakes.splice(0)) await f.stop();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

function memoryKeys(): KeyStoreOf {
  const stores = new Map<PlatformId, KeyStore>();
  return async (p) => {
    const s = stores.get(p) ?? createMemoryKeyStore(null);
    stores.set(p, s);
    return s;
  };
}

async function appWith(fake: FakeHarness) {
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-watches-ipc-'));
  dirs.push(dir);
  const asked: ConsentQuestion[] = [];
  const answers = { yes: true };
  const ran: string[][] = [];
  const host: SchedulerHost = {
    os: 'linux',
    home: join(dir, 'home'),
    dataDir: dir,
    user: 'ann',
    exec: async (file, args) => {
      ran.push([file, ...args]);
      return { code: 0, stderr: '' };
    },
  };
  const core = await createCore({
    dataDir: dir,
    keyStore: createMemoryKeyStore(null),
    shell: {
      consent: async (q) => {
        asked.push(q);
        return answers.yes;
      },
    },
    platforms: { urls: { [fake.platform]: fake.url }, keys: memoryKeys(), http: { backoffMs: 5 } },
    watches: {
      everyMs: null,
      scheduler: {
        host: () => host,
        command: () => ['/opt/List Cleaner/list-cleaner', '--run-due-watches'],
      },
    },
  });
  cores.push(core);
  const events: string[] = [];
  core.events.subscribe((event) => events.push(event));
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await core.registry.invoke(channel, input);
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
    return result.value as T;
  };
  return { core, dir, call, asked, answers, ran, host, events };
}

const members = Array.from({ length: 10 }, (_, i) => ({
  email: `${i % 5 === 4 ? 'undeliverable' : 'deliverable'}+i${i}@example.com`,
}));

/** A Mailchimp audience read and checked with the demo account. */
async function checkedJob(app: Awaited<ReturnType<typeof appWith>>, fake: FakeHarness) {
  await app.call('demo:start');
  await app.call('platform:connect', { platform: 'mailchimp', key: fake.key });
  const view = await app.call<ImportView>('platform:import', {
    platform: 'mailchimp',
    listId: fake.listId,
    choice: 'subscribed',
  });
  await app.call('job:start', { jobId: view.job.id, product: 'email' });
  await (await app.core.workspace.jobs()).finished(view.job.id);
  return view.job.id;
}

const addInput = (jobId: string) => ({
  jobId,
  every: { count: 2, unit: 'weeks' },
  at: '09:00',
  recheckDays: 30,
  cap: { kind: 'usd', micros: 5_000_000 },
  retire: { mode: 'archive', ceilingBp: 300 },
});

describe('watches through the handler table', () => {
  it('makes a watch from a finished platform job, retiring only after main asked', async () => {
    const fake = await startMailchimpHarness({ members });
    fakes.push(fake);
    const app = await appWith(fake);
    const jobId = await checkedJob(app, fake);

    const draft = await app.call<WatchDraftView>('watch:draft', { jobId });
    expect(draft).toMatchObject({
      platform: 'mailchimp',
      listName: 'Newsletter',
      members: 10,
      retirable: 2,
      recheckDays: 90,
    });
    expect(draft.retireModes).toContain('archive');

    // No to main's question: no watch.
    app.answers.yes = false;
    await expect(app.call('watch:add', addInput(jobId))).rejects.toMatchObject({
      code: 'declined',
    });
    expect(await app.call<WatchView[]>('watch:list')).toEqual([]);
    expect(app.asked.at(-1)).toEqual({
      kind: 'watch-retire',
      platform: 'Mailchimp',
      listName: 'Newsletter',
      mode: 'archive',
      ceilingBp: 300,
    });

    app.answers.yes = true;
    const made = await app.call<WatchView>('watch:add', addInput(jobId));
    expect(made).toMatchObject({
      name: 'Newsletter (Mailchimp)',
      source: { kind: 'platform', platform: 'mailchimp', listName: 'Newsletter' },
      every: { count: 2, unit: 'weeks' },
      at: '09:00',
      recheckDays: 30,
      retire: { mode: 'archive', ceilingBp: 300 },
      capKind: 'usd',
      capMicros: 5_000_000,
      spentMicros: 0,
      lastRun: null,
      health: [],
      state: 'active',
    });
    expect(app.events).toContain('watch:changed');

    // Inputs that name more than the contract allows (a path, a list id) are refused before any handler.
    const extra = await app.core.registry.invoke('watch:add', {
      ...addInput(jobId),
      listId: 'another',
    });
    expect(extra.ok ? null : extra.error.code).toBe('invalid_input');
    const folder = await app.core.registry.invoke('watch:folder', {
      product: 'email',
      recheckDays: 30,
      folder: '/etc',
    });
    expect(folder.ok ? null : folder.error.code).toBe('invalid_input');
  }, 60_000);

  it('runs a watch now, with its report and health; pauses, resumes, and removes after asking', async () => {
    const fake = await startMailchimpHarness({ members });
    fakes.push(fake);
    const app = await appWith(fake);
    const jobId = await checkedJob(app, fake);
    const made = await app.call<WatchView>('watch:add', { ...addInput(jobId), retire: null });

    // Every answer is the job's, within the re-check age: nothing paid, every verdict written.
    const run = await app.call<WatchRunView>('watch:run', { watchId: made.id });
    expect(run).toMatchObject({ outcome: 'done', trigger: 'now', why: null });
    expect(run.counts).toMatchObject({ read: 10, paid: 0, reused: 10, written: 10 });
    expect(run.health).toEqual({ deliverable: 8, undeliverable: 2, unknown: 0, other: 0 });

    const [listed] = await app.call<WatchView[]>('watch:list');
    expect(listed?.lastRun?.id).toBe(run.id);
    expect(listed?.health.map((p) => [p.runId, p.deliverable, p.undeliverable])).toEqual([
      [run.id, 8, 2],
    ]);
    expect(listed?.running).toBe(false);
    expect(await app.call('watch:report', { watchId: made.id, runId: run.id })).toEqual(run);
    expect(await app.call('watch:runs', { watchId: made.id })).toEqual([run]);

    expect(await app.call<WatchView>('watch:pause', { watchId: made.id })).toMatchObject({
      state: 'paused',
    });
    expect(await app.call<WatchView>('watch:resume', { watchId: made.id })).toMatchObject({
      state: 'active',
    });

    app.answers.yes = false;
    await expect(app.call('watch:remove', { watchId: made.id })).rejects.toMatchObject({
      code: 'declined',
    });
    expect(app.asked.at(-1)).toEqual({ kind: 'watch-remove', name: 'Newsletter (Mailchimp)' });
    expect(await app.call<WatchView[]>('watch:list')).toHaveLength(1);
    app.answers.yes = true;
    expect(await app.call('watch:remove', { watchId: made.id })).toBeNull();
    expect(await app.call<WatchView[]>('watch:list')).toEqual([]);
  }, 60_000);

  it('turns the scheduler entry on and off with the same install as watch install', async () => {
    const fake = await startMailchimpHarness({ members });
    fakes.push(fake);
    const app = await appWith(fake);
    expect(await app.call<WatchSchedulerView>('watch:scheduler')).toEqual({
      on: false,
      kind: 'systemd',
      files: [],
    });
    const on = await app.call<WatchSchedulerView>('watch:switch', { on: true });
    const unit = join(app.host.home, '.config', 'systemd', 'user', 'list-cleaner-watches.service');
    expect(on).toEqual({
      on: true,
      kind: 'systemd',
      files: [unit, unit.replace(/\.service$/, '.timer')],
    });
    expect(await readFile(unit, 'utf8')).toContain(
      'ExecStart="/opt/List Cleaner/list-cleaner" "--run-due-watches"',
    );
    expect(app.ran).toEqual([
      ['systemctl', '--user', 'daemon-reload'],
      ['systemctl', '--user', 'enable', '--now', 'list-cleaner-watches.timer'],
    ]);
    const off = await app.call<WatchSchedulerView>('watch:switch', { on: false });
    expect(off).toEqual({ on: false, kind: 'systemd', files: [] });
    expect(app.ran.at(-2)).toEqual([
      'systemctl',
      '--user',
      'disable',
      '--now',
      'list-cleaner-watches.timer',
    ]);
  }, 60_000);
});
