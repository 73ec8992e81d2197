// Judging address cells in batches, as the classify worker receives them:
// UTF-8 bytes with an LF after each cell. Most cells are a bare ASCII address,
// and those are judged on the bytes themselves (lowercased while copied, then
// validated and hashed in place) without ever becoming strings; the rest take
// the string path (normalizeCell, isValidAddress) and join the same table as
// UTF-8 bytes, so both paths find each other's repeats. The table holds a
// bounded number of addresses; past it, the cells it does not know are
// spilled, to be numbered on disk once the list is read (repeats/spill.ts).
import { isValidAddress, isValidAddressBytes, normalizeCell } from '../../lib/addresses/address';
import { FINGERPRINT_INTS, createDeduper, fingerprint } from '../read/dedupe';
import { SPILLED } from '../repeats/spill';
import { encodeRow } from '../read/row-index';
import { RowClass } from '../types';

/** Cells the table did not know once it was full, in row order. */
export interface SpilledCells {
  /** Their addresses, normalized, an LF after each. */
  addresses: Buffer;
  /** Their fingerprints, FINGERPRINT_INTS each. */
  prints: Int32Array;
  count: number;
}

export interface JudgedBatch {
  /** One row-index value per cell, in order (see row-index.ts); SPILLED for a spilled cell. */
  rows: Int32Array;
  /** The addresses first seen in this batch and numbered here, normalized, an LF after each. */
  addresses: Buffer;
  spilled: SpilledCells | null;
}

export interface BatchJudge {
  judge(batch: Uint8Array, cells: number): JudgedBatch;
  /** Of the cells judged so far; a spilled cell is in none of the first four. */
  readonly counts: {
    unique: number;
    invalid: number;
    empty: number;
    duplicates: number;
    spilled: number;
  };
}

const LF = 0x0a;

/**
 * Whether a cell's normalized form is its bytes lowercased: every byte
 * printable ASCII, no quotes or angle bracket to unwrap, no mailto: prefix.
 * (normalizeCell says the same of such a cell; it decides all the others.)
 */
function isBare(out: Uint8Array, start: number, end: number, printable: boolean): boolean {
  if (!printable) return false;
  const first = out[start] as number;
  if (first === 0x22 || first === 0x27 || out[end - 1] === 0x3e) return false;
  if (first !== 0x6d || end - start < 7) return true; // "m", already lowercased
  return !(
    out[start + 1] === 0x61 &&
    out[start + 2] === 0x69 &&
    out[start + 3] === 0x6c &&
    out[start + 4] === 0x74 &&
    out[start + 5] === 0x6f &&
    out[start + 6] === 0x3a
  );
}

// The result of judging one cell: an address's byte length (copied to the
// output), or one of these.
const EMPTY = -1;
const INVALID = -2;

// Set by copyLowered: whether every byte of the cell it copied was printable
// ASCII. A module variable rather than a returned pair: a million cells
// would be a million small allocations.
let printable = true;

/**
 * Copies the cell from input[s] to its LF into out[o], ASCII letters
 * lowercased; returns the LF's index. Kept apart from the rest: V8 optimizes
 * this loop alone.
 */
function copyLowered(input: Uint8Array, s: number, out: Uint8Array, o: number): number {
  let i = s;
  let all = true;
  for (; ; i++) {
    let c = input[i] as number;
    if (c === LF) break;
    if (c <= 0x20 || c >= 0x7f) all = false;
    else if (c >= 0x41 && c <= 0x5a) c |= 0x20;
    out[o + i - s] = c;
  }
  printable = all;
  return i;
}

export function createBatchJudge(options: {
  expectedRows: number;
  /** Addresses the table numbers and holds; the cells of any other are spilled once it is full. */
  inMemory: number;
}): BatchJudge {
  // Sized for the whole file at once: each growth of the table moves every
  // entry it holds, and a million-entry table would grow several times.
  const seen = createDeduper(Math.min(Math.max(options.expectedRows, 1 << 12), options.inMemory));
  const counts = { unique: 0, invalid: 0, empty: 0, duplicates: 0, spilled: 0 };
  // Valid addresses are copied here as they are judged, an LF after each.
  // Invariant: from `o` on, `out` has room for all the input still to judge.
  let out = Buffer.alloc(0);
  let o = 0;
  // Per cell of the batch: its fingerprint, and where its address is in `out`.
  let prints = new Int32Array(0);
  let at = new Int32Array(0);

  /** A cell that is not bare: judged as text, its address written as UTF-8. */
  function judgeText(input: Buffer, s: number, e: number): number {
    const address = normalizeCell(input.toString('utf8', s, e));
    if (address === '') return EMPTY;
    if (!isValidAddress(address)) return INVALID;
    // Lowercasing may lengthen a character (İ is two bytes, i̇ three).
    const room = Buffer.byteLength(address) + 1 + (input.length - e);
    if (o + room > out.length) {
      const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, o + room));
      out.copy(bigger, 0, 0, o);
      out = bigger;
    }
    return out.write(address, o, 'utf8');
  }

  /**
   * First pass: every cell judged; a valid one's address is copied to `out`
   * and fingerprinted, and its row value is left 0 for the second pass.
   */
  function judgeCells(input: Buffer, rows: Int32Array): void {
    let s = 0;
    for (let r = 0; r < rows.length; r++) {
      const e = copyLowered(input, s, out, o);
      let n = e - s;
      if (n === 0) n = EMPTY;
      else if (!isBare(out, o, o + n, printable)) n = judgeText(input, s, e);
      else if (!isValidAddressBytes(out, o, o + n)) n = INVALID;
      s = e + 1;
      if (n === EMPTY) {
        counts.empty += 1;
        rows[r] = encodeRow(RowClass.empty, -1);
      } else if (n === INVALID) {
        counts.invalid += 1;
        rows[r] = encodeRow(RowClass.invalid, -1);
      } else {
        fingerprint(out, o, o + n, prints, r);
        at[r] = o;
        out[o + n] = LF;
        o += n + 1;
      }
    }
  }

  /** The spilled cells of the batch being judged: addresses and fingerprints. */
  let spilledParts: Buffer[] = [];
  let spilledPrints = new Int32Array(0);
  let spilledCount = 0;

  /** Cell r's address and fingerprint go with the spilled cells. */
  function spill(r: number, start: number, end: number): void {
    spilledParts.push(out.subarray(start, end));
    spilledPrints[spilledCount * FINGERPRINT_INTS] = prints[r * FINGERPRINT_INTS] as number;
    spilledPrints[spilledCount * FINGERPRINT_INTS + 1] = prints[r * FINGERPRINT_INTS + 1] as number;
    spilledCount += 1;
    counts.spilled += 1;
  }

  /**
   * Second pass: the valid cells looked up in one tight loop (see dedupe.ts).
   * Repeats and spilled cells are cut out of `out`, leaving the new addresses
   * in order.
   */
  function findRepeats(rows: Int32Array): Buffer {
    const kept: Buffer[] = [];
    let from = 0;
    for (let r = 0; r < rows.length; r++) {
      if (rows[r] !== 0) continue;
      const full = counts.unique >= options.inMemory;
      const known = full ? seen.find(prints, r) : seen.seenOrAdd(prints, r, counts.unique);
      if (known === -1 && !full) {
        rows[r] = encodeRow(RowClass.valid, counts.unique);
        counts.unique += 1;
        continue;
      }
      const start = at[r] as number;
      if (start > from) kept.push(out.subarray(from, start));
      from = out.indexOf(LF, start) + 1;
      if (known === -1) {
        rows[r] = SPILLED;
        spill(r, start, from);
      } else {
        counts.duplicates += 1;
        rows[r] = encodeRow(RowClass.duplicate, known);
      }
    }
    if (kept.length === 0) return out.subarray(from, o);
    if (o > from) kept.push(out.subarray(from, o));
    return Buffer.concat(kept);
  }

  function judge(batch: Uint8Array, cells: number): JudgedBatch {
    const input = Buffer.from(batch.buffer, batch.byteOffset, batch.length);
    // Cells end at an LF: the copying loop relies on finding it.
    if (cells > 0 && input[input.length - 1] !== LF) throw new Error('a batch must end with LF');
    const rows = new Int32Array(cells);
    out = Buffer.allocUnsafe(input.length + 1024);
    o = 0;
    if (at.length < cells) {
      at = new Int32Array(cells);
      prints = new Int32Array(cells * FINGERPRINT_INTS);
    }
    judgeCells(input, rows);
    // The table may fill up within this batch.
    const mayFill = counts.unique + cells >= options.inMemory;
    if (mayFill && spilledPrints.length < cells * FINGERPRINT_INTS) {
      spilledPrints = new Int32Array(cells * FINGERPRINT_INTS);
    }
    spilledParts = [];
    spilledCount = 0;
    const addresses = findRepeats(rows);
    if (spilledCount === 0) return { rows, addresses, spilled: null };
    return {
      rows,
      addresses,
      spilled: {
        addresses: Buffer.concat(spilledParts),
        prints: spilledPrints.subarray(0, spilledCount * FINGERPRINT_INTS),
        count: spilledCount,
      },
    };
  }

  return { judge, counts };
}
