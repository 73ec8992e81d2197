// The overview's sentences, as pure functions: the one sentence that replaces
// a chart with nothing to show because one part is nearly all of it. (What
// sending to the list would do is the grade's own, electron/common/grade.ts.)
import type { RowStatusName } from '../../../../../electron/ipc/contract';
import { formatNumber, plural } from '../../../format';

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
  suppressed: ['is on your suppression list', 'are on your suppression list'],
  blocked: ['is blocked by a rule', 'are blocked by your rules'],
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
