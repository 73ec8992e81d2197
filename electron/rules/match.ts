// PLACEHOLDER until the rules branch lands (same exports).
import type { Rule } from './types';
export interface RuleMatcher {
  decide(address: string): number;
}
export function compileRules(rules: readonly Rule[]): RuleMatcher {
  return {
    decide(address) {
      const domain = address.slice(address.lastIndexOf('@') + 1);
      return rules.findIndex((r) => r.value === address || r.value === domain);
    },
  };
}
export const describeRule = (rule: Rule): string => rule.value;
