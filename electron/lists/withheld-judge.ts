// What keeps each unique address of a list from being sent, judged by the
// import's worker as it writes the address file (classify-worker.ts), in list
// order: the account's suppression list (its reason) and the user's allow and
// block rules (the rule that decides it). One 32-bit code an address
// (withheld.ts reads them); the cost rule (jobs/money/free-split.ts) says what
// they mean for the job.
import { grown } from '../lib/grown';
import { createSpots } from '../memory/address-hash';
import { compileRules } from '../rules/match';
import type { Rule } from '../rules/types';
import type { SuppressionLookup } from '../suppression/lookup';
import { withheldCode } from './withheld';

/** Addresses looked up in the suppression list at a time, in the keys' order. */
const LOOKUP_BATCH = 65_536;

export function createWithheldJudge(
  capacity: number,
  suppression: SuppressionLookup | null,
  rules: readonly Rule[],
  batch = LOOKUP_BATCH,
) {
  const matcher = rules.length > 0 ? compileRules(rules) : null;
  let codes = new Uint32Array(Math.max(capacity, 16));
  let count = 0;
  // The addresses since the last look-up: from `first`, their spots.
  let first = 0;
  let pending = suppression ? createSpots(batch) : null;
  const lookUp = () => {
    if (!suppression || !pending) return;
    const reasons = suppression.reasonsOf(pending.done());
    for (let k = 0; k < reasons.length; k++) {
      codes[first + k] = ((codes[first + k] as number) | (reasons[k] as number)) >>> 0;
    }
    first = count;
    pending = createSpots(batch);
  };
  return {
    /** Judges the next unique address by the rules (normalized, as the address file holds it). */
    add(address: string): void {
      if (count === codes.length) codes = grown(codes);
      codes[count] = withheldCode(0, matcher ? matcher.decide(address) : -1);
      count += 1;
    },
    /**
     * Looks the addresses just added up in the suppression list, given as the
     * address file's lines (`bytes[0, end)`, an LF after each): hashed from
     * their bytes, as the memory's spots are, a batch at a time.
     */
    addLines(bytes: Uint8Array, end: number): void {
      if (!pending) return;
      pending.addLines(bytes, end);
      if (first + pending.done().count !== count) {
        throw new Error('the suppression look-ups lost count of the addresses');
      }
      if (count - first >= batch) lookUp();
    },
    done(): Uint32Array {
      if (count > first) lookUp();
      return codes.subarray(0, count);
    },
  };
}
