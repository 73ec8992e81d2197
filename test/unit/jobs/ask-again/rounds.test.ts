// Unknowns asked again, free: a finished job whose answers came back
// "undetermined" (42200 single, `exists: false` multi: nothing charged) asks
// them again on its schedule, and they resolve on the second or third ask.
// Rounds are started with the clock they are due at, so nothing here waits
// for the schedule; the ledger (checked after each test) shows nothing was
// charged but the determined answers, each once.
import { describe, expect, it } from 'vitest';
import type { JobsOptions } from '../../../../electron/jobs/jobs';
import { readRecord, requestsTo, API, setup, writeList } from '../support';

const LIST = [
  'deliverable+1@provider1.test',
  'deliverable+2@provider2.test',
  'deliverable+3@provider1.test',
  'undeliverable+4@provider1.test',
  'undetermined+5@provider1.test',
];

async function finishedWithUnknowns(
  asksUndetermined: number,
  delays = [60, 120, 180],
  options: Pick<Partial<JobsOptions>, 'patienceMs' | 'waitPolicy'> = {},
) {
  const bench = await setup();
  bench.sandbox.faults.undetermineFirst(asksUndetermined);
  const jobs = await bench.jobs({ ...options, askAgainDelays: () => delays });
  const { job } = await jobs.importFile(await writeList(bench, 'list.csv', LIST));
  await jobs.start(job.id, 'email');
  const done = await jobs.finished(job.id);
  return { bench, jobs, id: job.id, done };
}

describe('asking unknowns again', () => {
  it('resolves them on the second ask, counting what resolved, and charges only those', async () => {
    const { bench, jobs, id, done } = await finishedWithUnknowns(1);
    expect(done).toMatchObject({ state: 'done', unknown: 5, paid: 0 });
    expect(done.askAgain).toMatchObject({
      state: 'waiting',
      round: 0,
      rounds: 3,
      asked: 5,
      left: 5,
      ended: null,
    });
    const from = Date.parse((await readRecord(bench.dataDir, id)).askAgain?.from ?? '');
    expect(Date.parse(done.askAgain?.nextAt ?? '')).toBe(from + 60_000);

    // Not due yet: nothing is asked.
    expect(await jobs.askAgainDue(from + 59_000)).toEqual([]);
    const before = requestsTo(bench, API.multi).length + requestsTo(bench, API.single).length;

    const [queued] = await jobs.askAgainDue(from + 60_000);
    expect(queued?.id).toBe(id);
    const after = await jobs.finished(id);
    expect(after).toMatchObject({
      state: 'done',
      deliverable: 3,
      undeliverable: 1,
      unknown: 1,
      paid: 4,
      finishedAt: done.finishedAt,
    });
    expect(after.askAgain).toMatchObject({
      state: 'waiting',
      round: 1,
      left: 1,
      resolved: { deliverable: 3, undeliverable: 1 },
    });
    expect(Date.parse(after.askAgain?.nextAt ?? '')).toBe(from + 120_000);
    // Only the five unknowns were sent again.
    const sent = bench.sandbox.requests
      .slice(before)
      .filter((r) => r.path === API.multi || r.path === API.single);
    expect(sent.length).toBeGreaterThan(0);
  });

  it('resolves them on the third ask; the last round ends the schedule with what is left', async () => {
    const { bench, jobs, id, done } = await finishedWithUnknowns(2, [60, 120]);
    const from = Date.parse((await readRecord(bench.dataDir, id)).askAgain?.from ?? '');
    expect(done.askAgain?.asked).toBe(5);

    await jobs.askAgainDue(from + 60_000);
    const second = await jobs.finished(id);
    expect(second).toMatchObject({ unknown: 5, paid: 0 });
    expect(second.askAgain).toMatchObject({ round: 1, left: 5, resolved: { deliverable: 0 } });

    await jobs.askAgainDue(from + 120_000);
    const third = await jobs.finished(id);
    expect(third).toMatchObject({ deliverable: 3, undeliverable: 1, unknown: 1, paid: 4 });
    expect(third.askAgain).toMatchObject({
      state: 'ended',
      round: 2,
      left: 1,
      nextAt: null,
      ended: 'schedule',
      resolved: { deliverable: 3, undeliverable: 1 },
    });
    // Ended: nothing is due any more.
    expect(await jobs.askAgainDue(from + 10 * 86_400_000)).toEqual([]);
    expect(await jobs.nextAskAgainAt()).toBeNull();
  });

  it('rounds missed while nothing ran are run once', async () => {
    const { bench, jobs, id } = await finishedWithUnknowns(2, [60, 120, 180]);
    const from = Date.parse((await readRecord(bench.dataDir, id)).askAgain?.from ?? '');
    // The app was closed past the first two offsets: one round now, the next is the third.
    await jobs.askAgainDue(from + 150_000);
    const once = await jobs.finished(id);
    expect(once.askAgain?.round).toBe(1);
    expect(once.askAgain?.nextAt).toBe(new Date(from + 180_000).toISOString());
  });

  it('with no unknowns left to ask, none is planned; `none` plans none either', async () => {
    const bench = await setup();
    const jobs = await bench.jobs({ askAgainDelays: () => [] });
    const { job } = await jobs.importFile(
      await writeList(bench, 'list.csv', ['deliverable+1@provider1.test', LIST[4] as string]),
    );
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done.unknown).toBe(1);
    expect(done.askAgain).toMatchObject({ state: 'ended', ended: 'turned-off', nextAt: null });
    expect(await jobs.askAgainDue(Date.now() + 30 * 86_400_000)).toEqual([]);
  });

  it('a new schedule from now replaces the rest; an empty one ends it', async () => {
    const { jobs, id } = await finishedWithUnknowns(1);
    const t0 = Date.now();
    const moved = await jobs.setAskAgain(id, [3_600]);
    expect(Date.parse(moved.askAgain?.nextAt ?? '')).toBeGreaterThanOrEqual(t0 + 3_600_000);
    const ended = await jobs.setAskAgain(id, []);
    expect(ended.askAgain).toMatchObject({ state: 'ended', ended: 'turned-off', nextAt: null });
    await expect(jobs.setAskAgain(id, [60, 30])).rejects.toThrow(/1 to 6 delays/);
  });

  it('a round the service refuses past the patience leaves the job done, and moves on', async () => {
    const { bench, jobs, id } = await finishedWithUnknowns(1, [60, 120], {
      patienceMs: 300,
      waitPolicy: { baseMs: 40, capMs: 100, fundsEveryMs: 50, ordersEveryMs: 50 },
    });
    const from = Date.parse((await readRecord(bench.dataDir, id)).askAgain?.from ?? '');
    bench.sandbox.faults.maintenance(true);
    await jobs.askAgainDue(from + 60_000);
    const refused = await jobs.finished(id);
    bench.sandbox.faults.maintenance(false);
    expect(refused).toMatchObject({ state: 'done', hold: null, failure: null, wait: null });
    expect(refused).toMatchObject({ unknown: 5, paid: 0 });
    expect(refused.askAgain).toMatchObject({ state: 'waiting', round: 1, left: 5 });
    expect(refused.askAgain?.nextAt).toBe(new Date(from + 120_000).toISOString());
  });
});
