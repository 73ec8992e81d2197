// What the user's allow and block rules decide of each unique address of a
// list, judged by the import's worker as it writes the address file
// (classify-worker.ts), in list order: the index of the rule that decides it,
// as a withheld code (withheld.ts), to which the import adds the suppression
// list's reasons (jobs/money/withheld.ts, in the pass that reads the memory).
import { grown } from '../lib/grown';
import { compileRules } from '../rules/match';
import type { Rule } from '../rules/types';
import { withheldCode } from './withheld';

export function createWithheldJudge(capacity: number, rules: readonly Rule[]) {
  const matcher = compileRules(rules);
  let codes = new Uint32Array(Math.max(capacity, 16));
  let count = 0;
  return {
    /** Judges the next unique address (normalized, as the address file holds it). */
    add(address: string): void {
      if (count === codes.length) codes = grown(codes);
      codes[count] = withheldCode(0, matcher.decide(address));
      count += 1;
    },
    done(): Uint32Array {
      return codes.subarray(0, count);
    },
  };
}
