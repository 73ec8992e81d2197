// What the outcome memory already knows of a list, worked out when the list
// is imported: for each of its unique addresses, when an answer was last paid
// for that could serve it again, so the review can say before anything is
// paid how many need not be, and a job can take those answers instead of
// sending the addresses.
//
// The import's worker hashes the addresses as it writes them, and the memory
// answers those hashes (OutcomeMemory.datesOf); this is for a list read
// without them. It reads the job's address file (one normalized unique
// address per line, in first-seen order, as electron/jobs/storage/address-book.ts
// reads it) a chunk at a time and hashes each line's bytes as they are
// (address-hash.ts): no string per address. Then the memory answers them a
// part of a million at a time, each part a bucket at a time.
import { open } from 'node:fs/promises';
import { createSpots, type Spots } from '../lib/addresses/address-hash';
import type { OutcomeMemory, RecalledList } from './outcome-memory';
import { wholeLineChunks } from '../lib/files/whole-lines';

export type { RecalledList } from './outcome-memory';

/** How far back recallList looks unless told: a caller's reuse window is at most this. */
export const RECALL_DAYS = 365;
/** Bytes of the address file read at a time: some 10,000 addresses. */
const CHUNK = 256 * 1024;
/**
 * Addresses asked about at a time: each part is answered a bucket at a time
 * (some 13 MB for its hashes and dates), so a list of any length is answered
 * in bounded memory, the memory's buckets read once per part.
 */
export const RECALL_PART = 1 << 19;

/**
 * The dates (see recallList) of each line of `addressesPath`, given to
 * `onPart` a part of at most `part` lines at a time, in the file's order:
 * `first` is the line number of the part's first line.
 */
export async function recallInParts(
  addressesPath: string,
  memory: OutcomeMemory,
  onPart: (first: number, dates: RecalledList) => Promise<void>,
  maxAgeDays: number = RECALL_DAYS,
  part: number = RECALL_PART,
  /** Also given each part's spots, so another look-up needs no hashing of its own. */
  onSpots?: (first: number, spots: Spots) => Promise<void>,
): Promise<void> {
  await spotsInParts(
    addressesPath,
    async (first, spots) => {
      await onPart(first, await memory.datesOf(spots, maxAgeDays));
      await onSpots?.(first, spots);
    },
    part,
  );
}

/**
 * The spots of each line of `addressesPath` (a job's address file), given to
 * `onPart` a part of at most `part` lines at a time, in the file's order:
 * `first` is the line number of the part's first line.
 */
export async function spotsInParts(
  addressesPath: string,
  onPart: (first: number, spots: Spots) => Promise<void>,
  part: number = RECALL_PART,
): Promise<void> {
  const handle = await open(addressesPath, 'r');
  try {
    // Grown as lines come, up to a part.
    const fresh = () => createSpots(Math.min(part, 65_536));
    let spots = fresh();
    let inPart = 0;
    let first = 0;
    const answer = async () => {
      if (inPart === 0) return;
      await onPart(first, spots.done());
      first += inPart;
      inPart = 0;
      spots = fresh();
    };
    for await (const { bytes, end } of wholeLineChunks(handle, CHUNK)) {
      let start = 0;
      for (let lf = bytes.indexOf(0x0a); lf !== -1 && lf < end; lf = bytes.indexOf(0x0a, start)) {
        spots.addLine(bytes, start, lf);
        start = lf + 1;
        inPart += 1;
        if (inPart === part) await answer();
      }
    }
    await answer();
  } finally {
    await handle.close();
  }
}

/**
 * For each line of `addressesPath` (a job's address file), the dates of the
 * answers `memory` holds for it within `maxAgeDays` (RECALL_DAYS unless told),
 * in the file's order: `email[i]` and `avatar[i]` for line i, 0 where none.
 * A last line without its line end is not an address (the address book does
 * not count it either). A memory that is unavailable gives zeros. Every date
 * is held: a job's import answers a part at a time (recallInParts).
 */
export async function recallList(
  addressesPath: string,
  memory: OutcomeMemory,
  maxAgeDays: number = RECALL_DAYS,
): Promise<RecalledList> {
  const parts: { first: number; dates: RecalledList }[] = [];
  await recallInParts(
    addressesPath,
    memory,
    async (first, dates) => {
      parts.push({ first, dates });
    },
    maxAgeDays,
  );
  const count = parts.reduce((n, p) => n + p.dates.email.length, 0);
  const email = new Uint32Array(count);
  const avatar = new Uint32Array(count);
  for (const { first, dates } of parts) {
    email.set(dates.email, first);
    avatar.set(dates.avatar, first);
  }
  return { email, avatar };
}
