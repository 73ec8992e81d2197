// The team's spend as the Account screen shows it: each month's people add up
// to the month's total exactly as shown, the months to the year's, a
// charge not known is said as such and never counted as nothing; and the
// Team tab's words for a page of the team's jobs.
import { describe, expect, it } from 'vitest';
import type { TeamSpendView } from '../../../electron/common/views/team-views';
import { english } from '../../../electron/common/i18n/message';
import {
  machinesWords,
  spendTable,
  spendWords,
} from '../../../renderer/src/features/account/team/spend-words';
import {
  chargedWords,
  pageWords,
  productWords,
} from '../../../renderer/src/features/jobs/team/team-words';

const person = (osUser: string, chargedMicros: number, unknownCharges = 0) => ({
  osUser,
  machines: [`${osUser}-pc`],
  jobs: 1 + unknownCharges,
  chargedMicros,
  unknownCharges,
});

const view: TeamSpendView = {
  from: '2025-12',
  to: '2026-11',
  months: [
    // Thirds of a cent and more: rounded to cents one by one they would not add up.
    {
      month: '2026-11',
      people: [person('ana', 3_333), person('bo', 3_333), person('cy', 13_334)],
    },
    { month: '2026-10', people: [person('ana', 1_234_567), person('bo', 0, 1)] },
  ],
};

describe('spendTable', () => {
  it("adds each month's people up to its total, and the months up to the year's, as shown", () => {
    const table = spendTable(view, 'en-US');
    for (const month of table.months) {
      expect(month.people.reduce((n, p) => n + p.micros, 0)).toBe(month.micros);
    }
    expect(table.months.map((m) => m.micros)).toEqual([20_000, 1_234_567]);
    expect(table.micros).toBe(1_254_567);
    expect(table.decimals).toBe(6);
    expect(table.months[0]?.label).toBe('November 2026');
    expect(table.jobs).toBe(6);
    expect(table.unknownCharges).toBe(1);
    const shown = (row: Parameters<typeof spendWords>[0]) =>
      spendWords(row, english.t, 'en-US', table.decimals);
    expect(shown(table)).toBe('$1.254567 and 1 job not known');
    const first = table.months[0];
    expect(first && shown(first)).toBe('$0.020000');
    expect(first?.people.map(shown)).toEqual(['$0.003333', '$0.003333', '$0.013334']);
  });

  it('says "not known" for a charge not known, and an amount under a cent exactly, never $0.00', () => {
    const table = spendTable(view, 'en-US');
    const bo = table.months[1]?.people[1];
    expect(bo && spendWords(bo, english.t, 'en-US')).toBe('not known');
    const shares = table.months[0]?.people.map((p) => spendWords(p, english.t, 'en-US'));
    expect(shares).toEqual(['$0.003333', '$0.003333', '$0.013334']);
  });

  it('names two computers, and counts more', () => {
    expect(machinesWords(['a'], english.t)).toBe('a');
    expect(machinesWords(['a', 'b'], english.t)).toBe('a and b');
    expect(machinesWords(['a', 'b', 'c'], english.t)).toBe('3 computers');
  });
});

describe('the Team tab words', () => {
  it('says the page, the product and the charge', () => {
    expect(pageWords(0, 3, 3, english.t)).toBe('3 finished jobs');
    expect(pageWords(50, 50, 130, english.t)).toBe('51–100 of 130 finished jobs');
    expect(productWords('avatar', english.t)).toBe('Email + avatar');
    expect(productWords('future_product', english.t)).toBe('future_product');
    expect(chargedWords({ chargedMicros: null }, english.t)).toBe('not known');
    expect(chargedWords({ chargedMicros: 0 }, english.t)).toBe('nothing');
    expect(chargedWords({ chargedMicros: 420_000 }, english.t)).toMatch(/0\.42/);
  });
});
