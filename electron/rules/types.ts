// A rule's shape for the parts of main that keep and pass rules (store.ts, the
// IPC contract): the types are common/views/rule-views.ts's, so the window shares
// them; the schema checks a rule read from rules.json or sent to the window.
import { z } from 'zod';
import {
  MAX_RULE_CHARS,
  RULE_ACTIONS,
  RULE_KINDS,
  type Rule,
  type RulesChangeView,
} from '../common/views/rule-views';
import { viewOf } from '../lib/view-of';

export type { Rule, RuleAction, RuleKind, RulesChangeView } from '../common/views/rule-views';
export { MAX_RULE_CHARS, MAX_RULES, RULE_ACTIONS, RULE_KINDS } from '../common/views/rule-views';

/** A rule's id: 12 lower-case hex digits (48 random bits: no clash among 10,000 rules). */
export const ruleIdSchema = z.string().regex(/^[0-9a-f]{12}$/, 'not a rule id');

export const ruleSchema = viewOf<Rule>()(
  z.strictObject({
    id: ruleIdSchema,
    action: z.enum(RULE_ACTIONS),
    kind: z.enum(RULE_KINDS),
    value: z.string().min(1).max(MAX_RULE_CHARS),
    addedAt: z.iso.datetime({ offset: true }),
  }),
);

export const rulesChangeViewSchema = viewOf<RulesChangeView>()(
  z.strictObject({
    added: z.array(ruleSchema),
    changed: z.array(ruleSchema),
    unchanged: z.array(ruleSchema),
    rules: z.array(ruleSchema),
  }),
);
