// The words for why an address is suppressed (the review, the rows, Settings →
// Suppression list, the command line), and for what the suppression list and
// the rules decided: each group with what decided it. Numbers are written by
// the caller's `count` (the window's locale, or the command line's).
import type { WithheldView } from './review-views';
import type { SuppressionReasonView } from './suppression-views';

const REASON_WORDS: Record<SuppressionReasonView, [string, string]> = {
  hard_bounce: ['hard bounce', 'hard bounces'],
  soft_bounce: ['soft bounce', 'soft bounces'],
  complaint: ['spam complaint', 'spam complaints'],
  unsubscribe: ['unsubscribed', 'unsubscribed'],
  manual: ['added by you', 'added by you'],
  other: ['other reason', 'other reasons'],
};

export const reasonWords = (reason: SuppressionReasonView, n: number): string =>
  REASON_WORDS[reason][n === 1 ? 0 : 1];

const total = (groups: ReadonlyArray<{ count: number }>) =>
  groups.reduce((sum, g) => sum + g.count, 0);

/** The sentences of the groups there are, in the order the review shows them. */
export function withheldSentences(
  w: WithheldView,
  count: (n: number) => string,
): Array<{ key: 'suppressed' | 'blocked' | 'allowed'; text: string }> {
  const out: Array<{ key: 'suppressed' | 'blocked' | 'allowed'; text: string }> = [];
  const suppressed = total(w.suppressed);
  if (suppressed > 0) {
    const why = w.suppressed.map((g) => `${count(g.count)} ${reasonWords(g.reason, g.count)}`);
    out.push({
      key: 'suppressed',
      text: `${count(suppressed)} ${suppressed === 1 ? 'address is' : 'addresses are'} on your suppression list (${why.join(', ')}): not sent, nothing charged.`,
    });
  }
  const blocked = total(w.blocked);
  if (blocked > 0) {
    const by = w.blocked.map((g) => `${g.rule}: ${count(g.count)}`);
    out.push({
      key: 'blocked',
      text: `${count(blocked)} ${blocked === 1 ? 'address is' : 'addresses are'} blocked by your rules (${by.join(', ')}): not sent, nothing charged.`,
    });
  }
  const allowed = total(w.allowed);
  if (allowed > 0) {
    const by = w.allowed.map((g) => `${g.rule}: ${count(g.count)}`);
    out.push({
      key: 'allowed',
      text: `${count(allowed)} ${allowed === 1 ? 'address is sent although a free check would leave it' : 'addresses are sent although a free check would leave them'} out, as your allow rules say (${by.join(', ')}).`,
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
): string | null {
  if (reason) {
    const words = reasonWords(reason, 1);
    return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  }
  if (rule) return rule.action === 'block' ? rule.value : `Allowed: ${rule.value}`;
  return null;
}
