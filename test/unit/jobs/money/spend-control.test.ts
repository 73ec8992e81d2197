// The cost under the user's control, against the sandbox over real HTTP: a
// spending limit refuses a start whose estimate is over it (unless the user
// agrees) and holds a running job before the request that would go past it;
// Stop sends nothing new and Continue carries on; a sample is paid for once
// and counts toward the job.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEMO_PRICES } from '../../../../electron/account/demo';
import { openJobs, type Jobs } from '../../../../electron/jobs/jobs';
import { AppError } from '../../../../electron/lib/app-error';
import { wilson } from '../../../../electron/jobs/money/sample';
import { setup, writeList, type Bench } from '../support';

const UNIT = 1_000;

async function jobsFor(bench: Bench): Promise<Jobs> {
  const client = bench.client();
  // The sandbox's own prices, as the demo knows them: every estimate has a figure.
  const jobs = await openJobs({
    dataDir: bench.dataDir,
    client: () => client,
    knownPrices: DEMO_PRICES,
  });
  onTestFinished(() => jobs.stop());
  return jobs;
}

const list = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `${tag}${i}@provider1.test`);

describe('the spending limit', () => {
  it('refuses a start over it, with nothing charged, unless the user agrees', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    const { job } = await jobs.importFile(await writeList(bench, 'l.csv', list(250, 'a')));
    const limit = { limitMicros: 100 * UNIT };
    const estimate = await jobs.estimate(job.id, 'email', limit);
    expect(estimate).toMatchObject({ estimateMicros: 250 * UNIT, overLimit: true });
    const refused = await jobs.start(job.id, 'email', limit).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('over_limit');
    expect((refused as AppError).message).toMatch(/Nothing was charged/);
    expect(bench.sandbox.ledger.spent(bench.key)).toBe(0);

    await jobs.start(job.id, 'email', limit, true);
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    expect(done.limitMicros).toBe(250 * UNIT);
  });

  it('holds a running job before the request that would go past it; Continue with a new limit finishes', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    const { job } = await jobs.importFile(await writeList(bench, 'l.csv', list(250, 'b')));
    await jobs.start(job.id, 'email');
    // Stopped before its first request: nothing is sent.
    await jobs.stopJob(job.id);
    const stopped = await jobs.finished(job.id);
    expect(stopped.hold?.reason).toBe('stopped');
    expect(stopped.state).not.toBe('done');
    const spentAtStop = bench.sandbox.ledger.spent(bench.key);

    // Continue under a limit that takes one multi check of 100, not the next.
    await jobs.resume(job.id, { limitMicros: spentAtStop + 100 * UNIT });
    const held = await jobs.finished(job.id);
    expect(held.hold?.reason).toBe('limit');
    expect(held.hold?.message).toMatch(/limit of \$0\.\d+/);
    expect(bench.sandbox.ledger.spent(bench.key)).toBeLessThanOrEqual(spentAtStop + 100 * UNIT);
    expect(held.checked).toBeGreaterThan(0);

    // A job held waits for its own Continue: resuming every job leaves it.
    expect(await jobs.resume()).toEqual([]);
    await jobs.resume(job.id, { limitMicros: null });
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    expect(done.hold).toBeNull();
    expect(done.checked).toBe(250);
    // Continued by the user, not picked up after a restart.
    expect(done.resumed).toBe(false);
  });
});

describe('the send list', () => {
  it('is not kept when every address is sent, in order: positions are their numbers', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    const { job } = await jobs.importFile(await writeList(bench, 'l.csv', list(120, 'e')));
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    expect(done.checked).toBe(120);
    expect(existsSync(join(bench.dataDir, 'jobs', job.id, 'send.bin'))).toBe(false);
  });

  it('a job whose send list is gone sends nothing more and says why', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    // A throw-away address is not sent (by default): the send list skips it.
    const { job } = await jobs.importFile(
      await writeList(bench, 'l.csv', [...list(120, 'g'), 'someone@mailinator.com']),
    );
    await jobs.start(job.id, 'email');
    await jobs.stopJob(job.id);
    await jobs.finished(job.id);
    const spent = bench.sandbox.ledger.spent(bench.key);
    await rm(join(bench.dataDir, 'jobs', job.id, 'send.bin'));
    // Another process, reading the job from disk.
    const later = await jobsFor(bench);
    await later.resume(job.id);
    const failed = await later.finished(job.id);
    expect(failed.state).toBe('failed');
    expect(failed.failure?.message).toMatch(/send\.bin/);
    expect(bench.sandbox.ledger.spent(bench.key)).toBe(spent);
  });
});

describe('sample first', () => {
  it('checks up to 100 of what would be sent in one multi check, projects the share, and never pays for them again', async () => {
    const bench = await setup();
    const jobs = await jobsFor(bench);
    const { job } = await jobs.importFile(await writeList(bench, 'l.csv', list(300, 'c')));
    const sample = await jobs.sample(job.id, 'email');
    expect(sample.size).toBe(100);
    expect(sample.deliverable + sample.undeliverable + sample.unknown).toBe(100);
    expect(sample.low).toBeLessThanOrEqual(sample.share);
    expect(sample.high).toBeGreaterThanOrEqual(sample.share);
    const afterSample = bench.sandbox.ledger.spent(bench.key);
    expect(afterSample).toBe((sample.deliverable + sample.undeliverable) * UNIT);
    const estimate = await jobs.estimate(job.id, 'email');
    expect(estimate).toMatchObject({ sampled: 100, toSend: 200, estimateMicros: 200 * UNIT });
    await expect(jobs.start(job.id, 'avatar')).rejects.toThrow(/sample/);
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done.checked).toBe(300);
    expect(done.paid).toBe(done.deliverable + done.undeliverable);
    // The sample's part is charged once: the ledger equals every answer paid for.
    expect(bench.sandbox.ledger.spent(bench.key)).toBe(done.paid * UNIT);
    expect(done.chargedMicros).toBe(done.paid * UNIT);
  });

  it('gives a 95% interval that stays within 0–100%', () => {
    expect(wilson(0, 100).low).toBe(0);
    expect(wilson(100, 100).high).toBe(1);
    const mid = wilson(80, 100);
    expect(mid.share).toBe(0.8);
    expect(mid.low).toBeCloseTo(0.711, 2);
    expect(mid.high).toBeCloseTo(0.867, 2);
  });
});
