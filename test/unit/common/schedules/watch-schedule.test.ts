// The one due rule, on a clock the test moves: due and not due, days and
// weeks, a time of day kept across a change of summer time, and missed
// periods that make one run, never one per period.
import { afterAll, describe, expect, it } from 'vitest';
import {
  isDue,
  latestSlot,
  nextRunAt,
  parseAgeDays,
  parseEvery,
  parseTimeOfDay,
  scheduleFrom,
  slotAfter,
} from '../../../../electron/common/schedules/watch-schedule';

// Node reads TZ again whenever it is set: slots are in this zone's calendar days.
const savedTz = process.env.TZ;
process.env.TZ = 'Europe/Berlin';
afterAll(() => {
  process.env.TZ = savedTz;
});

const at = (local: string) => new Date(local).getTime();
const DAY = 86_400_000;

describe('parsing', () => {
  it('takes days and weeks, refuses the rest', () => {
    expect(parseEvery('7d')).toEqual({ count: 7, unit: 'days' });
    expect(parseEvery('2w')).toEqual({ count: 2, unit: 'weeks' });
    expect(parseEvery(' 1 week ')).toEqual({ count: 1, unit: 'weeks' });
    expect(parseEvery('0d')).toBeNull();
    expect(parseEvery('53w')).toBeNull();
    expect(parseEvery('7h')).toBeNull();
    expect(parseAgeDays('30d')).toBe(30);
    expect(parseAgeDays('4w')).toBe(28);
    expect(parseAgeDays('400d')).toBeNull();
    expect(parseTimeOfDay('7:05')).toBe('07:05');
    expect(parseTimeOfDay('24:00')).toBeNull();
  });
});

describe('the due rule', () => {
  it('makes a new watch without a time of day due at once, then once a period', () => {
    const made = at('2026-03-01T10:17:00');
    const s = scheduleFrom({ count: 7, unit: 'days' }, null, made);
    expect(isDue(s, { lastSlotDone: null, retryAt: null }, made)).toBe(true);
    const done = { lastSlotDone: latestSlot(s, made), retryAt: null };
    expect(isDue(s, done, made + 6 * DAY)).toBe(false);
    expect(nextRunAt(s, done)).toBe(at('2026-03-08T10:17:00'));
    expect(isDue(s, done, at('2026-03-08T10:17:00'))).toBe(true);
  });

  it('runs a missed run once, and the next slot stays on the grid', () => {
    const made = at('2026-01-05T06:00:00');
    const s = scheduleFrom({ count: 1, unit: 'weeks' }, '07:30', made);
    expect(isDue(s, { lastSlotDone: null, retryAt: null }, made)).toBe(false);
    const first = at('2026-01-05T07:30:00');
    expect(nextRunAt(s, { lastSlotDone: null, retryAt: null })).toBe(first);
    // Three periods asleep: one run covers them all.
    const woke = at('2026-01-27T12:00:00');
    const state = { lastSlotDone: first, retryAt: null };
    expect(isDue(s, state, woke)).toBe(true);
    const covered = latestSlot(s, woke);
    expect(covered).toBe(at('2026-01-26T07:30:00'));
    const after = { lastSlotDone: covered, retryAt: null };
    expect(isDue(s, after, woke)).toBe(false);
    expect(isDue(s, after, woke + DAY)).toBe(false);
    expect(nextRunAt(s, after)).toBe(at('2026-02-02T07:30:00'));
  });

  it('takes a time of day already past today as tomorrow', () => {
    const s = scheduleFrom({ count: 1, unit: 'days' }, '07:30', at('2026-05-10T09:00:00'));
    expect(nextRunAt(s, { lastSlotDone: null, retryAt: null })).toBe(at('2026-05-11T07:30:00'));
  });

  it('keeps the time of day across the change to summer time and back', () => {
    const s = scheduleFrom({ count: 1, unit: 'days' }, '02:30', at('2026-03-27T01:00:00'));
    // 29 March 2026, 02:30 does not exist in Berlin; the day after, 02:30 again.
    expect(new Date(slotAfter(s, at('2026-03-30T00:00:00'))).getHours()).toBe(2);
    expect(slotAfter(s, at('2026-03-30T00:00:00'))).toBe(at('2026-03-30T02:30:00'));
    expect(slotAfter(s, at('2026-10-26T00:00:00'))).toBe(at('2026-10-26T02:30:00'));
    const weekly = scheduleFrom({ count: 1, unit: 'weeks' }, '09:00', at('2026-03-23T08:00:00'));
    expect(latestSlot(weekly, at('2026-03-31T12:00:00'))).toBe(at('2026-03-30T09:00:00'));
  });

  it('holds a capped watch back until its retry time', () => {
    const s = scheduleFrom({ count: 7, unit: 'days' }, null, at('2026-04-20T10:00:00'));
    const held = { lastSlotDone: null, retryAt: at('2026-05-01T00:00:00') };
    expect(isDue(s, held, at('2026-04-30T23:59:00'))).toBe(false);
    expect(isDue(s, held, at('2026-05-01T00:00:00'))).toBe(true);
  });
});
