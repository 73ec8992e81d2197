// The bounces to expect: a row's class from its status and the answer's age,
// the range of a set of rows from the stated defaults, and the limit that
// warns (over when the range's upper end is).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GATE_PERCENT,
  forecastClass,
  forecastOf,
  overGate,
} from '../../../electron/risk/forecast';

describe('bounce forecast', () => {
  it('puts each row a platform would mail in one class, and leaves out the rest', () => {
    const c = (status: Parameters<typeof forecastClass>[0]['status'], ageDays: number | null = 0) =>
      forecastClass({ status, ageDays, noMail: false });
    expect([c('deliverable', 0), c('deliverable', 7), c('deliverable', 8)]).toEqual([
      'D0',
      'D0',
      'D8',
    ]);
    expect([c('deliverable', 30), c('deliverable', 31), c('deliverable', 90)]).toEqual([
      'D8',
      'D31',
      'D31',
    ]);
    expect([c('deliverable', 91), c('deliverable', 181)]).toEqual(['D91', 'D181']);
    expect([
      c('unknown'),
      c('undeliverable'),
      c('disposable'),
      c('role'),
      c('not_covered'),
    ]).toEqual(['U', 'X', 'X', 'N', 'N']);
    expect(forecastClass({ status: 'deliverable', ageDays: 0, noMail: true })).toBe('X');
    for (const s of ['invalid', 'duplicate', 'suppressed', 'blocked'] as const) {
      expect(c(s)).toBeNull();
    }
  });

  it('weights each class’s default range by its rows', () => {
    // 3 fresh deliverable (0.2–1%) and 1 unknown (5–30%): (0.6+5)/4 = 1.4, (3+30)/4 = 8.25.
    const f = forecastOf({ D0: 3, U: 1 });
    expect(f).toEqual({
      rows: 4,
      low: 1.4,
      high: 8.3,
      basis: 'defaults',
      classes: [
        { cls: 'D0', rows: 3, low: 0.2, high: 1 },
        { cls: 'U', rows: 1, low: 5, high: 30 },
      ],
    });
    expect(forecastOf({})).toMatchObject({ rows: 0, low: 0, high: 0, classes: [] });
    expect(forecastOf({ D0: 1000 })).toMatchObject({ low: 0.2, high: 1 });
  });

  it('warns over the limit (2% by default), never for no rows or no limit', () => {
    expect(DEFAULT_GATE_PERCENT).toBe(2);
    expect(overGate(forecastOf({ D0: 10 }), 2)).toBe(false);
    expect(overGate(forecastOf({ D8: 10 }), 2)).toBe(false); // exactly 2: not over
    expect(overGate(forecastOf({ D8: 9, D31: 1 }), 2)).toBe(true); // 2.2
    expect(overGate(forecastOf({ U: 1 }), null)).toBe(false);
    expect(overGate(forecastOf({}), 0.1)).toBe(false);
  });
});
