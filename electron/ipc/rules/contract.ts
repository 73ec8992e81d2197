// The allow and block rules' channels of the contract (../contract.ts spreads
// them in): Settings → Rules lists them, adds what the user typed (one rule a
// line) with Allow or Block, and removes one. Main parses each rule
// (rules/parse.ts) and refuses one in words; the input here only bounds it.
import { z } from 'zod';
import { MAX_RULES, RULE_ACTIONS } from '../../common/views/rule-views';
import { ruleIdSchema, ruleSchema, rulesChangeViewSchema } from '../../rules/types';

/** Longer than any rule, so a rule too long is refused in parse.ts's words rather than here. */
const MAX_TYPED_CHARS = 2_000;

export const rulesChannels = {
  /** Every rule, in the order added. */
  'rules:list': { input: z.undefined(), output: z.array(ruleSchema) },
  /** Adds the rules typed, all or none; one already kept takes the new action. */
  'rules:add': {
    input: z.strictObject({
      texts: z.array(z.string().max(MAX_TYPED_CHARS)).min(1).max(MAX_RULES),
      action: z.enum(RULE_ACTIONS),
    }),
    output: rulesChangeViewSchema,
  },
  /** Removes one rule by its id; answers with the rules left. */
  'rules:remove': {
    input: z.strictObject({ id: ruleIdSchema }),
    output: z.strictObject({ removed: ruleSchema, rules: z.array(ruleSchema) }),
  },
} as const;
