// The open app's runner of due watches (watches/app-runner.ts) against the
// Mailchimp fake and the sandbox, over real HTTP: a watch that is not due is
// not touched (its platform not even read), a due one runs once per slot, a
// watch whose lock another runner holds is not run (nothing charged), and a
// run that cannot go on is handed to the notification.
import { describe, expect, it } from 'vitest';
import { PLATFORM_ENV, type PlatformId } from '../../../electron/common/catalogs/platforms';
import { latestSlot, scheduleFrom } from '../../../electron/common/schedules/watch-schedule';
import { openConnectors } from '../../../electron/connectors/connectors';
import type { KeyStoreOf } from '../../../electron/connectors/keys';
import { acquireJobLock } from '../../../electron/jobs/lock/lock';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import { openAppRunner, type AppRunnerOptions } from '../../../electron/watches/app-runner';
import type { Watch, WatchRun } from '../../../electron/watches/model';
import { newWatchId, readRuns, saveWatch, watchDir } from '../../../electron/watches/store';
import { startMailchimpHarness } from '../connectors/harness/mailchimp';
import type { FakeHarness } from '../connectors/harness/types';
import { setup, type Bench } from '../jobs/support';

const members = Array.from({ length: 12 }, (_, i) => ({
  email: `${i % 4 === 3 ? 'undeliverable' : 'deliverable'}+a${i}@example.com`,
}));

function memoryKeys(): KeyStoreOf {
  const stores = new Map<PlatformId, KeyStore>();
  return async (p) => {
    let s = stores.get(p);
    if (s === undefined) stores.set(p, (s = createMemoryKeyStore(null)));
    return s;
  };
}

async function watchOn(bench: Bench, fake: FakeHarness, patch: Partial<Watch> = {}) {
  const now = Date.now();
  const watch: Watch = {
    id: newWatchId(),
    name: 'Newsletter (Mailchimp)',
    source: {
      kind: 'platform',
      platform: 'mailchimp',
      listId: fake.listId,
      listName: 'Newsletter',
      choice: 'subscribed',
    },
    product: 'email',
    schedule: scheduleFrom({ count: 7, unit: 'days' }, null, now),
    recheckDays: 30,
    retire: null,
    cap: { kind: 'none' },
    state: 'active',
    lastSlotDone: null,
    retryAt: null,
    createdAt: new Date(now).toISOString(),
    ...patch,
  };
  await saveWatch(bench.dataDir, watch);
  return watch;
}

/** A runner over the bench's jobs and the fake, counting how often it opened them. */
async function runnerOf(bench: Bench, fake: FakeHarness) {
  const jobs = await bench.jobs({ mailDomains: false });
  const connectors = openConnectors({
    dataDir: bench.dataDir,
    jobs,
    keys: memoryKeys(),
    env: {
      [PLATFORM_ENV.mailchimp.key]: fake.key,
      [PLATFORM_ENV.mailchimp.url]: fake.url,
    },
    http: { backoffMs: 5, patienceMs: 60_000 },
  });
  const seen = { opened: 0, changed: [] as string[], notified: [] as WatchRun[] };
  const options: AppRunnerOptions = {
    dataDir: bench.dataDir,
    ready: () => true,
    deps: async () => {
      seen.opened += 1;
      return { jobs, connectors, accountLimitMicros: null };
    },
    changed: (id) => void seen.changed.push(id),
    notify: (_watch, run) => void seen.notified.push(run),
    everyMs: null,
  };
  return { runner: openAppRunner(options), seen };
}

describe('the open app runs due watches', () => {
  it('leaves a watch that is not due untouched, and runs a due one once', async () => {
    const fake = await startMailchimpHarness({ members });
    try {
      const bench = await setup();
      const now = Date.now();
      const schedule = scheduleFrom({ count: 7, unit: 'days' }, null, now - 86_400_000);
      const notDue = await watchOn(bench, fake, {
        schedule,
        lastSlotDone: latestSlot(schedule, now),
      });
      const { runner, seen } = await runnerOf(bench, fake);

      await runner.sweep();
      expect(fake.requests).toHaveLength(0);
      expect(seen.opened).toBe(0);
      expect(await readRuns(bench.dataDir, notDue.id)).toEqual([]);

      const due = await watchOn(bench, fake);
      await runner.sweep();
      const runs = await readRuns(bench.dataDir, due.id);
      expect(runs.map((r) => [r.trigger, r.outcome, r.counts.read])).toEqual([
        ['schedule', 'done', members.length],
      ]);
      expect(runs[0]?.counts.paid).toBe(members.length);
      expect(await readRuns(bench.dataDir, notDue.id)).toEqual([]);
      // Said when it began and when it ended; no notification for a run that finished.
      expect(seen.changed).toEqual([due.id, due.id]);
      expect(seen.notified).toEqual([]);

      // Its slot is covered: the next sweep reads nothing.
      const asked = fake.requests.length;
      await runner.sweep();
      expect(fake.requests).toHaveLength(asked);
      expect(await readRuns(bench.dataDir, due.id)).toHaveLength(1);
      await runner.dispose();
    } finally {
      await fake.stop();
    }
  }, 60_000);

  it('does not run a watch whose lock another runner holds, and charges nothing', async () => {
    const fake = await startMailchimpHarness({ members });
    try {
      const bench = await setup();
      const watch = await watchOn(bench, fake);
      const { runner } = await runnerOf(bench, fake);
      const held = await acquireJobLock(watchDir(bench.dataDir, watch.id), {
        by: 'the list-cleaner command',
      });
      if (!held.ok) throw new Error('the lock was not taken');
      try {
        await runner.sweep();
        const now = await runner.runNow(watch.id);
        expect(now.ran).toBe(false);
        expect(now.ran ? null : now.holder?.by).toBe('the list-cleaner command');
        expect(await readRuns(bench.dataDir, watch.id)).toEqual([]);
        expect(fake.requests).toHaveLength(0);
        expect(bench.sandbox.ledger.spent(bench.key)).toBe(0);
      } finally {
        await held.lock.release();
      }
      // Released: Run now runs it.
      const after = await runner.runNow(watch.id);
      expect(after.ran && after.run.outcome).toBe('done');
      await runner.dispose();
    } finally {
      await fake.stop();
    }
  }, 60_000);

  it('hands a run that cannot go on to the notification', async () => {
    const fake = await startMailchimpHarness({ members });
    try {
      const bench = await setup();
      const watch = await watchOn(bench, fake, { cap: { kind: 'usd', micros: 1 } });
      const { runner, seen } = await runnerOf(bench, fake);
      await runner.sweep();
      expect(seen.notified.map((r) => [r.watchId, r.outcome])).toEqual([[watch.id, 'capped']]);
      expect(bench.sandbox.ledger.spent(bench.key)).toBe(0);
      await runner.dispose();
    } finally {
      await fake.stop();
    }
  }, 60_000);
});
