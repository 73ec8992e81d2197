// One rule for what each address of a job costs, used by the estimate and by
// the start alike: an address with an outcome already (a sample) is done; one
// answered within the reuse window is taken from memory; one at a domain that
// takes no mail, a throw-away domain or a role mailbox is not sent when the
// user chose so; the rest are sent and paid for.
import { readFile } from 'node:fs/promises';
import { DISPOSABLE, ROLE } from '../../checks/findings';
import type { SkipChoice } from '../../common/views';
import { NO_MAIL } from '../../lists/free-checks';

export type AddressCost = 'done' | 'reused' | 'noMail' | 'disposable' | 'role' | 'send';

/**
 * `reusedAt`: when the memory's answer was given (epoch seconds, 0: none);
 * `from`: the oldest date still reused, null when reuse is off.
 */
export function costOf(
  done: boolean,
  reusedAt: number,
  from: number | null,
  flags: number,
  skip: SkipChoice,
): AddressCost {
  if (done) return 'done';
  if (from !== null && reusedAt > 0 && reusedAt >= from) return 'reused';
  if (skip.noMail && flags & NO_MAIL) return 'noMail';
  if (skip.disposable && flags & DISPOSABLE) return 'disposable';
  if (skip.role && flags & ROLE) return 'role';
  return 'send';
}

export interface SplitCounts {
  send: number;
  done: number;
  reused: number;
  noMail: number;
  disposable: number;
  role: number;
  /** When the oldest and newest reused answers were given, epoch seconds. */
  oldest: number | null;
  newest: number | null;
}

export const emptySplit = (): SplitCounts => ({
  send: 0,
  done: 0,
  reused: 0,
  noMail: 0,
  disposable: 0,
  role: 0,
  oldest: null,
  newest: null,
});

/** Adds one address to the counts. */
export function tallyCost(counts: SplitCounts, cost: AddressCost, reusedAt: number): void {
  counts[cost] += 1;
  if (cost === 'reused') {
    counts.oldest = counts.oldest === null ? reusedAt : Math.min(counts.oldest, reusedAt);
    counts.newest = counts.newest === null ? reusedAt : Math.max(counts.newest, reusedAt);
  }
}

/** The findings' flags per address (lists/free-checks.ts); none for a list kept before them. */
export async function readFlags(path: string | undefined, unique: number): Promise<Uint8Array> {
  if (path) {
    try {
      const bytes = await readFile(path);
      if (bytes.length === unique) return new Uint8Array(bytes.buffer, bytes.byteOffset, unique);
    } catch {
      // A damaged or missing file only means nothing is skipped for free.
    }
  }
  return new Uint8Array(unique);
}
