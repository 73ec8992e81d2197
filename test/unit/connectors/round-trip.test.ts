// Every platform, end to end over real HTTP: a 50,000-member list read from
// the platform's fake into a job, checked on the sandbox, and its verdicts
// written back; a crash in the middle of the write-back and the resume that
// follows (each member written once, nothing deleted); a refused key; a storm
// of 429s waited out. The same tests run for each platform through its
// harness, so a fifth platform is one harness more.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PLATFORM_ENV, type PlatformId } from '../../../electron/common/catalogs/platforms';
import { openConnectors } from '../../../electron/connectors/connectors';
import type { KeyStoreOf } from '../../../electron/connectors/keys';
import { writeBackPaths } from '../../../electron/connectors/write-back/journal';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import { setup, type Bench } from '../jobs/support';
import { HARNESSES } from './harness/all';
import type { FakeHarness, HarnessMember } from './harness/types';

function members(n: number): HarnessMember[] {
  return Array.from({ length: n }, (_, i) => ({
    email: `person${i}@example${i % 7}.com`,
    firstName: `First${i}`,
    lastName: `Last, ${i}`,
    unsubscribed: i % 10 === 3,
    locked: i % 500 === 7,
  }));
}

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

async function open(bench: Bench, fake: FakeHarness, waits: string[] = []) {
  const jobs = await bench.jobs({ mailDomains: false });
  const env = {
    [PLATFORM_ENV[fake.platform].key]: fake.key,
    [PLATFORM_ENV[fake.platform].url]: fake.url,
  };
  return {
    jobs,
    connectors: openConnectors({
      dataDir: bench.dataDir,
      jobs,
      keys: memoryKeys(),
      env,
      http: { backoffMs: 5, patienceMs: 60_000 },
      onWait: (w) => waits.push(w.reason),
    }),
  };
}

async function checked(bench: Bench, fake: FakeHarness) {
  const opened = await open(bench, fake);
  const imported = await opened.connectors.importList(fake.platform, fake.listId);
  await opened.jobs.start(imported.job.id, 'email');
  const done = await opened.jobs.finished(imported.job.id);
  expect(done.state).toBe('done');
  return { ...opened, id: imported.job.id, imported };
}

/** Platforms whose batch write is a job of their own, known by an id. */
const RUNS_JOBS = new Set<PlatformId>(['mailchimp', 'klaviyo']);

const written = (counts: Record<string, number | undefined>) =>
  Object.values(counts).reduce<number>((a, b) => a + (b ?? 0), 0);

describe.each(HARNESSES)('%s', (platform, start) => {
  it('reads a 50,000-member list, checks it and writes every verdict back once', async () => {
    const seeded = members(50_000);
    const fake = await start({ members: seeded });
    try {
      const bench = await setup();
      const { connectors, jobs, id, imported } = await checked(bench, fake);
      // A member the platform keeps from mail (Mailchimp's cleaned) is not subscribed either.
      const subscribed = seeded.filter(
        (m) => !m.unsubscribed && !(platform === 'mailchimp' && m.locked),
      );
      expect(imported.list.counts.rows).toBe(subscribed.length);
      expect((await jobs.get(id)).source?.platform).toBe(platform);

      const plan = await connectors.plan(id);
      expect(written(plan.counts.write) + plan.counts.unchanged + plan.counts.skipped).toBe(
        subscribed.length,
      );
      const report = await connectors.writeBack(id);
      expect(report.state).toBe('done');
      expect(report.counts.written + report.counts.refused).toBe(written(plan.counts.write));

      const refused = new Set(report.refusals.map((r) => r.email));
      for (const m of subscribed) {
        const v = fake.verdictOf(m.email);
        if (refused.has(m.email)) expect(v).toBeNull();
        else {
          expect(v?.status).toMatch(
            /^(deliverable|undeliverable|unknown|invalid|disposable|role)$/,
          );
          expect(fake.writesOf(m.email)).toBe(1);
        }
      }
      for (const m of seeded.filter((x) => x.unsubscribed).slice(0, 50)) {
        expect(fake.verdictOf(m.email)).toBeNull();
      }
      expect(fake.memberCount()).toBe(seeded.length);

      // Written again: the same state.
      const before = subscribed.slice(0, 2_000).map((m) => fake.verdictOf(m.email));
      const again = await connectors.writeBack(id);
      expect(again.state).toBe('done');
      expect(subscribed.slice(0, 2_000).map((m) => fake.verdictOf(m.email))).toEqual(before);
      expect(fake.memberCount()).toBe(seeded.length);
    } finally {
      await fake.stop();
    }
  }, 120_000);

  it('carries on after a crash in the middle of the write-back, writing each member once', async () => {
    const seeded = members(3_000).map((m) => ({ ...m, unsubscribed: false, locked: false }));
    const fake = await start({ members: seeded, latencyMs: 2 });
    try {
      const bench = await setup();
      const { connectors, id } = await checked(bench, fake);
      const paths = writeBackPaths(`${bench.dataDir}/write-backs`, id);
      const crash = new AbortController();
      // Stopped while a batch is in flight (the journal says so before it is sent).
      const watch = setInterval(() => {
        void readFile(paths.journal, 'utf8')
          .then((text) => {
            const j = JSON.parse(text) as { inFlight: { job?: string } | null };
            // A platform that runs the batch as a job of its own is stopped once
            // the job's id is kept; the others while the request may be on its way.
            if (j.inFlight !== null && (j.inFlight.job !== undefined || !RUNS_JOBS.has(platform))) {
              crash.abort();
            }
          })
          .catch(() => undefined);
      }, 1);
      const stopped = await connectors
        .writeBack(id, { signal: crash.signal })
        .catch((e: unknown) => e);
      clearInterval(watch);
      expect(stopped).toBeInstanceOf(Error);
      const midway = await connectors.report(id);
      expect(midway?.state).toBe('writing');

      const report = await connectors.writeBack(id);
      expect(report.state).toBe('done');
      expect(report.counts.written + report.counts.refused).toBe(written(report.plan.write));
      for (const m of seeded) {
        expect(fake.verdictOf(m.email)).not.toBeNull();
        expect(fake.writesOf(m.email)).toBe(1);
      }
      expect(fake.memberCount()).toBe(seeded.length);
    } finally {
      await fake.stop();
    }
  });

  it('says a refused key is refused, reading nothing and saving nothing', async () => {
    const fake = await start({ members: members(20) });
    try {
      const bench = await setup({ checkLedger: false });
      const { connectors } = await open(bench, fake);
      const keys = memoryKeys();
      const bare = openConnectors({ dataDir: bench.dataDir, jobs: await bench.jobs(), keys });
      const wrong = await bare.connect(platform, `${fake.key}x`, fake.url).catch((e: unknown) => e);
      expect(wrong).toMatchObject({ code: 'platform_key' });
      expect(await (await keys(platform)).get()).toBeNull();

      fake.faults.failAuth(1);
      const err = await connectors.importList(platform, fake.listId).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'platform_key' });
      expect((err as Error).message).toMatch(/refused the key/);
      await expect((await bench.jobs()).list()).resolves.toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });

  it('waits out a storm of 429s while reading and writing back', async () => {
    const fake = await start({ members: members(1_200).map((m) => ({ ...m, locked: false })) });
    try {
      const bench = await setup();
      const waits: string[] = [];
      const { connectors, jobs } = await open(bench, fake, waits);
      fake.faults.refuse(6);
      const imported = await connectors.importList(platform, fake.listId);
      await jobs.start(imported.job.id, 'email');
      await jobs.finished(imported.job.id);
      fake.faults.refuse(6);
      const report = await connectors.writeBack(imported.job.id);
      expect(report.state).toBe('done');
      expect(report.counts.refused).toBe(0);
      expect(waits.length).toBeGreaterThanOrEqual(12);
      expect(waits[0]).toMatch(/asked List Cleaner to slow down/);
    } finally {
      await fake.stop();
    }
  });
});
