// One bucket of the memory: the answers of every address whose hash falls in
// it (address-hash.ts), as one LMDB value. A list is looked up a bucket at a
// time, one read for some forty answers; an address is found in its bucket
// by a binary search over entries of one size, and an answer takes 14 bytes.
//
// Layout (format 3), little-endian:
//   bytes 0-1  uint16: n, the entries
//   then n entries of 14 bytes, ordered by tag (tag0 then tag1, unsigned),
//   then product (email first), no two with the same tag and product:
//     bytes 0-3    tag0, int32
//     bytes 4-7    tag1, int32
//     bytes 8-11   checkedAt, uint32 epoch seconds (good until 2106)
//     byte 12      flags: bits 0-1 status (1 deliverable, 2 undeliverable),
//                  bits 2-3 avatar (0 not given, 1 false, 2 true), bit 4 an
//                  email + avatar answer (else email), bit 5 an avatar URL is
//                  in the tail, bit 6 the provider is in the tail, bit 7 the
//                  answer is another vendor's verdict (verdicts/): then no
//                  avatar, no tail, an email answer
//     byte 13      provider: 0 none (or in the tail), k the k-th name of the
//                  provider dictionary (providers.ts); for a vendor's
//                  verdict, the vendor's number (common/catalogs/vendors.ts)
//   then the tail: for each entry with bit 5 or 6, in entry order, a uint16
//   length and that many bytes: the provider (1 byte of length, its UTF-8)
//   when bit 6, then the avatar URL's UTF-8 to the item's end when bit 5.
// A bucket shorter than its n entries is read as empty, and an entry whose
// tail item is cut short as no answer: lost (asked for again), never guessed.
// Bit 7 was always 0 before vendors' verdicts, so every answer kept earlier
// reads as it did; a List Cleaner of before reads a vendor's verdict as no
// answer (its address is asked for again), and the format stays 3 so that
// it still uses the rest of the memory.
import type { JobProduct } from '../../common/model';
import { int32At, putInt32At } from '../../lib/bytes';
import { compareSpots } from '../../lib/addresses/address-hash';

const HEAD = 2;
export const ENTRY = 14;
/** Entries a bucket can count: some 4.5 billion answers in a memory, far past any user's. */
const MAX_ENTRIES = 0xffff;

export const STATUS_BITS = 0x03;
export const AVATAR_SHIFT = 2;
export const AVATAR_PRODUCT = 0x10;
export const URL_IN_TAIL = 0x20;
export const PROVIDER_IN_TAIL = 0x40;
export const FROM_VENDOR = 0x80;
const TAILED = URL_IN_TAIL | PROVIDER_IN_TAIL;
const AVATAR_BITS = 3 << AVATAR_SHIFT;

export const productBit = (product: JobProduct): number => (product === 'avatar' ? 1 : 0);

/** Entries of `value`, or 0 when its bytes run short of them (damaged). */
export function countOf(value: Uint8Array): number {
  if (value.length < HEAD) return 0;
  const count = (value[0] as number) | ((value[1] as number) << 8);
  return value.length >= HEAD + count * ENTRY ? count : 0;
}

export const tag0At = (value: Uint8Array, i: number): number => int32At(value, HEAD + i * ENTRY);
export const tag1At = (value: Uint8Array, i: number): number =>
  int32At(value, HEAD + i * ENTRY + 4);
export const checkedAtOf = (value: Uint8Array, i: number): number =>
  int32At(value, HEAD + i * ENTRY + 8) >>> 0;
export const flagsOf = (value: Uint8Array, i: number): number =>
  value[HEAD + i * ENTRY + 12] as number;
export const providerOf = (value: Uint8Array, i: number): number =>
  value[HEAD + i * ENTRY + 13] as number;
export const productOfFlags = (flags: number): number => (flags & AVATAR_PRODUCT ? 1 : 0);

/**
 * Whether `flags` are an answer of this layout: a status given, an avatar
 * code, and a vendor's verdict only as one is written (email, nothing else).
 */
export const readableFlags = (flags: number): boolean =>
  (flags & STATUS_BITS) !== 0 &&
  (flags & STATUS_BITS) !== 3 &&
  ((flags >> AVATAR_SHIFT) & 3) !== 3 &&
  ((flags & FROM_VENDOR) === 0 || (flags & (AVATAR_BITS | AVATAR_PRODUCT | TAILED)) === 0);

/**
 * The first entry of `value[0, count)` whose tag0 is not below `tag0`
 * (unsigned): entries of one tag0 follow each other from there (two share
 * one with a chance of 2^-32).
 */
export function lowerBound(value: Uint8Array, count: number, tag0: number): number {
  const u0 = tag0 >>> 0;
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (int32At(value, HEAD + mid * ENTRY) >>> 0 < u0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the entry for (tag, product) among `count`, or -1. */
export function findEntry(
  value: Uint8Array,
  count: number,
  tag0: number,
  tag1: number,
  product: number,
): number {
  for (let i = lowerBound(value, count, tag0); i < count && tag0At(value, i) === tag0; i++) {
    if (tag1At(value, i) === tag1 && productOfFlags(flagsOf(value, i)) === product) return i;
  }
  return -1;
}

/** Where the tail item after `at` ends (its bytes are [at + 2, end)), or -1 when cut short. */
function tailItemEnd(value: Uint8Array, at: number): number {
  if (at + 2 > value.length) return -1;
  const end = at + 2 + ((value[at] as number) | ((value[at + 1] as number) << 8));
  return end > value.length ? -1 : end;
}

/** The tail item of entry `i` (without its length), or null when it has none or it is cut short. */
export function tailOf(value: Uint8Array, count: number, i: number): Uint8Array | null {
  if ((flagsOf(value, i) & TAILED) === 0) return null;
  let at = HEAD + count * ENTRY;
  for (let k = 0; k < i; k++) {
    if ((flagsOf(value, k) & TAILED) === 0) continue;
    at = tailItemEnd(value, at);
    if (at < 0) return null;
  }
  const end = tailItemEnd(value, at);
  return end < 0 ? null : value.subarray(at + 2, end);
}

/** Walks the entries of a bucket with the tail item of each, in order. */
function eachWithTail(
  value: Uint8Array,
  visit: (i: number, item: Uint8Array | null, cut: boolean) => void,
): void {
  const count = countOf(value);
  let at = HEAD + count * ENTRY;
  for (let i = 0; i < count; i++) {
    if ((flagsOf(value, i) & TAILED) === 0 || at < 0) {
      visit(i, null, at < 0 && (flagsOf(value, i) & TAILED) !== 0);
      continue;
    }
    const end = tailItemEnd(value, at);
    visit(i, end < 0 ? null : value.subarray(at + 2, end), end < 0);
    at = end;
  }
}

/** New answers for one bucket, all of one product: add k is index ids[k] of the arrays. */
export interface BucketAdds {
  tag0: Int32Array;
  tag1: Int32Array;
  checkedAt: Uint32Array;
  /** With the product's bit and the tail's bits set as the entry keeps them. */
  flags: Uint8Array;
  provider: Uint8Array;
  /** The tail item of each add that has one (flags say so). */
  tails: ReadonlyMap<number, Uint8Array>;
  /** Indices into the above, ordered by tag; of equal tags only the last is written. */
  ids: Uint32Array;
  count: number;
  /** 0 email, 1 avatar (productBit). */
  product: number;
  /**
   * An add replaces a kept entry only when it is newer (the team store's
   * answers, pulled with their own dates): a newer answer kept here stays.
   */
  keepNewer?: boolean;
}

/** Writes add `id` as entry n of `out`. */
function writeAdd(out: Buffer, n: number, adds: BucketAdds, id: number): void {
  const at = HEAD + n * ENTRY;
  putInt32At(out, at, adds.tag0[id] as number);
  putInt32At(out, at + 4, adds.tag1[id] as number);
  putInt32At(out, at + 8, adds.checkedAt[id] as number);
  out[at + 12] = adds.flags[id] as number;
  out[at + 13] = adds.provider[id] as number;
}

/** Appends a tail item at `at` of `tail`; returns where the next goes. */
function putTailItem(tail: Buffer, at: number, item: Uint8Array): number {
  tail[at] = item.length;
  tail[at + 1] = item.length >>> 8;
  tail.set(item, at + 2);
  return at + 2 + item.length;
}

/** Copies entry i of `from` to entry n of `out`. */
function copyEntry(from: Uint8Array, i: number, out: Buffer, n: number): void {
  const start = HEAD + i * ENTRY;
  const at = HEAD + n * ENTRY;
  for (let b = 0; b < ENTRY; b++) out[at + b] = from[start + b] as number;
}

/** The bucket of the `n` entries written in `out`, then `tail[0, tailAt)`. */
function sealBucket(out: Buffer, n: number, tail: Buffer | null, tailAt: number): Buffer {
  if (n > MAX_ENTRIES) throw new RangeError('a bucket of the memory is full');
  out[0] = n;
  out[1] = n >>> 8;
  const end = HEAD + n * ENTRY;
  const entries = end === out.length ? out : out.subarray(0, end);
  return tail && tailAt > 0 ? Buffer.concat([entries, tail.subarray(0, tailAt)]) : entries;
}

/**
 * `value` (a bucket, or undefined for an empty one) with `adds` put in, each
 * replacing the entry of its (tag, product). Returns the new bytes and how
 * many entries it gained (replacements gain none). One pass over both, into
 * one buffer, nothing made per entry: a million answers are some 130,000 of
 * these.
 */
export function mergeBucket(
  value: Uint8Array | undefined,
  adds: BucketAdds,
): { bytes: Buffer; gained: number; older: number } {
  const { tag0, tag1, ids, count, product, tails } = adds;
  const held = value ? countOf(value) : 0;
  let tailBytes = value ? value.length - HEAD - held * ENTRY : 0;
  if (tails.size > 0) {
    for (let k = 0; k < count; k++) {
      const item = tails.get(ids[k] as number);
      if (item) tailBytes += 2 + item.length;
    }
  }
  const out = Buffer.allocUnsafe(HEAD + (held + count) * ENTRY);
  const tail = tailBytes > 0 ? Buffer.allocUnsafe(tailBytes) : null;
  let tailAt = 0;
  let n = 0;
  let gained = 0;
  // Adds dropped for an answer kept that is as new or newer (keepNewer).
  let older = 0;
  let k = 0;
  let i = 0;
  // Where the next tail item of `value` starts; -1 once one is cut short.
  let valueTail = HEAD + held * ENTRY;
  while (k < count || i < held) {
    let order = 1;
    if (k < count) {
      const id = ids[k] as number;
      const next = ids[k + 1];
      // Of equal tags, only the last given is kept.
      if (k + 1 < count && tag0[next as number] === tag0[id] && tag1[next as number] === tag1[id]) {
        k += 1;
        continue;
      }
      order =
        i < held
          ? compareSpots(
              tag0[id] as number,
              tag1[id] as number,
              product,
              tag0At(value as Uint8Array, i),
              tag1At(value as Uint8Array, i),
              productOfFlags(flagsOf(value as Uint8Array, i)),
            )
          : -1;
      if (
        order === 0 &&
        adds.keepNewer === true &&
        checkedAtOf(value as Uint8Array, i) >= (adds.checkedAt[id] as number)
      ) {
        // The entry kept is as new or newer: the add is dropped, the entry copied below.
        k += 1;
        older += 1;
        order = 1;
      }
      if (order <= 0) {
        writeAdd(out, n, adds, id);
        const item = ((adds.flags[id] as number) & TAILED) !== 0 ? tails.get(id) : undefined;
        if (item) tailAt = putTailItem(tail as Buffer, tailAt, item);
        n += 1;
        k += 1;
        if (order < 0) {
          gained += 1;
          continue;
        }
      }
    }
    // Entry i of `value`: replaced (order 0) or copied, with its tail item.
    const bytes = value as Uint8Array;
    const tailed = (flagsOf(bytes, i) & TAILED) !== 0;
    let itemEnd = -1;
    if (tailed && valueTail >= 0) {
      itemEnd = tailItemEnd(bytes, valueTail);
      if (itemEnd < 0) valueTail = -1;
    }
    if (order > 0 && (!tailed || itemEnd >= 0)) {
      copyEntry(bytes, i, out, n);
      if (tailed)
        tailAt = putTailItem(tail as Buffer, tailAt, bytes.subarray(valueTail + 2, itemEnd));
      n += 1;
    }
    if (itemEnd >= 0) valueTail = itemEnd;
    i += 1;
  }
  return { bytes: sealBucket(out, n, tail, tailAt), gained, older };
}

/**
 * `value` without the entries `keep` refuses (nor those whose tail is cut
 * short): null when nothing changes, else the bytes left (empty: none).
 * `removed` adds up, per product, the entries taken out.
 */
export function pruneBucket(
  value: Uint8Array,
  keep: (value: Uint8Array, i: number) => boolean,
  removed: [number, number],
): Buffer | null {
  const count = countOf(value);
  if (count === 0) return value.length === HEAD ? null : Buffer.alloc(0);
  const kept: number[] = [];
  const items: (Uint8Array | null)[] = [];
  eachWithTail(value, (i, item, cut) => {
    if (!cut && keep(value, i)) {
      kept.push(i);
      items.push(item);
    } else removed[productOfFlags(flagsOf(value, i)) as 0 | 1] += 1;
  });
  if (kept.length === count) return null;
  if (kept.length === 0) return Buffer.alloc(0);
  const out = Buffer.allocUnsafe(HEAD + kept.length * ENTRY);
  const tailBytes = value.length - HEAD - count * ENTRY;
  const tail = tailBytes > 0 ? Buffer.allocUnsafe(tailBytes) : null;
  let tailAt = 0;
  kept.forEach((i, n) => {
    copyEntry(value, i, out, n);
    const item = items[n];
    if (item) tailAt = putTailItem(tail as Buffer, tailAt, item);
  });
  return sealBucket(out, kept.length, tail, tailAt);
}
