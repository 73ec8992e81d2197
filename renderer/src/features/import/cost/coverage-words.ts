// What the Email + avatar review says of the addresses left to check, by the
// avatar check's coverage of their domains: one line per group, with what it
// costs and what happens to it. Pure functions of the estimate (and of `t`,
// the language), so the words are tested without a window.
import type { CoverageView } from '../../../../../electron/common/views/views';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { money as usd, moneyDecimals } from '../../../../../electron/common/money';

export interface CoverageGroupWords {
  key: 'covered' | 'outside' | 'unknown';
  label: string;
  count: number;
  /** What the group costs: "$1.20", "up to $0.09", "Free", "Price not known yet", or "—" for none. */
  cost: string;
  /** What happens to its addresses. */
  hint: string;
}

export function coverageGroups(coverage: CoverageView, t: Translate): CoverageGroupWords[] {
  const { covered, outside, unknown } = coverage;
  const withEmail = outside.others === 'email';
  // The groups' costs, exact and at one precision: they add up to the
  // estimate as shown, since the estimate is the sum of the same micros.
  const decimals = moneyDecimals([
    covered.costMicros ?? 0,
    withEmail ? (outside.costMicros ?? 0) : 0,
    unknown.costMicros ?? 0,
  ]);
  const money = (micros: number | null, upTo = false) => {
    if (micros === null) return t('cost.coverage.priceUnknown');
    const amount = usd(micros, { decimals });
    return upTo && micros > 0 ? t('cost.upTo', { amount }) : amount;
  };
  const groups: CoverageGroupWords[] = [
    {
      key: 'covered',
      label: t('cost.coverage.covered'),
      count: covered.count,
      cost: money(covered.costMicros),
      hint: t('cost.coverage.coveredHint'),
    },
    {
      key: 'outside',
      label: t('cost.coverage.outside'),
      count: outside.count,
      cost: withEmail ? money(outside.costMicros) : t('cost.coverage.free'),
      hint: withEmail ? t('cost.coverage.outsideEmailHint') : t('cost.coverage.outsideHint'),
    },
    {
      key: 'unknown',
      label: t('cost.coverage.unknown'),
      count: unknown.count,
      cost: money(unknown.costMicros, true),
      hint: t('cost.coverage.unknownHint'),
    },
  ];
  // A group without addresses costs nothing to say.
  return groups.map((g) => (g.count === 0 ? { ...g, cost: '—' } : g));
}
