// A list's dates read from the memory (OutcomeMemory.datesOf): for each of
// its addresses, given as spots (address-hash.ts), when the newest answer that
// may serve it was given, a bucket at a time in bucket order, each look-up a
// binary search of its bucket, nothing decoded.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BUCKETS, bucketOrderOf, type Spots } from '../lib/addresses/address-hash';
import { readableAt } from './buckets/answers';
import {
  checkedAtOf,
  countOf,
  flagsOf,
  lowerBound,
  productOfFlags,
  tag0At,
  tag1At,
} from './buckets/bucket';
import type { MapBudget } from './map-budget';
import type { RecalledList } from './outcome-memory';

/** Buckets walked between two turns of the event loop, where the store may be let go of. */
export const STEP = 8_192;

/** The checkedAt (epoch seconds) an answer must fall within to be reused. */
export interface Window {
  from: number;
  to: number;
}

/** No dates for any of the spots. */
export const noDates = (spots: Spots): RecalledList => ({
  email: new Uint32Array(spots.count),
  avatar: new Uint32Array(spots.count),
});

/** What datesIn needs of the open memory. */
export interface BucketReader {
  bucketAt: (bucket: number) => Buffer | undefined;
  warnOnce: (what: string) => void;
  /** Let go of the map between steps (the caller holds the store). */
  map: MapBudget;
  /** Codes of the provider dictionary known when the reading starts. */
  known: number;
  /** Throws once the memory is closed. */
  open: () => void;
}

/**
 * The date of entry i of a bucket if it is an answer within `window` (its
 * provider among the `known` first of the dictionary), 0 if not, -1 if it
 * does not read as an answer at all.
 */
export function dateWithin(value: Uint8Array, i: number, window: Window, known: number): number {
  if (!readableAt(value, i, known)) return -1;
  const checkedAt = checkedAtOf(value, i);
  return checkedAt >= window.from && checkedAt <= window.to ? checkedAt : 0;
}

/**
 * The dates of every spot's answers within `window`, a bucket at a time, in
 * bucket order: each look-up a binary search of its bucket, nothing decoded.
 */
export async function datesIn(
  spots: Spots,
  window: Window,
  memory: BucketReader,
): Promise<RecalledList> {
  const { bucketAt, warnOnce, known, open, map } = memory;
  const { email, avatar } = noDates(spots);
  const { order, starts, tags } = bucketOrderOf(spots);
  for (let bucket = 0; bucket < BUCKETS; bucket++) {
    if (bucket % STEP === STEP - 1) {
      await nextTurn();
      open();
      await map.settle();
    }
    const first = starts[bucket] as number;
    const last = starts[bucket + 1] as number;
    if (first === last) continue;
    const value = bucketAt(bucket);
    if (!value) continue;
    const count = countOf(value);
    for (let q = first; q < last; q++) {
      const t0 = tags[2 * q] as number;
      for (let i = lowerBound(value, count, t0); i < count && tag0At(value, i) === t0; i++) {
        if (tag1At(value, i) !== tags[2 * q + 1]) continue;
        const checkedAt = dateWithin(value, i, window, known);
        if (checkedAt < 0) warnOnce('a record could not be read');
        if (checkedAt <= 0) continue;
        const id = order[q] as number;
        // An email + avatar answer serves an email check too; never the reverse.
        if (productOfFlags(flagsOf(value, i)) === 1) avatar[id] = checkedAt;
        if (checkedAt > (email[id] as number)) email[id] = checkedAt;
      }
    }
  }
  return { email, avatar };
}
