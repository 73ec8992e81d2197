// The overview's sentences, as pure functions: what sending to the list would
// do (with shares as percentages: a rounded "about 1 in N" reads 42% as "1 in
// 2", so a ratio in words is never used), and the one sentence that replaces a
// chart with nothing to show because one part is nearly all of it.
import type { RowStatusName } from '../../../../../electron/ipc/contract';
import type { GradeCounts } from '../../../../../electron/common/grade';
import { formatNumber, formatPercent, plural } from '../../../format';

/**
 * One part at or above this share of the whole makes a chart of a full
 * circle (or one long bar): its sentence says more than the picture.
 */
export const TRIVIAL_SHARE = 0.99;

export interface Dominant<K extends string> {
  key: K;
  value: number;
  total: number;
}

/** The part that is at least TRIVIAL_SHARE of the total, if one is; null for an empty total. */
export function dominantPart<K extends string>(
  parts: readonly { key: K; value: number }[],
): Dominant<K> | null {
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  if (total <= 0) return null;
  const top = parts.reduce<{ key: K; value: number } | null>(
    (best, p) => (best === null || p.value > best.value ? p : best),
    null,
  );
  if (!top || top.value / total < TRIVIAL_SHARE) return null;
  return { key: top.key, value: top.value, total };
}

/** "All 12,400 rows", "All but 3 of 12,400 rows": how many of the whole a part is. */
export function allButWords(value: number, total: number, noun: [string, string]): string {
  const [one, many] = noun;
  if (value === total) {
    return total === 1 ? `The one ${one}` : `All ${plural(total, one, many)}`;
  }
  return `All but ${formatNumber(total - value)} of ${plural(total, one, many)}`;
}

/** What rows of each outcome are, after "are": "All but 3 of 12,400 rows are deliverable". */
const OUTCOME_PREDICATE: Record<RowStatusName, [string, string]> = {
  deliverable: ['is deliverable', 'are deliverable'],
  undeliverable: ['is undeliverable', 'are undeliverable'],
  unknown: ['is unknown', 'are unknown'],
  invalid: ['is invalid', 'are invalid'],
  duplicate: ['is a repeat', 'are repeats'],
  disposable: ['is at a disposable domain', 'are at disposable domains'],
  role: ['is a role address', 'are role addresses'],
  not_covered: ['is not covered by avatar', 'are not covered by avatar'],
};

/** The outcome chart's sentence: "All but 3 of 12,400 rows are deliverable." */
export function outcomeSentence(d: Dominant<RowStatusName>): string {
  const [one, many] = OUTCOME_PREDICATE[d.key];
  const verb = d.value === 1 && d.total === 1 ? one : many;
  return `${allButWords(d.value, d.total, ['row', 'rows'])} ${verb}.`;
}

/** The provider chart's sentence: "All but 2 of 140 checked addresses are at Gmail." */
export function providerSentence(d: Dominant<string>, label: string): string {
  const single = d.value === 1 && d.total === 1;
  const what =
    d.key === 'not registered'
      ? single
        ? 'has no mailbox'
        : 'have no mailbox'
      : // "Other providers" inside a sentence reads in lower case.
        `${single ? 'is' : 'are'} at ${d.key === 'other' ? label.toLowerCase() : label}`;
  return `${allButWords(d.value, d.total, ['checked address', 'checked addresses'])} ${what}.`;
}

/**
 * What the outcomes mean for sending: "Sending to the 812 deliverable
 * addresses only is safe; sending to all 1,000, 140 would bounce (14%: the
 * undeliverable and invalid ones), and some of the 40 unknown ones may bounce
 * too." Invalid cells count as bounces: a sender refuses or bounces them.
 * `counted` is the grade's denominator (ListGrade.counted).
 */
export function sendingWords(s: GradeCounts, counted: number): string {
  if (s.deliverable === counted) {
    return counted === 1
      ? 'The one address is deliverable: safe to send to.'
      : `All ${formatNumber(counted)} addresses are deliverable: safe to send to.`;
  }
  const bounce = s.undeliverable + s.invalid;
  const them =
    s.unknown === 1 ? 'the unknown one' : `some of the ${formatNumber(s.unknown)} unknown ones`;
  const unknown =
    s.unknown === 0 ? '' : bounce === 0 ? `, though ${them} may` : `, and ${them} may bounce too`;
  const safe =
    s.deliverable === 0
      ? 'No address is known to be safe to send to'
      : `Sending to the ${formatNumber(s.deliverable)} deliverable ${s.deliverable === 1 ? 'address' : 'addresses'} only is safe`;
  if (bounce === 0) {
    return `${safe}; none of the ${formatNumber(counted)} is known to bounce${unknown}.`;
  }
  const share = bounce / counted;
  // A share just under 1 would round to "100%", which reads as all of them.
  const rate =
    bounce === counted ? 'all of them' : share >= 0.995 ? 'over 99%' : formatPercent(share);
  return `${safe}; sending to all ${formatNumber(counted)}, ${formatNumber(bounce)} would bounce (${rate}: the undeliverable and invalid ones)${unknown}.`;
}
