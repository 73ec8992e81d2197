// Answers as the memory's buckets keep them (bucket.ts): what one remember (or
// the move of an earlier layout) gathers before writing, in typed arrays, no
// object per answer; and an entry read back as the outcome it was.
import { vendorCode, vendorOfCode, type VerdictVendor } from '../../common/catalogs/vendors';
import type { AddressOutcome } from '../../lists/types';
import { BUCKET_BITS, hashOfAddress, type AddressSpot } from '../../lib/addresses/address-hash';
import {
  AVATAR_PRODUCT,
  AVATAR_SHIFT,
  FROM_VENDOR,
  PROVIDER_IN_TAIL,
  STATUS_BITS,
  URL_IN_TAIL,
  checkedAtOf,
  flagsOf,
  providerOf,
  readableFlags,
  tailOf,
  type BucketAdds,
} from './bucket';
import { MAX_PROVIDER_BYTES, NOT_IN_DICTIONARY } from '../providers';

/** An avatar URL longer than this (UTF-8 bytes) is not kept: no real one is, and a bucket stays small. */
export const MAX_AVATAR_URL_BYTES = 4096;
/** checkedAt is a uint32 of seconds. */
export const MAX_CHECKED_AT = 0xffff_ffff;

export interface RecalledOutcome {
  outcome: AddressOutcome;
  /** When the service gave it, epoch seconds. */
  checkedAt: number;
  /** Another vendor's verdict, imported from its result file (verdicts/); absent or null: the service's. */
  source?: VerdictVendor | null;
}

const STATUS_CODE: Record<string, number> = { deliverable: 1, undeliverable: 2 };
const STATUSES = ['deliverable', 'undeliverable'] as const;

/** Answers on their way into buckets: index i is the i-th added. */
export interface AnswerBatch {
  count: number;
  /** Each answer's bucket (address-hash.ts). */
  bucket: Uint32Array;
  /**
   * Each answer in WORDS words side by side, read together: its tag's two
   * words, its checkedAt, then its flags (status, avatar and URL_IN_TAIL,
   * bucket.ts; the product's bit is set as they are written), its vendor's
   * number << 8 (common/catalogs/vendors.ts; 0 for the service's answers) and
   * 1 + its provider name's index in `names` << 16 (0 for none).
   */
  words: Int32Array;
  names: readonly string[];
  /** The avatar URL's UTF-8 of those that have one. */
  urls: ReadonlyMap<number, Buffer>;
}

/** Words an answer of a batch takes (AnswerBatch.words). */
const WORDS = 4;
/** Provider names one batch can tell apart (16 bits of its fourth word). */
const MAX_NAMES = 0xfffe;

export function createAnswerBatch(capacity: number) {
  let size = Math.max(capacity, 16);
  let bucket = new Uint32Array(size);
  let words = new Int32Array(size * WORDS);
  const names: string[] = [];
  const nameIndex = new Map<string, number>();
  const urls = new Map<number, Buffer>();
  let count = 0;
  const grow = () => {
    size *= 2;
    const b = new Uint32Array(size);
    b.set(bucket);
    bucket = b;
    const w = new Int32Array(size * WORDS);
    w.set(words);
    words = w;
  };
  /** Keeps the spot of the answer `put` just kept, from a hash's words (address-hash.ts). */
  const placeHash = (hash: Int32Array) => {
    bucket[count] = (hash[0] as number) >>> (32 - BUCKET_BITS);
    words[count * WORDS] = hash[1] as number;
    words[count * WORDS + 1] = hash[2] as number;
    count += 1;
  };
  /**
   * Keeps the answer at the next index, whose spot the caller then places;
   * false when it is not kept: an 'unknown' (see OutcomeMemory.remember) or
   * one too long. A vendor's verdict keeps its status and vendor only (bucket.ts).
   */
  const put = (
    outcome: AddressOutcome,
    seconds: number,
    source?: VerdictVendor | null,
  ): boolean => {
    if (!Object.hasOwn(STATUS_CODE, outcome.status)) return false;
    const status = STATUS_CODE[outcome.status] as number;
    if (source) {
      if (count === size) grow();
      words[count * WORDS + 2] = seconds;
      words[count * WORDS + 3] = status | FROM_VENDOR | (vendorCode(source) << 8);
      return true;
    }
    const name = typeof outcome.provider === 'string' ? outcome.provider : null;
    // 1 + the name's index in `names`, -1 for a name not kept, 0 for none.
    let named = 0;
    if (name !== null) {
      let index = nameIndex.get(name);
      if (index === undefined) {
        index =
          Buffer.byteLength(name) > MAX_PROVIDER_BYTES || names.length >= MAX_NAMES
            ? -1
            : names.push(name) - 1;
        nameIndex.set(name, index);
      }
      if (index < 0) return false;
      named = index + 1;
    }
    const url = typeof outcome.avatarUrl === 'string' ? Buffer.from(outcome.avatarUrl) : null;
    if (url && url.length > MAX_AVATAR_URL_BYTES) return false;
    if (count === size) grow();
    const avatar = outcome.avatar == null ? 0 : outcome.avatar ? 2 : 1;
    words[count * WORDS + 2] = seconds;
    words[count * WORDS + 3] =
      status | (avatar << AVATAR_SHIFT) | (url ? URL_IN_TAIL : 0) | (named << 16);
    if (url) urls.set(count, url);
    return true;
  };
  return {
    /** Adds the answer for `address` (normalized); false when it is not kept (see put). */
    add(address: string, outcome: AddressOutcome, seconds: number): boolean {
      if (!put(outcome, seconds)) return false;
      placeHash(hashOfAddress(address));
      return true;
    },
    /**
     * Adds the answer for an address known by its spot (moved from an earlier
     * layout, a colleague's, a job's kept spots, or another vendor's verdict
     * when `source` is given).
     */
    addAt(
      spot: AddressSpot,
      outcome: AddressOutcome,
      seconds: number,
      source?: VerdictVendor | null,
    ): boolean {
      if (!put(outcome, seconds, source)) return false;
      bucket[count] = spot.bucket;
      words[count * WORDS] = spot.tag0;
      words[count * WORDS + 1] = spot.tag1;
      count += 1;
      return true;
    },
    get count() {
      return count;
    },
    done(): AnswerBatch {
      return {
        count,
        bucket: bucket.subarray(0, count),
        words: words.subarray(0, count * WORDS),
        names,
        urls,
      };
    },
  };
}

/**
 * The batch as bucket entries of `product`, its provider names turned into
 * the dictionary's `codes` (one per name, providers.ts): a name not in the
 * dictionary, and an avatar URL, go to the entry's tail item. With `order`
 * (byBucket's), entry q is answer order[q], so a bucket's entries lie side
 * by side and its merge reads them front to back; each answer's words are
 * read together (AnswerBatch.words), one wait for memory an answer.
 */
export function entriesOf(
  batch: AnswerBatch,
  codes: Uint8Array,
  product: number,
  order?: Uint32Array,
): Omit<BucketAdds, 'ids' | 'count'> {
  const { words, urls, names } = batch;
  const n = order ? order.length : batch.count;
  const tag0 = new Int32Array(n);
  const tag1 = new Int32Array(n);
  const checkedAt = new Uint32Array(n);
  const flags = new Uint8Array(n);
  const provider = new Uint8Array(n);
  const tails = new Map<number, Uint8Array>();
  const productFlag = product === 1 ? AVATAR_PRODUCT : 0;
  for (let q = 0; q < n; q++) {
    const i = order ? (order[q] as number) : q;
    const at = i * WORDS;
    tag0[q] = words[at] as number;
    tag1[q] = words[at + 1] as number;
    checkedAt[q] = words[at + 2] as number;
    const fourth = words[at + 3] as number;
    const kept = fourth & 0xff;
    const from = (fourth >>> 8) & 0xff;
    if (from !== 0) {
      // Another vendor's verdict: its number where a provider's code goes, nothing in the tail.
      flags[q] = kept;
      provider[q] = from;
      continue;
    }
    const name = fourth >>> 16;
    const code = name === 0 ? 0 : (codes[name - 1] as number);
    const inTail = name !== 0 && code === NOT_IN_DICTIONARY;
    flags[q] = kept | productFlag | (inTail ? PROVIDER_IN_TAIL : 0);
    provider[q] = code;
    const url = urls.size > 0 ? urls.get(i) : undefined;
    if (inTail || url) {
      const nameBytes = inTail ? Buffer.from(names[name - 1] as string) : null;
      const parts = nameBytes ? [Buffer.from([nameBytes.length]), nameBytes] : [];
      tails.set(q, Buffer.concat(url ? [...parts, url] : parts));
    }
  }
  return { tag0, tag1, checkedAt, flags, provider, tails, product };
}

/**
 * Whether entry `i` reads as an answer without decoding it: flags this layout
 * writes, and a provider code among the `known` first of the dictionary (a
 * vendor's number among the vendors', for a vendor's verdict).
 */
export function readableAt(value: Uint8Array, i: number, known: number): boolean {
  const flags = flagsOf(value, i);
  const code = providerOf(value, i);
  if (flags & FROM_VENDOR) return readableFlags(flags) && vendorOfCode(code) !== null;
  return (
    readableFlags(flags) &&
    (code === NOT_IN_DICTIONARY || (code <= known && (flags & PROVIDER_IN_TAIL) === 0))
  );
}

/**
 * Entry `i` of a bucket of `count` as the outcome it was, or null when it
 * does not read exactly (flags this layout does not write, a provider code
 * the dictionary does not hold, a tail item cut short or of another size).
 * `nameOf` is asked last: it may read the database, and `value` may be
 * lmdb's buffer of the last read (getBinaryFast), which that read replaces.
 */
export function outcomeAt(
  value: Uint8Array,
  count: number,
  i: number,
  nameOf: (code: number) => string | undefined,
): RecalledOutcome | null {
  const flags = flagsOf(value, i);
  const code = providerOf(value, i);
  const checkedAt = checkedAtOf(value, i);
  if (!readableFlags(flags)) return null;
  if (flags & FROM_VENDOR) {
    const source = vendorOfCode(code);
    if (source === null) return null;
    const status = STATUSES[(flags & STATUS_BITS) - 1] as (typeof STATUSES)[number];
    return {
      outcome: { status, provider: null, avatar: null, avatarUrl: null },
      checkedAt,
      source,
    };
  }
  if (code !== NOT_IN_DICTIONARY && flags & PROVIDER_IN_TAIL) return null;
  let provider: string | null = null;
  let avatarUrl: string | null = null;
  if (flags & (PROVIDER_IN_TAIL | URL_IN_TAIL)) {
    const item = tailOf(value, count, i);
    if (!item) return null;
    const bytes = Buffer.from(item.buffer, item.byteOffset, item.length);
    let at = 0;
    if (flags & PROVIDER_IN_TAIL) {
      const length = bytes[0];
      if (length === undefined || 1 + length > bytes.length) return null;
      provider = bytes.toString('utf8', 1, 1 + length);
      at = 1 + length;
    }
    if (flags & URL_IN_TAIL) avatarUrl = bytes.toString('utf8', at);
    else if (at !== bytes.length) return null;
  }
  if (code !== NOT_IN_DICTIONARY) {
    provider = nameOf(code) ?? null;
    if (provider === null) return null;
  }
  const avatar = (flags >> AVATAR_SHIFT) & 3;
  return {
    outcome: {
      status: STATUSES[(flags & STATUS_BITS) - 1] as (typeof STATUSES)[number],
      provider,
      avatar: avatar === 0 ? null : avatar === 2,
      avatarUrl,
    },
    checkedAt,
  };
}
