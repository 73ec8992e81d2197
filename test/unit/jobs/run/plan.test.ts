// The plan: how many multi and single checks a small list takes, and how a
// large one is cut into bulk tasks within the service's line and byte limits.
import { describe, expect, it } from 'vitest';
import {
  MULTI_SIZE,
  SPARE_SLOTS,
  bulkLimits,
  planJob,
  syncSchedule,
  type JobPlan,
  type JobProduct,
  type Range,
} from '../../../../electron/jobs/run/plan';

const size = (r: Range) => r.end - r.start;

describe('syncSchedule', () => {
  it.each([
    [1, [[0, 1]], null],
    [100, [[0, 100]], null],
    [101, [[0, 100]], [100, 101]],
    [104, [[0, 100]], [100, 104]],
    [
      105,
      [
        [0, 100],
        [100, 105],
      ],
      null,
    ],
  ])('%i addresses', (count, multis, singles) => {
    expect(syncSchedule({ start: 0, end: count })).toEqual({
      multis: multis.map(([start, end]) => ({ start, end })),
      singles: singles ? { start: singles[0], end: singles[1] } : null,
    });
  });

  it('999 addresses: ten multi checks, the last of 99, and no single checks', () => {
    const { multis, singles } = syncSchedule({ start: 0, end: 999 });
    expect(multis).toHaveLength(10);
    expect(multis.slice(0, 9).every((m) => size(m) === 100)).toBe(true);
    expect(multis[9]).toEqual({ start: 900, end: 999 });
    expect(singles).toBeNull();
  });

  it('nothing to do for an empty range, and ranges keep their offset', () => {
    expect(syncSchedule({ start: 7, end: 7 })).toEqual({ multis: [], singles: null });
    expect(syncSchedule({ start: 1_000, end: 1_101 })).toEqual({
      multis: [{ start: 1_000, end: 1_100 }],
      singles: { start: 1_100, end: 1_101 },
    });
  });

  it('for every count up to 999, covers each address once in the fewest rounds', () => {
    for (let count = 1; count <= 999; count++) {
      const { multis, singles } = syncSchedule({ start: 0, end: count });
      const parts = [...multis, ...(singles ? [singles] : [])];
      let next = 0;
      for (const part of parts) {
        expect(part.start).toBe(next);
        next = part.end;
      }
      expect(next).toBe(count);
      expect(multis.every((m) => size(m) >= 1 && size(m) <= MULTI_SIZE)).toBe(true);
      // One multi check per round, four single checks beside it.
      const rounds = Math.max(
        multis.length,
        Math.ceil((singles ? size(singles) : 0) / SPARE_SLOTS),
      );
      expect(rounds).toBe(Math.ceil(count / (MULTI_SIZE + SPARE_SLOTS)));
      // Single checks only where the multi checks cannot take the rest in those rounds.
      if (singles) expect(multis.every((m) => size(m) === MULTI_SIZE)).toBe(true);
    }
  });
});

/** Checks a plan against the service's rules and returns the task sizes. */
function expectValid(
  plan: JobPlan,
  unique: number,
  product: JobProduct,
  lineBytes: (i: number) => number,
): number[] {
  const limits = bulkLimits(product);
  let next = 0;
  for (const task of plan.bulk) {
    expect(task.start).toBe(next);
    expect(size(task)).toBeGreaterThanOrEqual(limits.minLines);
    expect(size(task)).toBeLessThanOrEqual(limits.maxLines);
    let bytes = 0;
    for (let i = task.start; i < task.end; i++) bytes += lineBytes(i);
    expect(bytes).toBeLessThanOrEqual(limits.maxFileBytes);
    next = task.end;
  }
  if (plan.sync) {
    expect(plan.sync.start).toBe(next);
    if (plan.bulk.length > 0) expect(size(plan.sync)).toBeLessThan(limits.minLines);
    next = plan.sync.end;
  }
  expect(next).toBe(unique);
  return plan.bulk.map(size);
}

const line = (bytes: number) => () => bytes;

describe('planJob', () => {
  it('keeps up to 999 addresses synchronous, and plans nothing for none', () => {
    expect(planJob(0, 'email', line(20))).toEqual({ bulk: [], sync: null });
    expect(planJob(1, 'email', line(20))).toEqual({ bulk: [], sync: { start: 0, end: 1 } });
    expect(planJob(999, 'avatar', line(20))).toEqual({ bulk: [], sync: { start: 0, end: 999 } });
  });

  it('sends 1,000 and 1,001 addresses as one task each', () => {
    expect(planJob(1_000, 'email', line(20))).toEqual({
      bulk: [{ start: 0, end: 1_000 }],
      sync: null,
    });
    expect(planJob(1_001, 'email', line(20))).toEqual({
      bulk: [{ start: 0, end: 1_001 }],
      sync: null,
    });
  });

  it('cuts by lines: 500,000 per email task, 100,000 per avatar task', () => {
    expect(expectValid(planJob(500_000, 'email', line(20)), 500_000, 'email', line(20))).toEqual([
      500_000,
    ]);
    expect(expectValid(planJob(250_000, 'avatar', line(20)), 250_000, 'avatar', line(20))).toEqual([
      100_000, 100_000, 50_000,
    ]);
  });

  it('evens out a last task that would be under 1,000 lines instead of checking it apart', () => {
    const plan = planJob(500_001, 'email', line(20));
    expect(expectValid(plan, 500_001, 'email', line(20))).toEqual([499_001, 1_000]);
    expect(plan.sync).toBeNull();
    const avatar = planJob(100_500, 'avatar', line(20));
    expect(expectValid(avatar, 100_500, 'avatar', line(20))).toEqual([99_500, 1_000]);
    expect(avatar.sync).toBeNull();
  });

  it('cuts by bytes before lines when the addresses are long', () => {
    // 200-byte lines: a 20 MB file holds about 104,000 of them, far under 500,000.
    const perTask = Math.floor(bulkLimits('email').maxFileBytes / 200);
    const sizes = expectValid(planJob(300_000, 'email', line(200)), 300_000, 'email', line(200));
    expect(sizes).toEqual([perTask, perTask, 300_000 - 2 * perTask]);
  });

  it('cuts by the bytes of each line, however they vary', () => {
    const bytes = (i: number) => 20 + ((i * 7919) % 230);
    const sizes = expectValid(planJob(400_000, 'email', bytes), 400_000, 'email', bytes);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(400_000);
  });

  it('checks a remainder under 1,000 synchronously when the task before cannot spare lines', () => {
    // Lines so long that a file holds exactly 1,000: the second task's 500 cannot borrow any.
    const long = Math.floor(bulkLimits('email').maxFileBytes / 1_000);
    const plan = planJob(1_500, 'email', line(long));
    expect(plan).toEqual({ bulk: [{ start: 0, end: 1_000 }], sync: { start: 1_000, end: 1_500 } });
    expectValid(plan, 1_500, 'email', line(long));
  });

  it('keeps every task under the service’s 20 MB with room for the form', () => {
    expect(bulkLimits('email').maxFileBytes).toBeLessThan(20 * 1024 * 1024);
    expect(bulkLimits('avatar')).toMatchObject({ minLines: 1_000, maxLines: 100_000 });
    expect(bulkLimits('email')).toMatchObject({ minLines: 1_000, maxLines: 500_000 });
  });
});
