// A list's per-address codes of what keeps an address from being sent
// (withheld.bin beside the address file, 4 bytes each, little-endian): the
// low byte is the suppression list's reason code (suppression/entry-bytes.ts
// reasonCodeOf; 0: not suppressed), the rest the index + 1 of the rule that
// decides the address in the rules kept with the list (0: none).
import { readFile, writeFile } from 'node:fs/promises';
import { placeFile, tempPathFor } from '../../lib/files/atomic-file';
import {
  SUPPRESSION_REASON_VIEWS as SUPPRESSION_REASONS,
  type SuppressionReasonView as SuppressionReason,
} from '../../common/views/suppression-views';
import type { Rule } from '../../rules/types';

const RULE_SHIFT = 8;
const REASON_BITS = 0xff;

export const withheldCode = (reasonCode: number, ruleIndex: number): number =>
  (((ruleIndex + 1) << RULE_SHIFT) | reasonCode) >>> 0;

/** The suppression reason's code in a code (0: not suppressed). */
export const reasonCodeIn = (code: number): number => code & REASON_BITS;

/** The code with this reason's code in place of its own. */
export const withReason = (code: number, reasonCode: number): number =>
  ((code & ~REASON_BITS) | reasonCode) >>> 0;

/** Adds `other`'s parts to each code: the rules' codes to the list's reasons, neither holding the other's bits. */
export function joinCodes(codes: Uint32Array, other: Uint32Array): void {
  for (let i = 0; i < codes.length; i++)
    codes[i] = ((codes[i] as number) | (other[i] as number)) >>> 0;
}

/** The code with the reason or the rule (or both) taken out, as a job told to ignore them sees it. */
export const withoutParts = (code: number, drop: { reason: boolean; rule: boolean }): number =>
  (code & ((drop.reason ? 0 : REASON_BITS) | (drop.rule ? 0 : ~REASON_BITS))) >>> 0;

/** The suppression reason in a code, or null. */
export const reasonIn = (code: number): SuppressionReason | null =>
  SUPPRESSION_REASONS[reasonCodeIn(code) - 1] ?? null;

/** The index of the rule in a code (into the rules kept with it), or -1. */
export const ruleIn = (code: number): number => (code >>> RULE_SHIFT) - 1;

/** The codes of a list of `unique` addresses; all 0 when none were kept (or not for this list). */
export async function readWithheld(path: string | undefined, unique: number): Promise<Uint32Array> {
  if (path) {
    try {
      const bytes = await readFile(path);
      if (bytes.length === unique * 4) {
        const codes = new Uint32Array(unique);
        new Uint8Array(codes.buffer).set(bytes);
        return codes;
      }
    } catch {
      // Nothing kept: nothing is left out by a list or a rule.
    }
  }
  return new Uint32Array(unique);
}

/** Keeps the codes at `path`, whole or not at all. */
export async function writeWithheld(path: string, codes: Uint32Array): Promise<void> {
  const tmp = tempPathFor(path);
  await writeFile(tmp, new Uint8Array(codes.buffer, codes.byteOffset, codes.byteLength));
  await placeFile(tmp, path);
}

/**
 * The email_flags words of a code: the suppression reason as is
 * (`hard_bounce`), and the rule that decides the address as
 * `blocked_by:<rule>` or `allowed_by:<rule>`; '' for none.
 */
export function withheldFlags(code: number, rules: readonly Rule[]): string {
  const words: string[] = [];
  const reason = reasonIn(code);
  if (reason) words.push(reason);
  const rule = rules[ruleIn(code)];
  if (rule) words.push(`${rule.action === 'block' ? 'blocked_by' : 'allowed_by'}:${rule.value}`);
  return words.join(' ');
}
