// The words of Settings → Rules: each kind of rule, and what adding did.
import type { RuleKind, RulesChangeView } from '../../../../../electron/common/rule-views';

export const KIND_WORDS: Record<RuleKind, string> = {
  address: 'Address',
  domain: 'Domain, exactly',
  suffix: 'Domain ending',
  pattern: 'Pattern',
};

const rules = (n: number): string => (n === 1 ? '1 rule' : `${n.toLocaleString('en-US')} rules`);

/** "Added 2 rules. 1 rule already there now blocks." */
export function changeLine(change: RulesChangeView, verb: 'blocks' | 'allows'): string {
  const parts: string[] = [];
  if (change.added.length > 0) parts.push(`Added ${rules(change.added.length)}.`);
  if (change.changed.length > 0) {
    parts.push(
      `${rules(change.changed.length)} already there now ${change.changed.length === 1 ? verb : verb.slice(0, -1)}.`,
    );
  }
  if (change.unchanged.length > 0) {
    parts.push(
      change.unchanged.length === 1
        ? `1 rule was already there.`
        : `${rules(change.unchanged.length)} were already there.`,
    );
  }
  return parts.join(' ');
}
