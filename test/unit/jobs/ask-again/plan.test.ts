// Who is asked again, from a real outcome log: only unknowns this job was
// given by the service and not charged for; never one the service judged
// invalid (40002, marked "x"), nor one found here or reused. The "x" mark
// reads as no origin to a reader that does not know it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { askable, invalidMarks } from '../../../../electron/jobs/ask-again/plan';
import { formatRecords, loadOutcomes } from '../../../../electron/jobs/storage/outcomes';
import { parseDelays, validDelays } from '../../../../electron/common/schedules/ask-again';
import { nextRoundAt } from '../../../../electron/jobs/ask-again/schedule';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('who is asked again', () => {
  it('paid unknowns only, less those the service judged invalid', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ask-again-plan-'));
    dirs.push(dir);
    const log = join(dir, 'outcomes.log');
    await writeFile(
      log,
      formatRecords([
        { index: 0, status: 'unknown' },
        { index: 1, status: 'unknown', judgedInvalid: true },
        { index: 2, status: 'deliverable', provider: 'gmail' },
        { index: 3, status: 'unknown', origin: 'local' },
        { index: 4, status: 'unknown', origin: 'reused', checkedAt: 1_700_000_000 },
        { index: 5, status: 'unknown' },
      ]),
    );
    const table = await loadOutcomes(log, 6);
    // The mark is read as a paid unknown, as a build that does not know it reads it.
    expect(table.get(1)).toMatchObject({ status: 'unknown' });
    expect(table.get(1)?.origin ?? 'paid').toBe('paid');
    const invalid = await invalidMarks(log, null);
    expect([...invalid]).toEqual([1]);
    expect(askable(table, invalid)).toEqual([0, 5]);
  });

  it('counts positions in the send list when the job has one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ask-again-plan-'));
    dirs.push(dir);
    const log = join(dir, 'outcomes.log');
    await writeFile(log, formatRecords([{ index: 7, status: 'unknown', judgedInvalid: true }]));
    expect([...(await invalidMarks(log, Uint32Array.from([3, 7, 9])))]).toEqual([1]);
    expect([...(await invalidMarks(join(dir, 'none.log'), null))]).toEqual([]);
  });
});

describe('the schedule', () => {
  it('reads --ask-again as increasing delays in seconds, or none', () => {
    expect(parseDelays('30s,2m,4h')).toEqual([30, 120, 14_400]);
    expect(parseDelays('30, 240')).toEqual([1_800, 14_400]);
    expect(parseDelays('none')).toEqual([]);
    expect(parseDelays('2m,1m')).toBeNull();
    expect(parseDelays('8d')).toBeNull();
    expect(parseDelays('1s,2s,3s,4s,5s,6s,7s')).toBeNull();
    expect(parseDelays('soon')).toBeNull();
    expect(validDelays([])).toBe(true);
  });

  it('the next round: the first offset, then the first still ahead of the round just run', () => {
    const from = '2026-01-01T10:00:00.000Z';
    const t0 = Date.parse(from);
    const plan = { from, delays: [1_800, 14_400, 86_400] };
    expect(nextRoundAt(plan, null)).toBe('2026-01-01T10:30:00.000Z');
    expect(nextRoundAt(plan, t0 + 1_800_000)).toBe('2026-01-01T14:00:00.000Z');
    // Closed past the second offset: the round run now stands for both.
    expect(nextRoundAt(plan, t0 + 5 * 3_600_000)).toBe('2026-01-02T10:00:00.000Z');
    expect(nextRoundAt(plan, t0 + 86_400_000)).toBeNull();
  });
});
