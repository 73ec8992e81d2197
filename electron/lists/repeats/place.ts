// Step 3 of finding repeats on disk (spill.ts): the row index copied with
// every spilled row given its address's number, and the spilled addresses
// seen first appended to the address file, in row order. Every file is read
// and written a chunk at a time.
import { closeSync, openSync, readSync } from 'node:fs';
import { fingerprint } from '../read/dedupe';
import { encodeRow } from '../read/row-index';
import { RowClass } from '../types';
import type { BitRank } from './bit-rank';
import { SPILLED, partShift, spillPaths, writeAll } from './spill';

/** Row index entries read at a time: 256 KB. */
const ROWS_CHUNK = 65_536;
const LINES_CHUNK = 1 << 20;
const PAIRS_CHUNK = 4096;

/** Fills `bytes` from the file's position (short only at its end); returns the bytes read. */
function fill(fd: number, bytes: Uint8Array, from = 0): number {
  let got = from;
  while (got < bytes.length) {
    const n = readSync(fd, bytes, got, bytes.length - got, null);
    if (n === 0) break;
    got += n;
  }
  return got;
}

/** The lines of a file of one address a line, in order, each valid until the next is asked for. */
function lineReader(path: string) {
  const fd = openSync(path, 'r');
  let bytes = Buffer.allocUnsafe(LINES_CHUNK);
  let held = 0;
  let at = 0;
  const line = { bytes, start: 0, end: 0 };
  return {
    next(): { bytes: Buffer; start: number; end: number } {
      let lf = bytes.indexOf(0x0a, at);
      while (lf === -1 || lf >= held) {
        // Keep the unfinished line, read more behind it.
        held = bytes.copy(bytes, 0, at, held);
        at = 0;
        if (held === bytes.length) {
          const longer = Buffer.allocUnsafe(bytes.length * 2);
          bytes.copy(longer, 0, 0, held);
          bytes = longer;
        }
        const before = held;
        held = fill(fd, bytes, held);
        if (held === before) throw new Error('the spilled addresses end early');
        lf = bytes.indexOf(0x0a, at);
      }
      line.bytes = bytes;
      line.start = at;
      line.end = lf;
      at = lf + 1;
      return line;
    },
    close: () => closeSync(fd),
  };
}

/** The (place, first place) pairs of one partition's repeats, in place order. */
function pairReader(path: string) {
  const fd = openSync(path, 'r');
  const pairs = new Int32Array(PAIRS_CHUNK * 2);
  const bytes = new Uint8Array(pairs.buffer);
  let held = 0;
  let at = 0;
  return {
    /** The next pair's first place, after checking it is for `place`. */
    firstOf(place: number): number {
      if (at === held) {
        const got = fill(fd, bytes);
        held = Math.floor(got / 8);
        at = 0;
        if (held === 0) throw new Error('the repeats of a partition end early');
      }
      if (pairs[at * 2] !== place) throw new Error('the repeats of a partition are out of order');
      const first = pairs[at * 2 + 1] as number;
      at += 1;
      return first;
    },
    close: () => closeSync(fd),
  };
}

export interface PlaceOptions {
  dir: string;
  parts: number;
  /** The first cell of each spilled address (findFirsts), of `count` spilled cells. */
  firsts: BitRank;
  count: number;
  /** Addresses numbered in memory: the spilled ones are numbered after them. */
  base: number;
  /** The row index as the reading wrote it, with SPILLED rows, and where it goes resolved. */
  rowsFrom: string;
  rowsTo: string;
  /** The address file, open for appending. */
  addressesFd: number;
  /** Given each run of appended addresses (an LF after each), synchronously, before the next. */
  onAddresses(bytes: Buffer): void;
}

export function placeSpilled(o: PlaceOptions): void {
  const paths = spillPaths(o.dir);
  const rowsIn = openSync(o.rowsFrom, 'r');
  const rowsOut = openSync(o.rowsTo, 'w');
  const lines = lineReader(paths.addresses);
  const dups = Array.from({ length: o.parts }, (_, p) => pairReader(paths.dups(p)));
  const entries = new Int32Array(ROWS_CHUNK);
  const entryBytes = new Uint8Array(entries.buffer);
  const print = new Int32Array(2);
  const shift = partShift(o.parts);
  let out = Buffer.allocUnsafe(LINES_CHUNK);
  let place = 0;
  try {
    for (;;) {
      const got = fill(rowsIn, entryBytes);
      if (got % 4 !== 0) throw new Error('the row index was cut short');
      const n = got / 4;
      if (n === 0) break;
      let o2 = 0;
      for (let k = 0; k < n; k++) {
        if (entries[k] !== SPILLED) continue;
        const line = lines.next();
        if (o.firsts.has(place)) {
          entries[k] = encodeRow(RowClass.valid, o.base + o.firsts.rank(place));
          const length = line.end - line.start + 1;
          if (o2 + length > out.length) {
            const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, o2 + length));
            out.copy(bigger, 0, 0, o2);
            out = bigger;
          }
          o2 += line.bytes.copy(out, o2, line.start, line.end + 1);
        } else {
          fingerprint(line.bytes, line.start, line.end, print, 0);
          const reader = dups[(print[0] as number) >>> shift];
          const first = (reader as ReturnType<typeof pairReader>).firstOf(place);
          entries[k] = encodeRow(RowClass.duplicate, o.base + o.firsts.rank(first));
        }
        place += 1;
      }
      writeAll(rowsOut, entryBytes.subarray(0, n * 4));
      if (o2 > 0) {
        writeAll(o.addressesFd, out.subarray(0, o2));
        o.onAddresses(out.subarray(0, o2));
      }
      if (n < ROWS_CHUNK) break;
    }
    if (place !== o.count) throw new Error('the row index does not hold every spilled row');
  } finally {
    closeSync(rowsIn);
    closeSync(rowsOut);
    lines.close();
    for (const reader of dups) reader.close();
  }
}
