// PLACEHOLDER until the rules branch lands (same exports).
import { z } from 'zod';
export const ruleSchema = z.object({
  id: z.string(),
  action: z.enum(['allow', 'block']),
  kind: z.enum(['address', 'domain', 'suffix', 'pattern']),
  value: z.string(),
  addedAt: z.string(),
});
export type Rule = z.infer<typeof ruleSchema>;
export type RuleAction = Rule['action'];
