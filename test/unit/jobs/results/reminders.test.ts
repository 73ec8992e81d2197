// The one reminder to check a finished list again, against real job folders:
// jobs run against the sandbox, then their job.json is dated back as if they
// had finished months ago, and the jobs are opened again as the next start of
// the app would.
import { describe, expect, it, onTestFinished } from 'vitest';
import { openJobs } from '../../../../electron/jobs/jobs';
import { REMINDERS_PER_ROUND } from '../../../../electron/jobs/results/reminders';
import { openJobStore } from '../../../../electron/jobs/storage/store';
import type { JobRecord } from '../../../../electron/jobs/storage/record';
import { addresses, readRecord, runJob, setup, writeList, type Bench } from '../support';

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-01T09:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

/** A small list run to the end: a done job. */
async function doneJob(b: Bench, name: string): Promise<string> {
  const list = addresses(3, (i) => `${name}${i}@example.com`);
  const job = await runJob(b, await writeList(b, `${name}.csv`, list));
  expect(job.state).toBe('done');
  return job.id;
}

/** Edits a job's record on disk, as a job of long ago would have it. */
async function edit(b: Bench, id: string, patch: Partial<JobRecord>): Promise<void> {
  const store = openJobStore(b.dataDir);
  await store.save({ ...(await store.load(id)), ...patch });
}

/** The jobs as the next start of the app opens them (nothing held from before). */
async function reopened(b: Bench) {
  const client = b.client();
  const jobs = await openJobs({ dataDir: b.dataDir, client: () => client });
  onTestFinished(() => jobs.stop());
  return jobs;
}

const ids = (views: readonly { id: string }[]) => views.map((v) => v.id);

describe('check-again reminders', () => {
  it('reminds of a list once, across rounds and restarts, and notes when in job.json', async () => {
    const b = await setup();
    const id = await doneJob(b, 'contacts');
    await edit(b, id, { finishedAt: daysAgo(94) });
    const before = await readRecord(b.dataDir, id);

    const jobs = await reopened(b);
    const due = await jobs.remindDue(90, NOW);
    expect(ids(due)).toEqual([id]);
    expect(due[0]?.fileName).toBe('contacts.csv');
    expect(await jobs.remindDue(90, NOW)).toEqual([]);
    expect(await (await reopened(b)).remindDue(90, NOW + 30 * DAY)).toEqual([]);

    const after = await readRecord(b.dataDir, id);
    expect(after.remindedAt).toBe(new Date(NOW).toISOString());
    // A reminder is not a change to the job.
    expect(after.updatedAt).toBe(before.updatedAt);
  });

  it('says nothing while reminders are off, or before the days set have passed', async () => {
    const b = await setup();
    const old = await doneJob(b, 'old');
    const recent = await doneJob(b, 'recent');
    await edit(b, old, { finishedAt: daysAgo(400) });
    await edit(b, recent, { finishedAt: daysAgo(29) });

    const jobs = await reopened(b);
    expect(await jobs.remindDue(null, NOW)).toEqual([]);
    expect((await readRecord(b.dataDir, old)).remindedAt).toBeNull();
    expect(ids(await jobs.remindDue(30, NOW))).toEqual([old]);
    expect((await readRecord(b.dataDir, recent)).remindedAt).toBeNull();
  });

  it('does not remind of a list checked again since, but does of the later check in time', async () => {
    const b = await setup();
    const first = await doneJob(b, 'first');
    const again = await doneJob(b, 'again');
    await edit(b, first, { finishedAt: daysAgo(200) });
    await edit(b, again, {
      finishedAt: daysAgo(100),
      repeatOf: { jobId: first, how: 'same-file', overlap: 1 },
    });

    const jobs = await reopened(b);
    expect(ids(await jobs.remindDue(150, NOW))).toEqual([]);
    expect(ids(await jobs.remindDue(90, NOW))).toEqual([again]);
    expect((await readRecord(b.dataDir, first)).remindedAt).toBeNull();
  });

  it(`reminds of at most ${REMINDERS_PER_ROUND} lists a round, oldest first; the rest come next round`, async () => {
    const b = await setup();
    const made: string[] = [];
    for (let i = 0; i <= REMINDERS_PER_ROUND; i++) {
      const id = await doneJob(b, `list${i}`);
      // list0 finished last, list<n> first.
      await edit(b, id, { finishedAt: daysAgo(100 + i) });
      made.push(id);
    }
    const oldestFirst = [...made].reverse();

    const jobs = await reopened(b);
    expect(ids(await jobs.remindDue(90, NOW))).toEqual(oldestFirst.slice(0, REMINDERS_PER_ROUND));
    expect(ids(await jobs.remindDue(90, NOW))).toEqual(oldestFirst.slice(REMINDERS_PER_ROUND));
    expect(await jobs.remindDue(90, NOW)).toEqual([]);
  });
});
