// Finding repeats on disk, for the addresses past what the import's table
// holds in memory (classify-batch.ts): a list of ten million addresses would
// need a table of half a gigabyte. Once the table is full it only answers
// for the addresses it holds; every other valid cell is "spilled", in three
// steps that each hold a bounded part of the list:
//
// 1. While the file is read (this file): each spilled cell's address goes to
//    spilled.txt, one a line in row order, and its fingerprint (dedupe.ts)
//    with its place among the spilled cells to one of some dozens of
//    partition files, chosen by the fingerprint's top bits; its row in the
//    row index holds SPILLED for now.
// 2. Once it is read (firsts.ts): each partition in turn is deduplicated in
//    a table of its own (a partition's cells are in row order, so the first
//    seen is the first of its address), marking the first cells in a bit a
//    cell and writing each repeat's (place, first place) to dups-<p>.bin.
// 3. Then (place.ts): the row index is copied with every SPILLED row given
//    its address's number (the in-memory addresses first, then the spilled
//    ones by their first cell's place), and the first cells' addresses are
//    appended to the address file, so both say what one table would have said.
//
// The import writes its files under temporary names and renames them into
// place only at the end, and clears this folder before it begins: a crash
// at any step leaves the last complete import, or none, and nothing of the
// folder is ever read again.
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A spilled row in the row index while the list is read; step 3 gives it its
 * number, so no finished row index holds it.
 */
export const SPILLED = -3;

/** Ints per partition record: the fingerprint's two, and the cell's place among the spilled. */
export const RECORD_INTS = 3;
/** Records a partition gathers before they are written: 24 KB each. */
const BUFFERED = 2048;

export const spillPaths = (dir: string) => ({
  part: (p: number) => join(dir, `part-${p}.bin`),
  dups: (p: number) => join(dir, `dups-${p}.bin`),
  addresses: join(dir, 'spilled.txt'),
});

/**
 * Partitions for a list of about `rows` rows: some 250,000 cells each, so a
 * partition's table stays near 8 MB, between 8 and 256 of them.
 */
export function partsFor(rows: number): number {
  let parts = 8;
  while (parts < 256 && parts * 262_144 < rows) parts *= 2;
  return parts;
}

/** How far a fingerprint's first word is shifted to leave its partition: its top bits. */
export const partShift = (parts: number): number => 32 - Math.log2(parts);

/** A fingerprint's partition: the top bits of its first word. */
export const partOf = (a: number, parts: number): number => a >>> partShift(parts);

/** Writes all of `bytes` (a write may take less than it is given). */
export function writeAll(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length;) {
    done += writeSync(fd, bytes, done, bytes.length - done);
  }
}

export interface SpillWriter {
  /** Adds `count` cells, next in row order: their addresses (an LF after each) and fingerprints. */
  add(addresses: Uint8Array, prints: Int32Array, count: number): void;
  /** Cells spilled so far. */
  readonly count: number;
  readonly parts: number;
  /** Writes what is buffered and closes the files. */
  close(): void;
}

/**
 * Starts step 1 in `dir`, emptied first. The writes are synchronous: the
 * classify worker is a thread of its own, and holds the reading while it writes.
 */
export function openSpill(dir: string, parts: number): SpillWriter {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const paths = spillPaths(dir);
  const fds = Array.from({ length: parts }, (_, p) => openSync(paths.part(p), 'w'));
  const buffers = Array.from({ length: parts }, () => new Int32Array(BUFFERED * RECORD_INTS));
  const used = new Uint32Array(parts);
  const addressesFd = openSync(paths.addresses, 'w');
  const shift = partShift(parts);
  let count = 0;
  let open = true;
  const flush = (p: number) => {
    const n = used[p] as number;
    if (n === 0) return;
    const buffer = buffers[p] as Int32Array;
    writeAll(fds[p] as number, new Uint8Array(buffer.buffer, 0, n * RECORD_INTS * 4));
    used[p] = 0;
  };
  return {
    add(addresses, prints, n) {
      writeAll(addressesFd, addresses);
      for (let k = 0; k < n; k++) {
        const a = prints[2 * k] as number;
        const p = a >>> shift;
        const u = used[p] as number;
        const buffer = buffers[p] as Int32Array;
        buffer[u * RECORD_INTS] = a;
        buffer[u * RECORD_INTS + 1] = prints[2 * k + 1] as number;
        buffer[u * RECORD_INTS + 2] = count++;
        used[p] = u + 1;
        if (u + 1 === BUFFERED) flush(p);
      }
    },
    get count() {
      return count;
    },
    parts,
    close() {
      if (!open) return;
      open = false;
      try {
        for (let p = 0; p < parts; p++) flush(p);
      } finally {
        for (const fd of fds) closeSync(fd);
        closeSync(addressesFd);
      }
    },
  };
}
