// Answers already paid for, taken instead of paying again: the account's
// memory (memory/outcome-memory.ts) is read for every address once at import
// (recalled.bin: when each was last answered, for the review's count) and
// again at the start, for the answers themselves. An answer to an email and
// avatar check serves an email check too; an email answer never serves an
// avatar check (it has no avatar).
import { readFile } from 'node:fs/promises';
import type { JobProduct } from '../../common/model';
import { writeFileAtomic } from '../../lib/atomic-file';
import { log } from '../../lib/log';
import type { ImportedList } from '../../lists/types';
import type { Spots } from '../../memory/address-hash';
import type { OutcomeMemory, RecalledOutcome } from '../../memory/outcome-memory';
import { MAX_REUSE_DAYS } from '../../common/limits';
import type { AddressBook } from '../storage/address-book';
import { recallList } from '../../memory/recall-list';
import type { OutcomeRecord } from '../storage/outcomes';

const DAY = 86_400;

/** The newest answer usable for `product`, at most `days` old. */
export function recallFor(
  memory: OutcomeMemory,
  product: JobProduct,
  address: string,
  days: number,
): RecalledOutcome | null {
  const own = memory.recall(product, address, days);
  if (product === 'avatar') return own;
  const fuller = memory.recall('avatar', address, days);
  if (!fuller) return own;
  return !own || fuller.checkedAt > own.checkedAt ? fuller : own;
}

/** Per product, when each address was last answered (epoch seconds, 0: never). */
export type RecalledDates = Record<JobProduct, Uint32Array>;

/**
 * Reads the memory for every address of the job and keeps the dates beside
 * it; `spots`, when the import hashed the addresses already, spares reading
 * the address file again.
 */
export async function recallAtImport(
  memory: OutcomeMemory,
  list: Pick<ImportedList, 'addressesPath' | 'counts'>,
  path: string,
  spots?: Spots,
): Promise<void> {
  const { unique } = list.counts;
  if (!memory.available || unique === 0) return;
  try {
    const { email, avatar } =
      spots?.count === unique
        ? await memory.datesOf(spots, MAX_REUSE_DAYS)
        : await recallList(list.addressesPath, memory, MAX_REUSE_DAYS);
    const bytes = Buffer.alloc(unique * 8);
    Buffer.from(email.buffer, email.byteOffset, unique * 4).copy(bytes, 0);
    Buffer.from(avatar.buffer, avatar.byteOffset, unique * 4).copy(bytes, unique * 4);
    await writeFileAtomic(path, bytes);
  } catch (err) {
    // Only the review's count of reuses is lost: the start reads the memory again.
    log.warn('jobs: the memory of answers could not be read for this list', err);
  }
}

export async function readRecalled(path: string, unique: number): Promise<RecalledDates | null> {
  try {
    const bytes = await readFile(path);
    if (bytes.length !== unique * 8) return null;
    const email = new Uint32Array(unique);
    const avatar = new Uint32Array(unique);
    Buffer.from(email.buffer).set(bytes.subarray(0, unique * 4));
    Buffer.from(avatar.buffer).set(bytes.subarray(unique * 4));
    return { email, avatar };
  } catch {
    return null;
  }
}

/** The oldest date an answer may have to be reused now; null when reuse is off. */
export const reuseFrom = (days: number, nowMs = Date.now()): number | null =>
  days > 0 ? Math.floor(nowMs / 1000) - days * DAY : null;

/** For the run: the answers the memory gives now for positions of `addresses` about to be sent. */
export function reuserOf(
  memory: OutcomeMemory,
  product: JobProduct,
  addresses: AddressBook,
  days: number,
): { reuse?: (positions: readonly number[]) => OutcomeRecord[] } {
  if (days <= 0 || !memory.available) return {};
  return {
    reuse: (positions) =>
      positions.flatMap((p) => {
        const found = recallFor(memory, product, addresses.at(p), days);
        return found
          ? [{ index: p, ...found.outcome, origin: 'reused' as const, checkedAt: found.checkedAt }]
          : [];
      }),
  };
}
