// The memory keeps no address, only a hash of it: MurmurHash3's x86 128-bit
// variant of the address's UTF-8 (normalized as the importer writes it). Its
// first 17 bits name a bucket, the memory's unit of storage and look-up
// (bucket.ts); the next 64 bits tell its addresses apart within the bucket.
// So the memory file holds no contact's address in clear, every address takes
// 8 bytes whatever its length, and a whole list is looked up a bucket at a
// time. Two addresses share bucket and tag with a chance of about n / 2^81 per
// look-up in a memory of n answers (2 x 10^-18 with five million): never, in any
// user's lifetime of lists.
//
// Written here rather than taken from a package: a list of a million
// addresses is hashed in about 130 ms with this, against 380 ms to 2.3 s with
// each maintained package tried (hash-wasm's xxhash128, @node-rs/xxhash's
// xxh128, murmur-128), which allocate per call or cross into WebAssembly or
// native code for 30 bytes. It is the reference algorithm (public domain,
// Austin Appleby), checked against murmur-128's answers in the tests; it must
// never change, or every kept answer is lost.

import { grown } from '../grown';
import { int32At } from '../bytes';

/**
 * Bits of the hash that name the bucket: 131,072 buckets, so five million
 * answers make buckets of some 800 bytes, under the 2 KB above which LMDB
 * gives a value pages of its own, up to some ten million. Fewer buckets
 * would mean fewer reads and writes per list (18 bits took 1.7 times as long
 * to keep a million answers), more would mean smaller ones.
 */
export const BUCKET_BITS = 17;
/** Buckets in a memory (2^17). */
export const BUCKETS = 1 << BUCKET_BITS;

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The tail's bytes from `from` (up to 4 of them, fewer than `n`) as a little-endian word. */
function tailWord(b: Uint8Array, from: number, n: number): number {
  let k = 0;
  for (let i = Math.min(n, 4) - 1; i >= 0; i--) k = (k << 8) | (b[from + i] as number);
  return k;
}

/**
 * MurmurHash3_x86_128 (seed 0) of `bytes[start, end)`, its four 32-bit words
 * written into `out` (as the reference writes them, little-endian).
 */
export function murmur128(bytes: Uint8Array, start: number, end: number, out: Int32Array): void {
  const length = end - start;
  const blocksEnd = start + (length - (length & 15));
  let h1 = 0;
  let h2 = 0;
  let h3 = 0;
  let h4 = 0;
  let i = start;
  for (; i < blocksEnd; i += 16) {
    h1 ^= Math.imul(rotl(Math.imul(int32At(bytes, i), C1), 15), C2);
    h1 = (Math.imul((rotl(h1, 19) + h2) | 0, 5) + 0x561ccd1b) | 0;
    h2 ^= Math.imul(rotl(Math.imul(int32At(bytes, i + 4), C2), 16), C3);
    h2 = (Math.imul((rotl(h2, 17) + h3) | 0, 5) + 0x0bcaa747) | 0;
    h3 ^= Math.imul(rotl(Math.imul(int32At(bytes, i + 8), C3), 17), C4);
    h3 = (Math.imul((rotl(h3, 15) + h4) | 0, 5) + 0x96cd1c35) | 0;
    h4 ^= Math.imul(rotl(Math.imul(int32At(bytes, i + 12), C4), 18), C1);
    h4 = (Math.imul((rotl(h4, 13) + h1) | 0, 5) + 0x32ac3b17) | 0;
  }
  const rest = end - i;
  if (rest > 12) h4 ^= Math.imul(rotl(Math.imul(tailWord(bytes, i + 12, rest - 12), C4), 18), C1);
  if (rest > 8) h3 ^= Math.imul(rotl(Math.imul(tailWord(bytes, i + 8, rest - 8), C3), 17), C4);
  if (rest > 4) h2 ^= Math.imul(rotl(Math.imul(tailWord(bytes, i + 4, rest - 4), C2), 16), C3);
  if (rest > 0) h1 ^= Math.imul(rotl(Math.imul(tailWord(bytes, i, rest), C1), 15), C2);
  h1 ^= length;
  h2 ^= length;
  h3 ^= length;
  h4 ^= length;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h3 = fmix(h3);
  h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  out[0] = h1;
  out[1] = (h2 + h1) | 0;
  out[2] = (h3 + h1) | 0;
  out[3] = (h4 + h1) | 0;
}

/** Where an address is kept: its bucket and its 64-bit tag within it. */
export interface AddressSpot {
  bucket: number;
  tag0: number;
  tag1: number;
}

/** The hash's words as a spot: the top bits of the first word, then the next two words. */
export const spotOf = (words: Int32Array): AddressSpot => ({
  bucket: (words[0] as number) >>> (32 - BUCKET_BITS),
  tag0: words[1] as number,
  tag1: words[2] as number,
});

/** The longest address kept (RFC 5321: 64 + 1 + 255 characters). */
export const MAX_ADDRESS = 320;
/** In UTF-8 bytes, at most 4 each: a longer line of an address file is no address the memory keeps. */
const MAX_BYTES = MAX_ADDRESS * 4;
const scratch = Buffer.allocUnsafe(MAX_BYTES);
const words = new Int32Array(4);

/**
 * Writes `address` into `scratch` as UTF-8; returns its length. Most
 * addresses are ASCII, copied here a character a byte: a native write per
 * address costs more than the hash.
 */
function toScratch(address: string): number {
  const n = address.length;
  if (n <= MAX_BYTES) {
    let i = 0;
    for (; i < n; i++) {
      const c = address.charCodeAt(i);
      if (c >= 0x80) break;
      scratch[i] = c;
    }
    if (i === n) return n;
  }
  return scratch.write(address, 0, 'utf8');
}

/** The spot of a normalized address given as a string. */
export function spotOfAddress(address: string): AddressSpot {
  return spotOf(hashOfAddress(address));
}

/**
 * The hash's words of a normalized address given as a string, in one array
 * given again at the next call: a spot without an object (spotOf reads it).
 */
export function hashOfAddress(address: string): Int32Array {
  const length = toScratch(address);
  murmur128(scratch, 0, length, words);
  return words;
}

/**
 * The spots of many addresses at once, in three arrays that grow as they are
 * added: how the import's worker (and recallList) hash a million lines
 * without an object per line.
 */
export function createSpots(capacity: number) {
  let bucket = new Uint32Array(Math.max(capacity, 16));
  let tag0 = new Int32Array(bucket.length);
  let tag1 = new Int32Array(bucket.length);
  let count = 0;
  const grow = () => {
    bucket = grown(bucket);
    tag0 = grown(tag0);
    tag1 = grown(tag1);
  };
  return {
    /** Adds the spot of `bytes[start, end)`, or of nothing (never found) when `none`. */
    add(bytes: Uint8Array, start: number, end: number, none = false): void {
      if (count === bucket.length) grow();
      if (none) {
        // A bucket past the last: looked up nowhere.
        bucket[count] = BUCKETS;
      } else {
        murmur128(bytes, start, end, words);
        bucket[count] = (words[0] as number) >>> (32 - BUCKET_BITS);
        tag0[count] = words[1] as number;
        tag1[count] = words[2] as number;
      }
      count += 1;
    },
    /**
     * Adds the spot of a line of an address file, `bytes[start, end)` without
     * its line end: none for an empty line or one too long to be an address.
     */
    addLine(bytes: Uint8Array, start: number, end: number): void {
      this.add(bytes, start, end, end === start || end - start > MAX_BYTES);
    },
    /** Adds the spot of each line of `bytes[0, end)`, which ends with a line end (LF). */
    addLines(bytes: Uint8Array, end: number): void {
      for (let start = 0; start < end;) {
        const lineEnd = bytes.indexOf(0x0a, start);
        this.addLine(bytes, start, lineEnd);
        start = lineEnd + 1;
      }
    },
    /** Adds a spot already known (an answer moved from an earlier layout). */
    addSpot(spot: AddressSpot): void {
      if (count === bucket.length) grow();
      bucket[count] = spot.bucket;
      tag0[count] = spot.tag0;
      tag1[count] = spot.tag1;
      count += 1;
    },
    /** Adds the spot of a normalized address (at most 320 characters) given as a string. */
    addAddress(address: string): void {
      this.add(scratch, 0, toScratch(address));
    },
    done(): Spots {
      return {
        count,
        bucket: bucket.subarray(0, count),
        tag0: tag0.subarray(0, count),
        tag1: tag1.subarray(0, count),
      };
    },
  };
}

/** Spots of many addresses: index i is the i-th address added. A bucket of BUCKETS is no address. */
export interface Spots {
  count: number;
  bucket: Uint32Array;
  tag0: Int32Array;
  tag1: Int32Array;
}

/** The counting sort's first half: where each bucket's run starts, and how many are in a bucket. */
function bucketStarts(bucket: Uint32Array): { starts: Uint32Array; kept: number } {
  const starts = new Uint32Array(BUCKETS + 1);
  let kept = 0;
  for (let i = 0; i < bucket.length; i++) {
    const b = bucket[i] as number;
    if (b < BUCKETS) {
      starts[b + 1] = (starts[b + 1] as number) + 1;
      kept += 1;
    }
  }
  for (let b = 0; b < BUCKETS; b++)
    starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
  return { starts, kept };
}

/**
 * Indices 0..n-1 ordered by bucket (stable), and where each bucket's run
 * starts: `starts[b]` to `starts[b + 1]` in `order` are bucket b's. A counting
 * sort, linear in n; buckets past the last are left out.
 */
export function byBucket(bucket: Uint32Array): { order: Uint32Array; starts: Uint32Array } {
  const { starts, kept } = bucketStarts(bucket);
  const next = starts.slice(0, BUCKETS);
  const order = new Uint32Array(kept);
  for (let i = 0; i < bucket.length; i++) {
    const b = bucket[i] as number;
    if (b < BUCKETS) {
      const at = next[b] as number;
      order[at] = i;
      next[b] = at + 1;
    }
  }
  return { order, starts };
}

/**
 * Spots in bucket order (bucketOrderOf): `order` and `starts` as byBucket's,
 * and `tags` the two tag words of spot order[q] at 2q and 2q + 1, so a walk
 * of the buckets reads them front to back.
 */
export interface BucketOrder {
  order: Uint32Array;
  starts: Uint32Array;
  tags: Int32Array;
}

/**
 * byBucket's counting sort, with each spot's tags written where its bucket
 * order puts them in the same pass: scattered writes there cost less than
 * reading the tags back in bucket order, where each read waits on memory.
 */
function spotsByBucket({ bucket, tag0, tag1 }: Spots): BucketOrder {
  const { starts, kept } = bucketStarts(bucket);
  const next = starts.slice(0, BUCKETS);
  const order = new Uint32Array(kept);
  const tags = new Int32Array(kept * 2);
  for (let i = 0; i < bucket.length; i++) {
    const b = bucket[i] as number;
    if (b < BUCKETS) {
      const at = next[b] as number;
      order[at] = i;
      tags[2 * at] = tag0[i] as number;
      tags[2 * at + 1] = tag1[i] as number;
      next[b] = at + 1;
    }
  }
  return { order, starts, tags };
}

/** Orders already made, by the bucket array they order: a part is looked up in more than one place. */
const orders = new WeakMap<Uint32Array, BucketOrder>();

/**
 * The spots in bucket order, made once however many look-ups walk them (the
 * memory's dates, then the suppression list's reasons); spots are never
 * changed once made.
 */
export function bucketOrderOf(spots: Spots): BucketOrder {
  let made = orders.get(spots.bucket);
  if (!made) {
    made = spotsByBucket(spots);
    orders.set(spots.bucket, made);
  }
  return made;
}

/** Orders two (tag0, tag1, product) as the memory's buckets keep them: negative, 0, positive. */
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
 * Orders `ids[0, n)` by their tags, keeping the given order of equal ones: an
 * insertion sort, for a bucket's few (some four) at a time.
 */
export function sortByTag(ids: Uint32Array, n: number, tag0: Int32Array, tag1: Int32Array): void {
  for (let k = 1; k < n; k++) {
    const id = ids[k] as number;
    const t0 = tag0[id] as number;
    const t1 = tag1[id] as number;
    let j = k - 1;
    for (; j >= 0; j--) {
      const other = ids[j] as number;
      if (compareSpots(tag0[other] as number, tag1[other] as number, 0, t0, t1, 0) <= 0) break;
      ids[j + 1] = other;
    }
    ids[j + 1] = id;
  }
}
