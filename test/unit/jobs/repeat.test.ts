// A list checked before is known again when it comes in, against the sandbox
// over real HTTP: the very same file, or mostly the same addresses in another
// file; the review then says when it was checked and how many answers the
// memory gives for free. A list not checked to the end, or another list, is not.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sketchOf, overlapOf, SKETCH_SIZE } from '../../../electron/lists/list-print';
import { addresses, runJob, setup, writeList } from './support';

const people = addresses(120, (i) => `deliverable+${i}@people.example`);

describe('a list checked before', () => {
  it('is known again as the same file, with when it was checked and what is reused', async () => {
    const bench = await setup();
    const first = await runJob(bench, await writeList(bench, 'people.csv', people));
    const jobs = await bench.jobs();
    const { job } = await jobs.importFile(join(bench.dir, 'people.csv'));
    expect(job.repeatOf).toEqual({ jobId: first.id, how: 'same-file', overlap: 1 });
    const seen = await jobs.seenBefore(job.id, 30);
    expect(seen).toMatchObject({
      jobId: first.id,
      fileName: 'people.csv',
      checkedAt: first.finishedAt,
      reuseDays: 30,
    });
    // Every answer was paid for a moment ago: each can be reused, unless reuse is off.
    const memory = await jobs.memory();
    expect(seen?.reusable).toBe(memory.available ? people.length : null);
    expect((await jobs.seenBefore(job.id, 0))?.reusable).toBeNull();
  });

  it('is known again by its addresses in another file, and says how much of it was there', async () => {
    const bench = await setup();
    const first = await runJob(bench, await writeList(bench, 'march.csv', people));
    // The same people in another order and another file, with 12 new ones: 120 of 132.
    const april = [
      ...addresses(12, (i) => `deliverable+${i}@new.example`),
      ...[...people].reverse(),
    ];
    const jobs = await bench.jobs();
    const { job } = await jobs.importFile(
      await writeList(bench, 'april.csv', april, { header: 'email,first name' }),
    );
    expect(job.repeatOf).toMatchObject({ jobId: first.id, how: 'same-addresses' });
    // Lists under the sketch's size are compared exactly.
    expect(job.repeatOf?.overlap).toBeCloseTo(120 / 132, 6);

    const other = await jobs.importFile(
      await writeList(
        bench,
        'other.csv',
        addresses(50, (i) => `deliverable+${i}@else.example`),
      ),
    );
    expect(other.job.repeatOf).toBeNull();
    expect(await jobs.seenBefore(other.job.id, 30)).toBeNull();
  });

  it('checked again on purpose is that list, however much its file changed', async () => {
    const bench = await setup();
    const first = await runJob(bench, await writeList(bench, 'leads.csv', people));
    const jobs = await bench.jobs();
    // Most of it replaced since: not "mostly the same", but the user said it is that list.
    const changed = [
      ...people.slice(0, 30),
      ...addresses(90, (i) => `deliverable+${i}@later.example`),
    ];
    const path = await writeList(bench, 'leads.csv', changed);
    expect((await jobs.importFile(path)).job.repeatOf).toBeNull();
    const again = await jobs.importFile(path, { againOf: first.id });
    expect(again.job.repeatOf).toMatchObject({ jobId: first.id, how: 'same-addresses' });
    expect(again.job.repeatOf?.overlap).toBeCloseTo(30 / 120, 6);
  });

  it('is not known from a list never checked to the end, and is from one kept before prints were', async () => {
    const bench = await setup();
    const jobs = await bench.jobs();
    const path = await writeList(bench, 'draft.csv', people);
    const draft = await jobs.importFile(path);
    expect((await jobs.importFile(path)).job.repeatOf).toBeNull();
    await jobs.remove(draft.job.id);

    const done = await runJob(bench, path);
    // A job kept before lists had prints: its print is made when first compared.
    await rm(join(bench.dataDir, 'jobs', done.id, 'print.json'), { force: true });
    expect((await jobs.importFile(path)).job.repeatOf).toMatchObject({ jobId: done.id });
  });
});

describe('the sketch of a list', () => {
  const lines = (list: string[]) => Buffer.from(list.map((a) => `${a}\n`).join(''));
  const print = (list: string[]) => ({
    version: 1 as const,
    sha256: '0'.repeat(64),
    ...sketchOf(lines(list)),
  });

  it('estimates the share two large lists have in common within a few points', () => {
    const a = addresses(40_000, (i) => `person${i}@example.com`);
    const b = addresses(40_000, (i) => `person${i + 10_000}@example.com`);
    expect(print(a).sketch).toHaveLength(SKETCH_SIZE);
    // 30,000 of a's 40,000 are in b.
    expect(overlapOf(print(a), print(b))).toBeGreaterThan(0.75 - 0.08);
    expect(overlapOf(print(a), print(b))).toBeLessThan(0.75 + 0.08);
    expect(overlapOf(print(a), print(a))).toBe(1);
    expect(overlapOf(print(a), print(addresses(1_000, (i) => `x${i}@y.org`)))).toBe(0);
  });
});
