// Importing a vendor's result file into the memory: what was read, kept by
// our status, left unknown (by the vendor's word when it is none we map) and
// skipped; each verdict dated by its own column, else the date given, else
// the file's modification time; never over a newer answer; read a batch at a
// time whatever the file's length.
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openOutcomeMemory, type OutcomeMemory } from '../../../electron/memory/outcome-memory';
import { importVerdicts } from '../../../electron/verdicts/import';
import { readVerdictFile } from '../../../electron/verdicts/read';

const NOW = Date.UTC(2026, 9, 20, 12) / 1000;
const DAY = 86_400;
const zerobounce = fileURLToPath(
  new URL('../../fixtures/verdicts/zerobounce.csv', import.meta.url),
);
let dir: string;
let memory: OutcomeMemory;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-verdicts-'));
  memory = await openOutcomeMemory(join(dir, 'data'), { now: () => NOW * 1000 });
});
afterEach(async () => {
  await memory.close();
  await rm(dir, { recursive: true, force: true });
});

const options = { now: () => NOW * 1000 };

describe('importVerdicts', () => {
  it('counts what it read, kept, left unknown and skipped, dated by the row or the date given', async () => {
    const result = await importVerdicts(memory, zerobounce, {
      ...options,
      vendor: 'zerobounce',
      date: NOW - 10 * DAY,
    });
    expect(result).toMatchObject({
      vendor: 'zerobounce',
      file: 'zerobounce.csv',
      rows: 9,
      remembered: { deliverable: 1, undeliverable: 1 },
      unknown: 5,
      unmapped: { valid_maybe: 1 },
      skipped: { noAddress: 1, older: 0 },
      fileDate: NOW - 10 * DAY,
      memoryUnavailable: false,
    });
    expect(memory.recall('email', 'ann@zb-example.com', 30)).toEqual({
      outcome: { status: 'deliverable', provider: null, avatar: null, avatarUrl: null },
      checkedAt: Date.UTC(2026, 9, 3, 14, 5, 11) / 1000,
      source: 'zerobounce',
    });
    expect(memory.recall('email', 'bob@zb-example.com', 30)?.checkedAt).toBe(NOW - 10 * DAY);
    expect(memory.recall('email', 'cat@zb-example.com', 30)).toBeNull();
    expect(memory.recall('email', 'hal@zb-example.com', 30)).toBeNull();
    // Again: nothing newer than what is kept now.
    const again = await importVerdicts(memory, zerobounce, { ...options, date: NOW - 10 * DAY });
    expect(again.remembered).toEqual({ deliverable: 0, undeliverable: 0 });
    expect(again.skipped.older).toBe(2);
  });

  it("takes the file's modification time without a date, and refuses a date after today", async () => {
    const path = join(dir, 'mv.csv');
    await writeFile(path, 'email,quality,result\nann@mv-example.com,good,ok\n');
    await utimes(path, NOW - 4 * DAY, NOW - 4 * DAY);
    const result = await importVerdicts(memory, path, options);
    expect(result.vendor).toBe('millionverifier');
    expect(result.fileDate).toBe(NOW - 4 * DAY);
    expect(memory.recall('email', 'ann@mv-example.com', 30)?.checkedAt).toBe(NOW - 4 * DAY);
    await expect(importVerdicts(memory, path, { ...options, date: NOW + 3 * DAY })).rejects.toThrow(
      /after today/,
    );
  });

  it('names at most twenty unmapped words, the rest counted together', async () => {
    const path = join(dir, 'nb.csv');
    const rows = Array.from({ length: 30 }, (_, i) => `p${i}@nb-example.com,word${i}`);
    await writeFile(path, ['email,email_status', ...rows, ''].join('\n'));
    const result = await importVerdicts(memory, path, { ...options, vendor: 'neverbounce' });
    expect(Object.keys(result.unmapped)).toHaveLength(21);
    expect(result.unmapped['(other words)']).toBe(10);
  });

  it('reads a long file a batch at a time', async () => {
    const path = join(dir, 'long.csv');
    const rows = Array.from(
      { length: 25_000 },
      (_, i) => `p${i}@kb-example.com,deliverable,accepted_email`,
    );
    await writeFile(path, ['email,result,reason', ...rows, ''].join('\n'));
    const sizes: number[] = [];
    const read = await readVerdictFile(path, {
      onBatch: (b) => void sizes.push(b.length),
      batchSize: 4_000,
    });
    expect(read.rows).toBe(25_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4_000 + 2_000);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(25_000);
    const result = await importVerdicts(memory, path, { ...options, batchSize: 4_000 });
    expect(result.remembered.deliverable).toBe(25_000);
    expect(memory.size('email')).toBe(25_000);
  });
});
