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
// (address-hash.ts): no string per address. Then the memory answers them all
// a bucket at a time.
import { open } from 'node:fs/promises';
import { createSpots } from './address-hash';
import type { OutcomeMemory, RecalledList } from './outcome-memory';

export type { RecalledList } from './outcome-memory';

/** How far back recallList looks unless told: a caller's reuse window is at most this. */
export const RECALL_DAYS = 365;
/** Bytes of the address file read at a time: some 10,000 addresses. */
const CHUNK = 256 * 1024;
/** A first guess of the addresses in a file of n bytes; the arrays grow if it falls short. */
const GUESSED_LINE_BYTES = 24;

/**
 * For each line of `addressesPath` (a job's address file), the dates of the
 * answers `memory` holds for it within `maxAgeDays` (RECALL_DAYS unless told),
 * in the file's order: `email[i]` and `avatar[i]` for line i, 0 where none.
 * A last line without its line end is not an address (the address book does
 * not count it either). A memory that is unavailable gives zeros.
 */
export async function recallList(
  addressesPath: string,
  memory: OutcomeMemory,
  maxAgeDays: number = RECALL_DAYS,
): Promise<RecalledList> {
  const handle = await open(addressesPath, 'r');
  let spots: ReturnType<typeof createSpots>;
  try {
    const { size } = await handle.stat();
    spots = createSpots(Math.ceil(size / GUESSED_LINE_BYTES));
    let bytes = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(size, 1)));
    // bytes[0, held) are read and not hashed yet: at most one unfinished line.
    let held = 0;
    for (;;) {
      if (held === bytes.length) {
        // A line longer than the buffer (no address is; a damaged file may have one).
        const longer = Buffer.allocUnsafe(bytes.length * 2);
        bytes.copy(longer, 0, 0, held);
        bytes = longer;
      }
      const { bytesRead } = await handle.read(bytes, held, bytes.length - held, null);
      if (bytesRead === 0) break;
      held += bytesRead;
      const end = bytes.lastIndexOf(0x0a, held - 1) + 1;
      if (end === 0) continue;
      spots.addLines(bytes, end);
      held = bytes.copy(bytes, 0, end, held);
    }
  } finally {
    await handle.close();
  }
  return memory.datesOf(spots.done(), maxAgeDays);
}
