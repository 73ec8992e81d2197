// What the Email + avatar review says of the addresses left to check, by the
// avatar check's coverage of their domains: one line per group, with what it
// costs and what happens to it. Pure functions of the estimate, so the words
// are tested without a window.
import type { CoverageView } from '../../../../../electron/common/views';
import { moneyOfCents, shareCents } from '../../../../../electron/common/money';

export interface CoverageGroupWords {
  key: 'covered' | 'outside' | 'unknown';
  label: string;
  count: number;
  /** What the group costs: "$1.20", "up to $0.09", "Free", "Price not known yet", or "—" for none. */
  cost: string;
  /** What happens to its addresses. */
  hint: string;
}

export function coverageGroups(coverage: CoverageView): CoverageGroupWords[] {
  const { covered, outside, unknown } = coverage;
  const withEmail = outside.others === 'email';
  // The groups' costs in cents that add up to the estimate, rounded up as it is.
  const paid = [
    covered.costMicros ?? 0,
    withEmail ? (outside.costMicros ?? 0) : 0,
    unknown.costMicros ?? 0,
  ];
  const { cents } = shareCents(paid, 'up');
  const money = (k: number, micros: number | null, upTo = false) =>
    micros === null
      ? 'Price not known yet'
      : `${upTo && micros > 0 ? 'up to ' : ''}${moneyOfCents(cents[k] as number, micros)}`;
  const groups: CoverageGroupWords[] = [
    {
      key: 'covered',
      label: 'At covered providers',
      count: covered.count,
      cost: money(0, covered.costMicros),
      hint: 'Checked with Email + avatar.',
    },
    {
      key: 'outside',
      label: 'At other providers',
      count: outside.count,
      cost: withEmail ? money(1, outside.costMicros) : 'Free',
      hint: withEmail
        ? 'Checked with Email, at its price: no avatar.'
        : 'Not sent, never paid for: marked “not covered” in your file.',
    },
    {
      key: 'unknown',
      label: 'Domains not known yet',
      count: unknown.count,
      cost: money(2, unknown.costMicros, true),
      hint: 'Checked up to 100 at a time; those the avatar check does not cover come back without a result, free.',
    },
  ];
  // A group without addresses costs nothing to say.
  return groups.map((g) => (g.count === 0 ? { ...g, cost: '—' } : g));
}
