// The platforms through the handler table, the way the window calls them: a
// key proven before it is kept (and never shown back), a list read into a
// draft reviewed like a file, the write-back's plan, members archived only on
// a yes in main's own dialog, progress as events, and a write-back the app
// was stopped in carried on when it starts again.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformId } from '../../../electron/common/catalogs/platforms';
import type {
  ConnectionView,
  PlatformListView,
  WriteBackPlan,
  WriteBackReport,
} from '../../../electron/common/views/platform-views';
import type { KeyStoreOf } from '../../../electron/connectors/keys';
import { createCore, type Core } from '../../../electron/core';
import type { ImportView } from '../../../electron/ipc/contract';
import type { ConsentQuestion } from '../../../electron/lib/consent';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import { startMailchimpHarness } from './harness/mailchimp';
import type { FakeHarness } from './harness/types';

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

async function appWith(fake: FakeHarness, answer = true, dataDir?: string, keys = memoryKeys()) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'list-cleaner-platforms-')));
  if (dataDir === undefined) dirs.push(dir);
  const asked: ConsentQuestion[] = [];
  const core = await createCore({
    dataDir: dir,
    keyStore: createMemoryKeyStore(null),
    shell: {
      consent: async (q) => {
        asked.push(q);
        return answer;
      },
    },
    platforms: { urls: { [fake.platform]: fake.url }, keys, http: { backoffMs: 5 } },
  });
  cores.push(core);
  const events: { event: string; payload: unknown }[] = [];
  core.events.subscribe((event, payload) => events.push({ event, payload }));
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await core.registry.invoke(channel, input);
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
    return result.value as T;
  };
  return { core, dir, call, asked, events, keys };
}

const members = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ email: `fan${i}@example${i % 4}.com` }));

async function checked(app: Awaited<ReturnType<typeof appWith>>, fake: FakeHarness) {
  await app.call('demo:start');
  await app.call('platform:connect', { platform: fake.platform, key: fake.key });
  const view = await app.call<ImportView>('platform:import', {
    platform: fake.platform,
    listId: fake.listId,
    choice: 'subscribed',
  });
  await app.call('job:start', { jobId: view.job.id, product: 'email' });
  await (await app.core.workspace.jobs()).finished(view.job.id);
  return view;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i += 1) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out');
}

describe('platforms through the handler table', () => {
  it('proves a key before keeping it, and shows only its last four characters', async () => {
    const fake = await startMailchimpHarness({ members: members(5) });
    fakes.push(fake);
    const app = await appWith(fake);
    const wrong = await app
      .call('platform:connect', { platform: 'mailchimp', key: 'abcdefgh-us21' })
      .catch((e: unknown) => e);
    expect(wrong).toMatchObject({ code: 'platform_key' });
    expect(await (await app.keys('mailchimp')).get()).toBeNull();

    const view = await app.call<ConnectionView>('platform:connect', {
      platform: 'mailchimp',
      key: fake.key,
    });
    expect(view).toMatchObject({
      connected: true,
      keyEnding: fake.key.replace(/-us21$/, '').slice(-4),
      from: 'saved',
    });
    expect(JSON.stringify(view)).not.toContain(fake.key);
    const all = await app.call<ConnectionView[]>('platform:connections');
    expect(all.map((c) => c.platform)).toEqual(['mailchimp', 'hubspot', 'klaviyo', 'brevo']);
    const lists = await app.call<PlatformListView[]>('platform:lists', { platform: 'mailchimp' });
    expect(lists).toEqual([{ id: fake.listId, name: 'Newsletter', size: 5, kind: 'audience' }]);
    const removed = await app.call<ConnectionView>('platform:remove', { platform: 'mailchimp' });
    expect(removed.connected).toBe(false);
  });

  it('reads a list into a draft, plans the write-back and archives only on a yes', async () => {
    const fake = await startMailchimpHarness({ members: members(80) });
    fakes.push(fake);
    const app = await appWith(fake, false);
    const view = await checked(app, fake);
    expect(view.job.source).toEqual({ platform: 'mailchimp', listName: 'Newsletter' });
    expect(app.events.some((e) => e.event === 'platform:progress')).toBe(true);

    const plan = await app.call<WriteBackPlan>('writeback:plan', { jobId: view.job.id });
    expect(plan.retireModes).toEqual(['unsubscribe', 'archive']);
    const total = Object.values(plan.counts.write).reduce((a, b) => a + (b ?? 0), 0);
    expect(total).toBe(80);

    // No: nothing is written at all, and the dialog named the count.
    const refused = await app
      .call('writeback:start', { jobId: view.job.id, retire: 'archive' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'declined' });
    expect(app.asked).toEqual([
      {
        kind: 'retire-members',
        platform: 'Mailchimp',
        listName: 'Newsletter',
        count: plan.counts.retirable,
        mode: 'archive',
      },
    ]);
    expect(members(80).every((m) => fake.verdictOf(m.email) === null)).toBe(true);

    await app.call('writeback:start', { jobId: view.job.id, retire: null });
    const done = await until(
      () => app.call<WriteBackReport | null>('writeback:report', { jobId: view.job.id }),
      (r) => r?.state === 'done',
    );
    expect(done?.counts.written).toBe(80);
    expect(members(80).filter((m) => fake.retired(m.email))).toHaveLength(0);
    expect(app.events.some((e) => e.event === 'writeback:changed')).toBe(true);
  });

  it('carries on a write-back the app was stopped in when it starts again', async () => {
    const fake = await startMailchimpHarness({ members: members(2_500), latencyMs: 1 });
    fakes.push(fake);
    const keys = memoryKeys();
    const first = await appWith(fake, true, undefined, keys);
    const view = await checked(first, fake);
    await first.call('writeback:start', { jobId: view.job.id, retire: null });
    // Quit while the first batch is in flight (its id kept in the journal).
    const journal = join(first.dir, 'demo', 'write-backs', `${view.job.id}.json`);
    await until(
      () => readFile(journal, 'utf8').catch(() => '{}'),
      (t) => (JSON.parse(t) as { inFlight?: { job?: string } | null }).inFlight?.job !== undefined,
    );
    await first.core.dispose();
    cores.splice(cores.indexOf(first.core), 1);

    const again = await appWith(fake, true, first.dir, keys);
    const done = await until(
      () => again.call<WriteBackReport | null>('writeback:report', { jobId: view.job.id }),
      (r) => r?.state === 'done',
    );
    expect(done?.counts.written).toBe(2_500);
    for (const m of members(2_500)) expect(fake.writesOf(m.email)).toBe(1);
  });
});
