// The words for why an address is suppressed (the review, the rows, Settings →
// Suppression list, the command line), and for what the suppression list and
// the rules decided: each group with what decided it. Numbers are written by
// the caller's `count` (the window's locale, or the command line's); the words
// are said in the language of the caller's `t`.
import type { MessageId } from '../i18n/translate';
import type { Translate } from '../i18n/message';
import type { WithheldView } from '../views/review-views';
import type { SuppressionReasonView } from '../views/suppression-views';

/** Each reason's words, without the number: "{n, plural, one {hard bounce} other {hard bounces}}". */
const REASON_IDS = {
  hard_bounce: 'review.withheld.reason.hardBounce',
  soft_bounce: 'review.withheld.reason.softBounce',
  complaint: 'review.withheld.reason.complaint',
  unsubscribe: 'review.withheld.reason.unsubscribe',
  manual: 'review.withheld.reason.manual',
  other: 'review.withheld.reason.other',
} as const satisfies Record<SuppressionReasonView, MessageId>;

export const reasonWords = (reason: SuppressionReasonView, n: number, t: Translate): string =>
  t(REASON_IDS[reason], { n });

const total = (groups: ReadonlyArray<{ count: number }>) =>
  groups.reduce((sum, g) => sum + g.count, 0);

/** The sentences of the groups there are, in the order the review shows them. */
export function withheldSentences(
  w: WithheldView,
  count: (n: number) => string,
  t: Translate,
): Array<{ key: 'suppressed' | 'blocked' | 'allowed'; text: string }> {
  const out: Array<{ key: 'suppressed' | 'blocked' | 'allowed'; text: string }> = [];
  const byRule = (groups: ReadonlyArray<{ rule: string; count: number }>) =>
    groups
      .map((g) => t('review.withheld.byRule', { rule: g.rule, count: count(g.count) }))
      .join(', ');
  const suppressed = total(w.suppressed);
  if (suppressed > 0) {
    const why = w.suppressed
      .map((g) =>
        t('review.withheld.byReason', {
          count: count(g.count),
          reason: reasonWords(g.reason, g.count, t),
        }),
      )
      .join(', ');
    out.push({
      key: 'suppressed',
      text: t('review.withheld.suppressed', { n: suppressed, count: count(suppressed), why }),
    });
  }
  const blocked = total(w.blocked);
  if (blocked > 0) {
    out.push({
      key: 'blocked',
      text: t('review.withheld.blocked', {
        n: blocked,
        count: count(blocked),
        by: byRule(w.blocked),
      }),
    });
  }
  const allowed = total(w.allowed);
  if (allowed > 0) {
    out.push({
      key: 'allowed',
      text: t('review.withheld.allowed', {
        n: allowed,
        count: count(allowed),
        by: byRule(w.allowed),
      }),
    });
  }
  return out;
}

/**
 * A row's words for what decided it, beside its status: the suppression
 * reason ("Hard bounce"), else the rule ("*@competitor.com", or "Allowed:
 * example.com" for an allow rule, whose row keeps the service's status).
 */
export function withheldLabel(
  reason: SuppressionReasonView | null,
  rule: { action: 'allow' | 'block'; value: string } | null,
  t: Translate,
): string | null {
  if (reason) {
    const words = reasonWords(reason, 1, t);
    return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  }
  if (rule)
    return rule.action === 'block'
      ? rule.value
      : t('review.withheld.allowedRule', { rule: rule.value });
  return null;
}
