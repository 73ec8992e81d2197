// The outcome log and table: what was paid for is written down line by line,
// read back exactly, and a line torn by a crash mid-append is ignored without
// spoiling what comes after it.
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createOutcomeTable,
  formatRecords,
  loadOutcomes,
  openOutcomeLog,
  type OutcomeRecord,
} from '../../../../electron/jobs/storage/outcomes';

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-outcomes-'));
  path = join(dir, 'outcomes.log');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const records: OutcomeRecord[] = [
  { index: 0, status: 'deliverable', provider: 'provider_code_1', avatar: null, avatarUrl: null },
  { index: 1, status: 'undeliverable', provider: '', avatar: null, avatarUrl: null },
  { index: 2, status: 'unknown' },
  {
    index: 3,
    status: 'deliverable',
    provider: null,
    avatar: true,
    avatarUrl: 'https://avatars.sandbox.invalid/abc.png',
  },
  { index: 4, status: 'deliverable', provider: null, avatar: true, avatarUrl: '' },
  { index: 5, status: 'deliverable', provider: null, avatar: false, avatarUrl: '' },
  { index: 6, status: 'undeliverable', provider: null, avatar: null, avatarUrl: null },
];

describe('outcome table', () => {
  it('keeps each outcome and counts them, an overwrite moving the counts', () => {
    const table = createOutcomeTable(10);
    for (const r of records) table.set(r);
    expect(table.counts()).toMatchObject({ deliverable: 4, undeliverable: 2, unknown: 1, done: 7 });
    expect(table.has(6)).toBe(true);
    expect(table.has(7)).toBe(false);
    expect(table.get(7)).toBeUndefined();
    table.set({ index: 2, status: 'deliverable', provider: 'other' });
    expect(table.counts()).toMatchObject({ deliverable: 5, undeliverable: 2, unknown: 0, done: 7 });
    expect(table.providers()).toEqual({
      provider_code_1: 1,
      'not registered': 1,
      other: 1,
      'not reported': 4,
    });
    // Addresses never checked (left out, suppressed, blocked) are no provider's checked addresses.
    table.set({ index: 7, status: 'suppressed' });
    table.set({ index: 8, status: 'disposable', provider: 'provider_code_1' });
    table.set({ index: 9, status: 'blocked' });
    const byProvider = Object.values(table.providers()).reduce((sum, n) => sum + n, 0);
    const { deliverable, undeliverable, unknown } = table.counts();
    expect(byProvider).toBe(deliverable + undeliverable + unknown);
    expect(table.providers()).toMatchObject({ provider_code_1: 1, 'not reported': 4 });
  });

  it('refuses an index outside the job', () => {
    const table = createOutcomeTable(2);
    expect(() => table.set({ index: 2, status: 'unknown' })).toThrow(RangeError);
    expect(() => table.set({ index: -1, status: 'unknown' })).toThrow(RangeError);
  });
});

describe('outcome log', () => {
  it('reads back what was appended, field for field', async () => {
    const log = await openOutcomeLog(path);
    await log.append(records.slice(0, 3));
    await log.append([]);
    await log.append(records.slice(3));
    await log.close();
    const table = await loadOutcomes(path, 10);
    expect(table.counts()).toMatchObject({ deliverable: 4, undeliverable: 2, unknown: 1, done: 7 });
    expect(table.get(0)).toMatchObject({
      status: 'deliverable',
      provider: 'provider_code_1',
      avatar: null,
      avatarUrl: null,
    });
    expect(table.get(1)).toMatchObject({ status: 'undeliverable', provider: '' });
    expect(table.get(2)).toMatchObject({
      status: 'unknown',
      provider: null,
      avatar: null,
      avatarUrl: null,
    });
    expect(table.get(3)).toMatchObject({
      status: 'deliverable',
      provider: null,
      avatar: true,
      avatarUrl: 'https://avatars.sandbox.invalid/abc.png',
    });
    expect(table.get(4)).toMatchObject({ avatar: true, avatarUrl: '' });
    expect(table.get(5)).toMatchObject({ avatar: false, avatarUrl: '' });
    expect(table.get(6)).toMatchObject({
      status: 'undeliverable',
      provider: null,
      avatar: null,
      avatarUrl: null,
    });
  });

  it('starts empty when there is no log yet', async () => {
    const table = await loadOutcomes(path, 3);
    expect(table.counts().done).toBe(0);
  });

  it('keeps tabs and newlines in a value from breaking a line', async () => {
    const log = await openOutcomeLog(path);
    await log.append([
      { index: 0, status: 'deliverable', provider: 'odd\tname', avatarUrl: 'https://x/\n1.png' },
      { index: 1, status: 'undeliverable' },
    ]);
    await log.close();
    const table = await loadOutcomes(path, 2);
    expect(table.get(0)).toMatchObject({ provider: 'oddname', avatarUrl: 'https://x/1.png' });
    expect(table.get(1)).toMatchObject({ status: 'undeliverable' });
  });

  it('ignores a torn last line (a crash mid-append)', async () => {
    const whole = formatRecords(records.slice(0, 3));
    const torn = formatRecords([records[3] as OutcomeRecord]).slice(0, 12);
    await writeFile(path, whole + torn);
    const table = await loadOutcomes(path, 10);
    expect(table.counts()).toMatchObject({ deliverable: 1, undeliverable: 1, unknown: 1, done: 3 });
    expect(table.has(3)).toBe(false);
  });

  it('skips lines it cannot read, and indexes outside the job', async () => {
    await writeFile(
      path,
      `0\td\t\u0000\t\t\u0000\nnonsense\n99\td\t\t\t\n1\tz\t\t\t\n\n2\tu\t\t\t\n`,
    );
    const table = await loadOutcomes(path, 3);
    expect(table.counts()).toMatchObject({ deliverable: 1, undeliverable: 1, unknown: 0, done: 2 });
  });

  it('appends after a torn line on a line of its own, so the next outcome is not lost', async () => {
    // The crash tore index 3's line; the resumed job checks 3 again and goes on with 4.
    const torn = formatRecords([records[3] as OutcomeRecord]).slice(0, 12);
    await writeFile(path, formatRecords(records.slice(0, 3)) + torn);
    const log = await openOutcomeLog(path);
    await log.append([records[3] as OutcomeRecord, records[4] as OutcomeRecord]);
    await log.close();
    const table = await loadOutcomes(path, 10);
    expect(table.counts().done).toBe(5);
    expect(table.get(3)).toMatchObject({
      status: 'deliverable',
      provider: null,
      avatar: true,
      avatarUrl: 'https://avatars.sandbox.invalid/abc.png',
    });
    expect(table.get(4)).toMatchObject({ status: 'deliverable', avatar: true, avatarUrl: '' });
    // And the file holds only whole lines.
    const text = await readFile(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.split('\n').filter(Boolean)).toHaveLength(5);
  });

  it('drops a log that is nothing but a torn line before appending', async () => {
    await writeFile(path, '12\td\tprov');
    const log = await openOutcomeLog(path);
    await log.append([{ index: 0, status: 'unknown' }]);
    await log.close();
    expect(await readFile(path, 'utf8')).toBe(formatRecords([{ index: 0, status: 'unknown' }]));
  });

  it('syncs each append before the next, in order', async () => {
    const log = await openOutcomeLog(path);
    const writes = Array.from({ length: 50 }, (_, i) =>
      log.append([{ index: i, status: i % 2 ? 'deliverable' : 'undeliverable' }]),
    );
    await Promise.all(writes);
    await log.close();
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines.map((l) => Number(l.split('\t')[0]))).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    // Appending to a log someone else also wrote keeps both.
    await appendFile(path, formatRecords([{ index: 50, status: 'unknown' }]));
    expect((await loadOutcomes(path, 51)).counts().done).toBe(51);
  });
});

describe('outcomes not paid for here', () => {
  it('keeps reused answers with their day, free findings as local, and counts each apart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-outcomes-free-'));
    try {
      const path = join(dir, 'outcomes.log');
      const log = await openOutcomeLog(path);
      await log.append([
        { index: 0, status: 'deliverable', provider: 'p1' },
        {
          index: 1,
          status: 'deliverable',
          provider: 'p2',
          origin: 'reused',
          checkedAt: 1_790_000_000,
        },
        { index: 2, status: 'undeliverable', origin: 'local' },
        { index: 3, status: 'disposable', origin: 'local' },
        { index: 4, status: 'role', origin: 'local' },
        { index: 5, status: 'not_covered', origin: 'local' },
      ]);
      await log.close();
      const table = await loadOutcomes(path, 6);
      expect(table.counts()).toEqual({
        deliverable: 2,
        undeliverable: 1,
        unknown: 0,
        disposable: 1,
        role: 1,
        notCovered: 1,
        suppressed: 0,
        blocked: 0,
        done: 6,
        paid: 1,
        reused: 1,
        reusedFromVendors: 0,
        noMail: 1,
      });
      expect(table.get(5)).toMatchObject({ status: 'not_covered', origin: 'local' });
      expect(table.get(1)).toMatchObject({ origin: 'reused', checkedAt: 1_790_000_000 });
      expect(table.get(2)).toMatchObject({ status: 'undeliverable', origin: 'local' });
      expect(table.get(0)).toMatchObject({ origin: 'paid', checkedAt: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
