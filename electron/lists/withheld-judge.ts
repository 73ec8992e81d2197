// What keeps each unique address of a list from being sent, judged by the
// import's worker as it writes the address file (classify-worker.ts), in list
// order: the account's suppression list (its reason) and the user's allow and
// block rules (the rule that decides it). One 32-bit code an address
// (withheld.ts reads them); the cost rule (jobs/money/free-split.ts) says what
// they mean for the job.
import { grown } from '../lib/grown';
import { compileRules } from '../rules/match';
import type { Rule } from '../rules/types';
import type { SuppressionLookup } from '../suppression/lookup';
import { withheldCode } from './withheld';

export function createWithheldJudge(
  capacity: number,
  suppression: SuppressionLookup | null,
  rules: readonly Rule[],
) {
  const matcher = rules.length > 0 ? compileRules(rules) : null;
  let codes = new Uint32Array(Math.max(capacity, 16));
  let count = 0;
  return {
    /** Judges the next unique address (normalized, as the address file holds it). */
    add(address: string): void {
      if (count === codes.length) codes = grown(codes);
      codes[count] = withheldCode(
        suppression ? suppression.reasonOf(address) : 0,
        matcher ? matcher.decide(address) : -1,
      );
      count += 1;
    },
    done(): Uint32Array {
      return codes.subarray(0, count);
    },
  };
}
