// The addresses a job sends: its unique addresses less those skipped, reused
// or answered by a sample, as a list of their indexes (send.bin, written once
// at the start). The plan's ranges and the run count positions in this list;
// the views below turn a position back into the address's own index, so the
// outcome log and the table keep one numbering for every address.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../../lib/files/atomic-file';
import type { AddressBook } from '../storage/address-book';
import type { OutcomeLog, OutcomeRecord, OutcomeTable } from '../storage/outcomes';

export async function writeSendList(path: string, indexes: Uint32Array): Promise<void> {
  await writeFileAtomic(path, Buffer.from(indexes.buffer, indexes.byteOffset, indexes.byteLength));
}

/** The list written at the start, or null for a job that sends every address. */
export async function readSendList(path: string, expected: number): Promise<Uint32Array | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  if (bytes.length !== expected * 4) {
    throw new Error(`${path} holds ${bytes.length / 4} positions where ${expected} were planned`);
  }
  const copy = new Uint32Array(expected);
  Buffer.from(copy.buffer).set(bytes);
  return copy;
}

/** The addresses at positions of the list, as the run reads them. */
export function sentBook(book: AddressBook, list: Uint32Array): AddressBook {
  const at = (p: number) => list[p] as number;
  return {
    count: list.length,
    at: (p) => book.at(at(p)),
    lineBytes: (p) => book.lineBytes(at(p)),
    lines(from, to) {
      // Runs of consecutive indexes are one slice each: a list with few skips is a few copies.
      const parts: Buffer[] = [];
      let p = from;
      while (p < to) {
        let q = p + 1;
        while (q < to && at(q) === at(q - 1) + 1) q += 1;
        parts.push(book.lines(at(p), at(q - 1) + 1));
        p = q;
      }
      return Buffer.concat(parts);
    },
    // A view: the book it reads is closed by whoever opened it.
    close: () => undefined,
  };
}

const toIndex = (list: Uint32Array, r: OutcomeRecord): OutcomeRecord => ({
  ...r,
  index: list[r.index] as number,
});

/** The table as the run sees it: by position. Counts are the whole job's. */
export function sentTable(table: OutcomeTable, list: Uint32Array): OutcomeTable {
  return {
    size: list.length,
    has: (p) => table.has(list[p] as number),
    get: (p) => table.get(list[p] as number),
    set: (r) => table.set(toIndex(list, r)),
    counts: () => table.counts(),
    providers: () => table.providers(),
  };
}

export function sentLog(log: OutcomeLog, list: Uint32Array): OutcomeLog {
  return {
    append: (records) => log.append(records.map((r) => toIndex(list, r))),
    gone: () => log.gone(),
    close: () => log.close(),
  };
}
