// Answers already paid for, taken instead of paying again: the account's
// memory (memory/outcome-memory.ts) is read for every address once at import
// (recalled.bin: when each was last answered, for the review's count; the
// same pass hands each part's hashes on, for the suppression list) and again
// at the start, for the answers themselves. An answer to an email and avatar
// check serves an email check too; an email answer never serves an avatar
// check (it has no avatar).
import { readSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import type { JobProduct } from '../../common/model';
import { placeFile, tempPathFor } from '../../lib/files/atomic-file';
import { log } from '../../lib/log';
import type { ImportedList } from '../../lists/types';
import type { Spots } from '../../lib/addresses/address-hash';
import type { OutcomeMemory, RecalledList, RecalledOutcome } from '../../memory/outcome-memory';
import { MAX_REUSE_DAYS } from '../../common/limits';
import type { AddressBook } from '../storage/address-book';
import { recallInParts, spotsInParts } from '../../memory/recall-list';
import { writeSpotFile } from '../../memory/spot-file';
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

/**
 * Reads the memory for every address of the job and keeps the dates beside
 * it (recalled.bin: every address's email date, then every address's avatar
 * date, 4 bytes each), and the addresses' spots (spots.bin, spot-file.ts), by
 * which the run keeps its answers; `spots`, when the import hashed the
 * addresses already, spares reading the address file again. A long list is
 * answered a part at a time and written as it goes.
 */
export async function recallAtImport(
  memory: OutcomeMemory,
  list: Pick<ImportedList, 'addressesPath' | 'counts'>,
  paths: { recalled: string; spots: string },
  spots?: Spots,
  /** Also given the spots of every address, a part at a time (the suppression list's look-up). */
  onSpots?: (first: number, spots: Spots) => Promise<void>,
): Promise<void> {
  const { unique } = list.counts;
  if (unique === 0) return;
  const kept = await writeSpotFile(paths.spots).catch((err: unknown) => {
    // Only the speed of keeping the run's answers is lost: it hashes them again.
    log.warn("jobs: the addresses' spots could not be kept for this list", err);
    return null;
  });
  // Spots the import hashed whole are written while the memory is read.
  const whole = spots?.count === unique ? spots : undefined;
  const writing = whole ? kept?.part(0, whole) : undefined;
  // Awaited below; a failure meanwhile is not an unhandled one.
  writing?.catch(() => undefined);
  const eachPart = async (first: number, part: Spots) => {
    if (!writing) await kept?.part(first, part);
    await onSpots?.(first, part);
  };
  try {
    if (!memory.available) {
      if (spots?.count === unique) await eachPart(0, spots);
      else await spotsInParts(list.addressesPath, eachPart);
    } else await recallDates(memory, list, paths.recalled, spots, eachPart);
    await writing;
    await kept?.done();
  } catch (err) {
    await kept?.abort();
    throw err;
  }
}

/** recallAtImport's dates (recalled.bin); a failure loses only the review's count of reuses. */
async function recallDates(
  memory: OutcomeMemory,
  list: Pick<ImportedList, 'addressesPath' | 'counts'>,
  path: string,
  spots: Spots | undefined,
  eachPart: (first: number, spots: Spots) => Promise<void>,
): Promise<void> {
  const { unique } = list.counts;
  const tmp = tempPathFor(path);
  try {
    const handle = await open(tmp, 'w');
    try {
      const write = async (first: number, { email, avatar }: RecalledList) => {
        await handle.write(bytesOf(email), 0, email.byteLength, first * 4);
        await handle.write(bytesOf(avatar), 0, avatar.byteLength, (unique + first) * 4);
      };
      if (spots?.count === unique) {
        await write(0, await memory.datesOf(spots, MAX_REUSE_DAYS));
        await eachPart(0, spots);
      } else {
        await recallInParts(list.addressesPath, memory, write, MAX_REUSE_DAYS, undefined, eachPart);
      }
    } finally {
      await handle.close();
    }
    await placeFile(tmp, path);
  } catch (err) {
    await rm(tmp, { force: true });
    // Only the review's count of reuses is lost: the start reads the memory again.
    log.warn('jobs: the memory of answers could not be read for this list', err);
  }
}

const bytesOf = (a: Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Dates read at a time: 256 KB. */
const DATES_CHUNK = 65_536;

/**
 * When each address was last answered for `product` (epoch seconds, 0:
 * never), as kept at import: `at(i)` for i in increasing order, read a chunk
 * at a time. Null when none were kept (or not for this list).
 */
export async function openRecalled(
  path: string,
  unique: number,
  product: JobProduct,
): Promise<{ at(i: number): number; close(): Promise<void> } | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
    if ((await handle.stat()).size !== unique * 8) {
      await handle.close();
      return null;
    }
  } catch {
    return null;
  }
  const from = product === 'email' ? 0 : unique * 4;
  const dates = new Uint32Array(DATES_CHUNK);
  const bytes = new Uint8Array(dates.buffer);
  let first = 0;
  let held = 0;
  return {
    at(i) {
      if (i < first || i >= first + held) {
        first = i;
        held = Math.min(DATES_CHUNK, unique - i);
        let got = 0;
        while (got < held * 4) {
          const n = readSync(handle.fd, bytes, got, held * 4 - got, from + first * 4 + got);
          if (n === 0) throw new Error(`${path} was cut short`);
          got += n;
        }
      }
      return dates[i - first] as number;
    },
    close: () => handle.close(),
  };
}

/** The oldest date an answer may have to be reused now; null when reuse is off. */
export const reuseFrom = (days: number, nowMs = Date.now()): number | null =>
  days > 0 ? Math.floor(nowMs / 1000) - days * DAY : null;

/** The outcome of address `index` taken from the memory: its date, and its vendor for another vendor's verdict. */
export function reusedRecord(index: number, found: RecalledOutcome): OutcomeRecord {
  const { outcome, checkedAt, source } = found;
  return { index, ...outcome, origin: 'reused', checkedAt, ...(source ? { source } : {}) };
}

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
        return found ? [reusedRecord(p, found)] : [];
      }),
  };
}
