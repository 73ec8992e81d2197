// The Email + avatar review's coverage groups in words: each group's count,
// what it costs (fractions of a cent shown, "up to" where only some are
// charged, Free where nothing is sent) and what becomes of its addresses.
import { describe, expect, it } from 'vitest';
import type { CoverageView } from '../../../electron/common/views/views';
import { coverageGroups } from '../../../renderer/src/features/import/cost/coverage-words';
import { english } from '../../../electron/common/i18n/message';

const { t } = english;

const coverage = (over: Partial<CoverageView> = {}): CoverageView => ({
  covered: { count: 7, costMicros: 21_000 },
  outside: { count: 5, costMicros: 0, others: 'skip' },
  unknown: { count: 4, costMicros: 12_000 },
  ...over,
});

describe('coverageGroups', () => {
  it('names the three groups with their counts and costs', () => {
    expect(coverageGroups(coverage(), t).map((g) => [g.key, g.label, g.count, g.cost])).toEqual([
      ['covered', 'At covered providers', 7, '$0.021'],
      ['outside', 'At other providers', 5, 'Free'],
      ['unknown', 'Domains not known yet', 4, 'up to $0.012'],
    ]);
    const [, outside] = coverageGroups(coverage(), t);
    expect(outside?.hint).toMatch(/Not sent, never paid for: marked “not covered”/);
  });

  it('prices the others at Email’s price when they are checked with Email', () => {
    const [, outside] = coverageGroups(
      coverage({ outside: { count: 5, costMicros: 5_000, others: 'email' } }),
      t,
    );
    expect(outside).toMatchObject({
      cost: '$0.005',
      hint: expect.stringMatching(/^Checked with Email/),
    });
  });

  it('says when a price is not known yet, and shows dollars past one', () => {
    const groups = coverageGroups(
      coverage({
        covered: { count: 1_000, costMicros: 3_000_000 },
        unknown: { count: 4, costMicros: null },
      }),
      t,
    );
    expect(groups.map((g) => g.cost)).toEqual(['$3.00', 'Free', 'Price not known yet']);
  });

  it('gives a group without addresses no cost at all', () => {
    const groups = coverageGroups(
      coverage({
        outside: { count: 0, costMicros: 0, others: 'skip' },
        unknown: { count: 0, costMicros: 0 },
      }),
      t,
    );
    expect(groups.map((g) => g.cost)).toEqual(['$0.021', '—', '—']);
  });
});
