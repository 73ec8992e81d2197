// The words of Settings → Rules: each kind of rule, and what adding did.
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import type {
  RuleAction,
  RuleKind,
  RulesChangeView,
} from '../../../../../electron/common/views/rule-views';
import { formatNumber } from '../../../format';

export const KIND_WORDS = {
  address: 'rules.kind.address',
  domain: 'rules.kind.domain',
  suffix: 'rules.kind.suffix',
  pattern: 'rules.kind.pattern',
} as const satisfies Record<RuleKind, MessageId>;

/** "Added 2 rules. 1 rule already there now blocks." */
export function changeLine(change: RulesChangeView, action: RuleAction, t: Translate): string {
  const values = (rules: readonly unknown[]) => ({
    n: rules.length,
    count: formatNumber(rules.length),
  });
  const parts: string[] = [];
  if (change.added.length > 0) parts.push(t('rules.change.added', values(change.added)));
  if (change.changed.length > 0) {
    parts.push(
      t(
        action === 'block' ? 'rules.change.nowBlock' : 'rules.change.nowAllow',
        values(change.changed),
      ),
    );
  }
  if (change.unchanged.length > 0)
    parts.push(t('rules.change.unchanged', values(change.unchanged)));
  return parts.join(' ');
}
