// What keeps each unique address of a list from being sent, judged by the
// import's worker as it writes the address file (classify-worker.ts), in list
// order: the account's suppression list (its reason) and the user's allow and
// block rules (the rule that decides it). One 32-bit code an address
// (withheld.ts reads them); the cost rule (jobs/money/free-split.ts) says what
// they mean for the job.
import { grown } from '../lib/grown';
import { BUCKET_BITS, createSpots, murmur128 } from '../memory/address-hash';
import { compileRules } from '../rules/match';
import type { Rule } from '../rules/types';
import type { SuppressionLookup } from '../suppression/lookup';
import { withheldCode } from './withheld';

/** Addresses the filter lets through looked up in the suppression list at a time, in the keys' order. */
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
  // Addresses given as lines so far (addLines), which must keep up with `count`.
  let lined = 0;
  // The addresses the filter may hold, not looked up yet: their spots and their places.
  let pending = createSpots(batch);
  let places: number[] = [];
  const hash = new Int32Array(4);
  const lookUp = () => {
    if (!suppression || places.length === 0) return;
    const reasons = suppression.reasonsOf(pending.done());
    places.forEach((at, k) => {
      codes[at] = ((codes[at] as number) | (reasons[k] as number)) >>> 0;
    });
    pending = createSpots(batch);
    places = [];
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
     * their bytes as the memory's spots are, probed in the list's filter, and
     * those it may hold looked up a batch at a time.
     */
    addLines(bytes: Uint8Array, end: number): void {
      if (!suppression) return;
      for (let start = 0; start < end; lined += 1) {
        const lineEnd = bytes.indexOf(0x0a, start);
        murmur128(bytes, start, lineEnd, hash);
        const tag0 = hash[1] as number;
        const tag1 = hash[2] as number;
        if (suppression.mayHave(tag0, tag1)) {
          pending.addSpot({ bucket: (hash[0] as number) >>> (32 - BUCKET_BITS), tag0, tag1 });
          places.push(lined);
          if (places.length === batch) lookUp();
        }
        start = lineEnd + 1;
      }
      if (lined !== count) throw new Error('the suppression look-ups lost count of the addresses');
    },
    done(): Uint32Array {
      lookUp();
      return codes.subarray(0, count);
    },
  };
}
