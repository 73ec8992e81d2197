// A watch's run against every platform's fake and the sandbox, over real
// HTTP: it pays only for members never checked or whose answer is past the
// re-check age, reuses the rest free, writes back only the verdicts that
// changed, and stops before writing when it would retire more than its
// ceiling. The answers' ages come from vendor verdicts imported with a date.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLATFORM_ENV, type PlatformId } from '../../../electron/common/catalogs/platforms';
import { nextMonthStart, scheduleFrom } from '../../../electron/common/schedules/watch-schedule';
import { openConnectors } from '../../../electron/connectors/connectors';
import type { KeyStoreOf } from '../../../electron/connectors/keys';
import type { Jobs } from '../../../electron/jobs/jobs';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import type { Watch, WatchRun } from '../../../electron/watches/model';
import { dueNow, runWatch, type RunDeps } from '../../../electron/watches/run';
import { newWatchId, readRuns, readWatch, saveWatch } from '../../../electron/watches/store';
import { HARNESSES } from '../connectors/harness/all';
import type { FakeHarness, HarnessMember } from '../connectors/harness/types';
import { setup, type Bench } from '../jobs/support';

const DAY_S = 86_400;
const N = 200;
/** Never checked: no answer anywhere. */
const isNew = (i: number) => i < 4;
/** Answered 40 days ago as deliverable; the sandbox says undeliverable now. */
const isStale = (i: number) => i >= 4 && i < 10;
const undeliverable = (i: number) => isStale(i) || i % 10 === 9;
const emailOf = (i: number) =>
  `${undeliverable(i) ? 'undeliverable' : 'deliverable'}+w${i}@example.com`;

const members = (): HarnessMember[] =>
  Array.from({ length: N }, (_, i) => ({ email: emailOf(i), firstName: `Reader${i}` }));

function memoryKeys(): KeyStoreOf {
  const stores = new Map<PlatformId, KeyStore>();
  return async (p) => {
    let s = stores.get(p);
    if (s === undefined) {
      s = createMemoryKeyStore(null);
      stores.set(p, s);
    }
    return s;
  };
}

/** NeverBounce's words for answers given `daysAgo` days ago. */
async function importVerdicts(
  bench: Bench,
  jobs: Jobs,
  rows: [string, 'valid' | 'invalid'][],
  atSeconds: number,
) {
  const path = join(bench.dir, `verdicts-${atSeconds}.csv`);
  await writeFile(path, `email,email_status\n${rows.map((r) => r.join(',')).join('\n')}\n`);
  const imported = await jobs.importVerdicts(path, { vendor: 'neverbounce', date: atSeconds });
  expect(imported.remembered.deliverable + imported.remembered.undeliverable).toBe(rows.length);
}

async function open(bench: Bench, fake: FakeHarness): Promise<RunDeps> {
  const jobs = await bench.jobs({ mailDomains: false });
  const env = {
    [PLATFORM_ENV[fake.platform].key]: fake.key,
    [PLATFORM_ENV[fake.platform].url]: fake.url,
  };
  const connectors = openConnectors({
    dataDir: bench.dataDir,
    jobs,
    keys: memoryKeys(),
    env,
    http: { backoffMs: 5, patienceMs: 60_000 },
  });
  return { dataDir: bench.dataDir, jobs, connectors, accountLimitMicros: null, by: 'a test' };
}

async function makeWatch(bench: Bench, fake: FakeHarness, patch: Partial<Watch> = {}) {
  const now = Date.now();
  const watch: Watch = {
    id: newWatchId(),
    name: `Newsletter (${fake.platform})`,
    source: {
      kind: 'platform',
      platform: fake.platform,
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

async function ran(deps: RunDeps, id: string, overCeiling = false): Promise<WatchRun> {
  const result = await runWatch(deps, id, { trigger: 'now', overCeiling });
  if (!result.ran) throw new Error('the watch did not run');
  return result.run;
}

/** The memory knows every member but the new ones: most fresh, the stale ones 40 days old and wrong. */
async function seedMemory(bench: Bench, jobs: Jobs) {
  const now = Math.floor(Date.now() / 1000);
  const fresh: [string, 'valid' | 'invalid'][] = [];
  const stale: [string, 'valid' | 'invalid'][] = [];
  for (let i = 0; i < N; i++) {
    if (isNew(i)) continue;
    if (isStale(i)) stale.push([emailOf(i), 'valid']);
    else fresh.push([emailOf(i), undeliverable(i) ? 'invalid' : 'valid']);
  }
  await importVerdicts(bench, jobs, stale, now - 40 * DAY_S);
  await importVerdicts(bench, jobs, fresh, now - 5 * DAY_S);
}

describe.each(HARNESSES)('%s', (platform, start) => {
  it('pays only for new and expired members, and writes only the verdicts that changed', async () => {
    const fake = await start({ members: members() });
    try {
      const bench = await setup();
      const deps = await open(bench, fake);
      await seedMemory(bench, deps.jobs);
      const watch = await makeWatch(bench, fake);

      const first = await ran(deps, watch.id);
      expect(first.outcome).toBe('done');
      expect(first.counts.read).toBe(N);
      expect(first.counts.paid).toBe(10);
      expect(first.counts.reused).toBe(N - 10);
      expect(first.counts.new).toBe(N);
      expect(first.counts.written + first.counts.refused).toBe(N);
      expect(first.health.undeliverable).toBe(25);
      for (let i = 0; i < N; i++) {
        expect(fake.verdictOf(emailOf(i))?.status).toBe(
          undeliverable(i) ? 'undeliverable' : 'deliverable',
        );
      }
      expect((await readWatch(bench.dataDir, watch.id)).lastSlotDone).not.toBeNull();

      // Again at once: every answer is within the re-check age and every verdict holds.
      const second = await ran(deps, watch.id);
      expect(second.outcome).toBe('done');
      expect(second.counts.paid).toBe(0);
      expect(second.counts.written).toBe(0);
      expect(second.counts.unchanged).toBe(N);
      expect(second.changed).toEqual([]);
      for (let i = 0; i < N; i++) expect(fake.writesOf(emailOf(i))).toBe(1);

      // Five members' answers change (a newer verdict): only they are written, free.
      const went = [11, 12, 13, 14, 15].map(emailOf);
      await importVerdicts(
        bench,
        deps.jobs,
        went.map((e) => [e, 'invalid']),
        Math.floor(Date.now() / 1000) + 1,
      );
      const third = await ran(deps, watch.id);
      expect(third.outcome).toBe('done');
      expect(third.counts.paid).toBe(0);
      expect(third.counts.written).toBe(5);
      expect(third.changed).toEqual([{ from: 'deliverable', to: 'undeliverable', count: 5 }]);
      for (const e of went) {
        expect(fake.verdictOf(e)?.status).toBe('undeliverable');
        expect(fake.writesOf(e)).toBe(2);
      }
      expect(fake.writesOf(emailOf(16))).toBe(1);
      expect((await readRuns(bench.dataDir, watch.id)).map((r) => r.id)).toEqual([
        third.id,
        second.id,
        first.id,
      ]);
    } finally {
      await fake.stop();
    }
  }, 120_000);
});

/** Platforms that can retire a member (HubSpot has neither archive nor unsubscribe for a list). */
const RETIRING = HARNESSES.filter(([p]) => p !== 'hubspot');

describe.each(RETIRING)('%s', (platform, start) => {
  it('stops before writing anything when it would retire more than its ceiling', async () => {
    const fake = await start({ members: members() });
    try {
      const bench = await setup();
      const deps = await open(bench, fake);
      const watch = await makeWatch(bench, fake, {
        retire: {
          mode: platform === 'mailchimp' ? 'archive' : 'unsubscribe',
          ceilingBp: 200,
          agreedAt: new Date().toISOString(),
        },
      });
      const asked = await ran(deps, watch.id);
      expect(asked.outcome).toBe('needs-answer');
      expect(asked.question).toEqual({ retire: 25, of: N, ceilingBp: 200 });
      for (let i = 0; i < N; i++) {
        expect(fake.writesOf(emailOf(i))).toBe(0);
        expect(fake.retired(emailOf(i))).toBe(false);
      }
      // Its schedule does not move on: the question stands until it is answered.
      expect((await readWatch(bench.dataDir, watch.id)).lastSlotDone).toBeNull();

      const answered = await ran(deps, watch.id, true);
      expect(answered.outcome).toBe('done');
      expect(answered.counts.paid).toBe(0);
      expect(answered.counts.retired).toBe(25);
      for (let i = 0; i < N; i++) expect(fake.retired(emailOf(i))).toBe(undeliverable(i));
      expect(fake.memberCount()).toBe(N);
    } finally {
      await fake.stop();
    }
  }, 120_000);
});

describe('a run that cannot go on', () => {
  const [, startMailchimp] = HARNESSES[0] ?? [];

  it('checks nothing over its monthly cap, and waits for next month', async () => {
    if (startMailchimp === undefined) throw new Error('no Mailchimp harness');
    const fake = await startMailchimp({ members: members() });
    try {
      const bench = await setup();
      const deps = await open(bench, fake);
      const watch = await makeWatch(bench, fake, { cap: { kind: 'usd', micros: 1 } });
      const capped = await ran(deps, watch.id);
      expect(capped.outcome).toBe('capped');
      expect(capped.counts.paid).toBe(0);
      expect(capped.jobId).toBeNull();
      expect(capped.whySaid?.id).toBe('watch.run.capped');
      expect(bench.sandbox.ledger.spent(bench.key)).toBe(0);
      for (let i = 0; i < N; i++) expect(fake.writesOf(emailOf(i))).toBe(0);
      const after = await readWatch(bench.dataDir, watch.id);
      expect(after.lastSlotDone).toBeNull();
      const now = Date.now();
      expect(dueNow(after, now)).toBe(false);
      expect(after.retryAt).toBe(nextMonthStart(now));
      expect(dueNow(after, nextMonthStart(now))).toBe(true);
    } finally {
      await fake.stop();
    }
  }, 60_000);

  it('writes nothing and pays nothing when the platform refuses the key', async () => {
    if (startMailchimp === undefined) throw new Error('no Mailchimp harness');
    const fake = await startMailchimp({ members: members() });
    try {
      const bench = await setup();
      const deps = await open(bench, fake);
      const watch = await makeWatch(bench, fake);
      fake.faults.failAuth(1_000_000);
      const refused = await ran(deps, watch.id);
      expect(refused.outcome).toBe('failed');
      expect(refused.why).toMatch(/key/i);
      expect(refused.counts.paid).toBe(0);
      expect(bench.sandbox.ledger.spent(bench.key)).toBe(0);
      expect((await readWatch(bench.dataDir, watch.id)).lastSlotDone).toBeNull();
      // A key that works again: the next run does it all.
      fake.faults.clear();
      expect((await ran(deps, watch.id)).outcome).toBe('done');
    } finally {
      await fake.stop();
    }
  }, 60_000);
});
