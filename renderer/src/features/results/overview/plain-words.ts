// The overview's sentences, as pure functions: the one sentence that replaces
// a chart with nothing to show because one part is nearly all of it. (What
// sending to the list would do is the grade's own, electron/common/grade.ts.)
// Each outcome and each kind of provider has a whole sentence of its own in
// the catalogs, so a language agrees its words as it needs to.
import type { RowStatusName } from '../../../../../electron/ipc/contract';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { formatNumber } from '../../../format';

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

/** What is counted: the outcome chart's rows, or the provider chart's checked addresses. */
export type Counted = 'rows' | 'addresses';

const ALL_BUT = {
  rows: { one: 'results.allBut.oneRow', all: 'results.allBut.allRows', but: 'results.allBut.rows' },
  addresses: {
    one: 'results.allBut.oneAddress',
    all: 'results.allBut.allAddresses',
    but: 'results.allBut.addresses',
  },
} as const satisfies Record<Counted, Record<'one' | 'all' | 'but', MessageId>>;

/** "All 12,400 rows", "All but 3 of 12,400 rows": how many of the whole a part is. */
export function allButWords(value: number, total: number, counted: Counted, t: Translate): string {
  const ids = ALL_BUT[counted];
  if (value === total) {
    return total === 1 ? t(ids.one) : t(ids.all, { n: total, total: formatNumber(total) });
  }
  return t(ids.but, {
    n: total,
    total: formatNumber(total),
    missing: formatNumber(total - value),
  });
}

/** Each outcome's sentence, after the part said by allButWords: "… rows are deliverable." */
const OUTCOME_SENTENCE = {
  deliverable: 'results.sentence.deliverable',
  undeliverable: 'results.sentence.undeliverable',
  unknown: 'results.sentence.unknown',
  invalid: 'results.sentence.invalid',
  duplicate: 'results.sentence.duplicate',
  disposable: 'results.sentence.disposable',
  role: 'results.sentence.role',
  not_covered: 'results.sentence.notCovered',
  suppressed: 'results.sentence.suppressed',
  blocked: 'results.sentence.blocked',
} as const satisfies Record<RowStatusName, MessageId>;

/** A part of a single one ("The one row is…"), or of many ("All 20 rows are…"). */
const single = (d: Dominant<string>) => (d.value === 1 && d.total === 1 ? 'yes' : 'no');

/** The outcome chart's sentence: "All but 3 of 12,400 rows are deliverable." */
export function outcomeSentence(d: Dominant<RowStatusName>, t: Translate): string {
  return t(OUTCOME_SENTENCE[d.key], {
    subject: allButWords(d.value, d.total, 'rows', t),
    single: single(d),
  });
}

/** The provider chart's sentence: "All but 2 of 140 checked addresses are at Gmail." */
export function providerSentence(d: Dominant<string>, label: string, t: Translate): string {
  const kind = d.key === 'not registered' ? 'noMailbox' : d.key === 'other' ? 'others' : 'named';
  return t('results.sentence.provider', {
    subject: allButWords(d.value, d.total, 'addresses', t),
    single: single(d),
    kind,
    provider: label,
  });
}
