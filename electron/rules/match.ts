// PLACEHOLDER until the rules branch lands (same exports).
import type { Rule } from './types';
export interface RuleMatcher {
  decide(address: string): number;
}
export function compileRules(rules: readonly Rule[]): RuleMatcher {
  return {
    decide(address) {
      const domain = address.slice(address.lastIndexOf('@') + 1);
      const exact = rules.findIndex((r) => r.value === address);
      if (exact >= 0) return exact;
      const pattern = rules.findIndex(
        (r) => r.kind === 'pattern' && r.value.startsWith('*@') && r.value.slice(2) === domain,
      );
      if (pattern >= 0) return pattern;
      return rules.findIndex((r) => r.value === domain);
    },
  };
}
export const describeRule = (rule: Rule): string => rule.value;
