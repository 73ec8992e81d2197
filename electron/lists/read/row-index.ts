// The row index: one 32-bit integer per data row, in row order, so outcomes
// can be merged back without judging any cell twice. A value v >= 0 names the
// unique address floor(v / 2), with v odd for a duplicate row; -1 is an
// invalid cell and -2 an empty one. Little-endian on disk.
import { readSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { RowClass } from '../types';

const INVALID = -1;
const EMPTY = -2;

export function encodeRow(cls: RowClass, addressIndex: number): number {
  switch (cls) {
    case RowClass.valid:
      return addressIndex * 2;
    case RowClass.duplicate:
      return addressIndex * 2 + 1;
    case RowClass.invalid:
      return INVALID;
    default:
      return EMPTY;
  }
}

export interface DecodedRow {
  cls: RowClass;
  /** Index into the unique addresses, or -1 for invalid and empty rows. */
  addressIndex: number;
}

export function decodeRow(v: number): DecodedRow {
  if (v === INVALID) return { cls: RowClass.invalid, addressIndex: -1 };
  if (v === EMPTY) return { cls: RowClass.empty, addressIndex: -1 };
  return { cls: v % 2 === 1 ? RowClass.duplicate : RowClass.valid, addressIndex: v >> 1 };
}

/**
 * The whole row index, in one read: 4 bytes a row (4 MB for a million rows).
 * For tests and small lists; a job reads it a chunk at a time (below).
 */
export async function readRowIndex(path: string): Promise<Int32Array> {
  const bytes = await readFile(path);
  // A fresh, aligned copy: a Buffer may start at any byte of its memory.
  const values = new Int32Array(bytes.length >> 2);
  Buffer.from(values.buffer).set(bytes.subarray(0, values.length * 4));
  return values;
}

/** Entries read at a time: 256 KB. */
const CHUNK = 65_536;

/** The row index read in order, a chunk at a time. */
export interface RowIndexReader {
  /** Data rows in the index. */
  readonly count: number;
  /** The next row's entry (RangeError past the last). */
  next(): number;
  close(): Promise<void>;
}

/**
 * Opens the row index for reading in order. `next` is synchronous (a chunk is
 * read when the last is used up), since the writers step through the rows
 * inside papaparse's synchronous step; 256 KB in memory whatever the list.
 */
export async function openRowIndex(path: string): Promise<RowIndexReader> {
  const handle = await open(path, 'r');
  let count: number;
  try {
    count = Math.floor((await handle.stat()).size / 4);
  } catch (err) {
    await handle.close();
    throw err;
  }
  const values = new Int32Array(CHUNK);
  const bytes = new Uint8Array(values.buffer);
  let first = 0;
  let held = 0;
  let at = 0;
  return {
    count,
    next() {
      if (at === held) {
        first += held;
        const want = Math.min(CHUNK, count - first) * 4;
        if (want === 0) throw new RangeError(`row ${first} of ${count}`);
        let got = 0;
        while (got < want) {
          const n = readSync(handle.fd, bytes, got, want - got, first * 4 + got);
          if (n === 0) throw new Error('the row index was cut short');
          got += n;
        }
        held = want / 4;
        at = 0;
      }
      return values[at++] as number;
    },
    close: () => handle.close(),
  };
}

/** Calls `each` with every chunk of the row index in order, and the row number of its first entry. */
export async function eachRowChunk(
  path: string,
  each: (entries: Int32Array, first: number) => void,
): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const values = new Int32Array(CHUNK);
    const bytes = new Uint8Array(values.buffer);
    let first = 0;
    for (;;) {
      let got = 0;
      while (got < bytes.length) {
        const { bytesRead } = await handle.read(bytes, got, bytes.length - got, first * 4 + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      const n = Math.floor(got / 4);
      if (n > 0) each(values.subarray(0, n), first);
      first += n;
      if (got < bytes.length) break;
    }
  } finally {
    await handle.close();
  }
}
