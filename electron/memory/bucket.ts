// One bucket of the memory: the answers of every address whose hash falls in
// it (address-hash.ts), as one LMDB value. A list is looked up a bucket at a
// time, one read for some twenty answers, instead of one read of LMDB's tree
// per address, and an answer takes some 20 bytes of the file instead of 90.
//
// Layout: entries one after the other, ordered by tag (unsigned, tag0 then
// tag1), then product (email first); no two with the same tag and product:
//   bytes 0-3  tag0, int32 little-endian
//   bytes 4-7  tag1, int32 little-endian
//   bytes 8-9  uint16 little-endian: the record's length << 1 | 1 for avatar
//   then       the record (record.ts), that many bytes
// A bucket whose bytes run short of an entry is read up to the entry before;
// what follows is lost (asked for again), never guessed.
import type { JobProduct } from '../common/model';
import { int32At } from './bytes';

const HEAD = 10;
/** The longest record (record.ts: 5 + 1 + 255 + 4096) fits the length's 15 bits. */
const MAX_RECORD = 0x7fff;

export const productBit = (product: JobProduct): number => (product === 'avatar' ? 1 : 0);
export const PRODUCT_OF_BIT: readonly JobProduct[] = ['email', 'avatar'];

/** Where one answer goes: its spot within the bucket, its product and record. */
export interface BucketEntry {
  tag0: number;
  tag1: number;
  /** 0 email, 1 avatar (productBit). */
  product: number;
  record: Uint8Array;
}

/** Orders two (tag0, tag1, product) as the bucket keeps them: negative, 0, positive. */
export function compareSpots(
  a0: number,
  a1: number,
  ap: number,
  b0: number,
  b1: number,
  bp: number,
): number {
  if (a0 !== b0) return a0 >>> 0 < b0 >>> 0 ? -1 : 1;
  if (a1 !== b1) return a1 >>> 0 < b1 >>> 0 ? -1 : 1;
  return ap - bp;
}

/**
 * Calls `visit` for each whole entry of `value`, in order, until it returns
 * false; returns false when the bytes ran short of an entry (damaged), true
 * otherwise.
 */
export function eachEntry(
  value: Uint8Array,
  visit: (tag0: number, tag1: number, product: number, start: number, end: number) => unknown,
): boolean {
  const length = value.length;
  let at = 0;
  while (at < length) {
    if (at + HEAD > length) return false;
    const sized = (value[at + 8] as number) | ((value[at + 9] as number) << 8);
    const start = at + HEAD;
    const end = start + (sized >>> 1);
    if (end > length) return false;
    if (visit(int32At(value, at), int32At(value, at + 4), sized & 1, start, end) === false)
      return true;
    at = end;
  }
  return true;
}

/** The record kept for (tag, product) in `value`, or undefined. */
export function findRecord(
  value: Uint8Array,
  tag0: number,
  tag1: number,
  product: number,
): Uint8Array | undefined {
  let found: Uint8Array | undefined;
  eachEntry(value, (t0, t1, p, start, end) => {
    const order = compareSpots(t0, t1, p, tag0, tag1, product);
    if (order === 0) found = value.subarray(start, end);
    return order < 0;
  });
  return found;
}

/** Copies `from[start, end)` to `to` at `at`: a loop, as a record is some 12 bytes, for which `set` costs more. */
function copyBytes(from: Uint8Array, start: number, end: number, to: Uint8Array, at: number): void {
  if (end - start > 64) {
    to.set(from.subarray(start, end), at);
    return;
  }
  for (let i = start; i < end; i++) to[at++] = from[i] as number;
}

/** Writes one entry at `at` of `out`, its record `from[start, end)`; returns where the next goes. */
function putEntry(
  out: Buffer,
  at: number,
  tag0: number,
  tag1: number,
  product: number,
  from: Uint8Array,
  start: number,
  end: number,
): number {
  out.writeInt32LE(tag0, at);
  out.writeInt32LE(tag1, at + 4);
  out.writeUInt16LE(((end - start) << 1) | product, at + 8);
  copyBytes(from, start, end, out, at + HEAD);
  return at + HEAD + end - start;
}

/** False when the record cannot be kept in a bucket (longer than its length field holds). */
export const fitsBucket = (record: Uint8Array): boolean => record.length <= MAX_RECORD;

/** New answers for one bucket, all of one product: entry k has tags tag0[ids[k]], tag1[ids[k]]. */
export interface BucketAdds {
  tag0: Int32Array;
  tag1: Int32Array;
  records: readonly Uint8Array[];
  /** Indices into the above, ordered by tag; of equal tags only the last is written. */
  ids: Uint32Array;
  count: number;
  /** 0 email, 1 avatar (productBit). */
  product: number;
}

/**
 * `value` (a bucket, or undefined for an empty one) with `adds` put in, each
 * replacing the entry of its (tag, product). Returns the new bytes and how
 * many entries it gained (replacements gain none). Written straight into one
 * buffer: a million answers make no object each.
 */
export function mergeBucket(
  value: Uint8Array | undefined,
  adds: BucketAdds,
): { bytes: Buffer; gained: number } {
  const { tag0, tag1, records, ids, count, product } = adds;
  let size = value ? value.length : 0;
  for (let k = 0; k < count; k++) size += HEAD + (records[ids[k] as number] as Uint8Array).length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  let gained = 0;
  let k = 0;
  /** Writes the adds ordered before (t0, t1, p); true when the last of them has that very spot. */
  const addsBefore = (t0: number, t1: number, p: number): boolean => {
    let same = false;
    while (k < count) {
      const id = ids[k] as number;
      const order = compareSpots(tag0[id] as number, tag1[id] as number, product, t0, t1, p);
      if (order > 0) break;
      const next = ids[k + 1];
      k += 1;
      // Of equal tags, only the last given is kept.
      if (next !== undefined && k < count && tag0[next] === tag0[id] && tag1[next] === tag1[id]) {
        continue;
      }
      const record = records[id] as Uint8Array;
      at = putEntry(
        out,
        at,
        tag0[id] as number,
        tag1[id] as number,
        product,
        record,
        0,
        record.length,
      );
      if (order === 0) same = true;
      else gained += 1;
    }
    return same;
  };
  if (value) {
    eachEntry(value, (t0, t1, p, start, end) => {
      if (!addsBefore(t0, t1, p)) at = putEntry(out, at, t0, t1, p, value, start, end);
    });
  }
  addsBefore(-1, -1, 2);
  return { bytes: out.subarray(0, at), gained };
}

/**
 * `value` without the entries `keep` refuses (and without a damaged tail):
 * null when nothing changes, else the bytes left (empty: none). `removed`
 * adds up, per product, the entries refused.
 */
export function pruneBucket(
  value: Uint8Array,
  keep: (record: Uint8Array) => boolean,
  removed: [number, number],
): Buffer | null {
  const kept: BucketEntry[] = [];
  let dropped = false;
  const whole = eachEntry(value, (tag0, tag1, product, start, end) => {
    const record = value.subarray(start, end);
    if (keep(record)) kept.push({ tag0, tag1, product, record });
    else {
      dropped = true;
      removed[product as 0 | 1] += 1;
    }
  });
  if (whole && !dropped) return null;
  let size = 0;
  for (const e of kept) size += HEAD + e.record.length;
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const e of kept) {
    at = putEntry(bytes, at, e.tag0, e.tag1, e.product, e.record, 0, e.record.length);
  }
  return bytes;
}
