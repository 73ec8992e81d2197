// Looking a list's addresses up in an account's suppression list (store.ts
// hasMany), given as the memory's spots: only those the list's filter may
// hold (filter.ts) are asked of LMDB, and those in the keys' order, so a
// million addresses cost a probe each and a look-up for the few on the list
// (a million looked up one by one in list order took 3.3 s).
import type { Database } from 'lmdb';
import { z } from 'zod';
import { log } from '../lib/log';
import { byBucket, type Spots } from '../memory/address-hash';
import { KEY_BYTES, keyOfSpot, reasonCodeOf } from './entry-bytes';
import {
  buildFilter,
  filterPath,
  filterStands,
  readFilter,
  writeFilter,
  type TagFilter,
} from './filter';

const statsSchema = z.object({ entryCount: z.number().int().nonnegative() });

/** Entries in an account's list. */
export const countOf = (entries: Database<Buffer, Buffer>): number =>
  statsSchema.parse(entries.getStats()).entryCount;

/** hasMany: each spot's key looked up in bucket order, into one scratch key. */
function lookUpSpots(entries: Database<Buffer, Buffer>, spots: Spots): Uint8Array {
  const found = new Uint8Array(spots.count);
  const scratch = Buffer.allocUnsafe(KEY_BYTES);
  const { order, starts } = byBucket(spots.bucket);
  const total = starts[starts.length - 1] as number;
  for (let k = 0; k < total; k++) {
    const i = order[k] as number;
    const key = keyOfSpot(
      spots.bucket[i] as number,
      spots.tag0[i] as number,
      spots.tag1[i] as number,
      scratch,
    );
    const value = entries.getBinaryFast(key);
    if (value !== undefined && value.length > 0) found[i] = reasonCodeOf(value);
  }
  return found;
}

/**
 * The reasons of `spots` (see hasMany): only those the list's filter may hold
 * are looked up, so a list with few suppressed addresses costs a probe each.
 */
export function reasonsThrough(
  entries: Database<Buffer, Buffer>,
  filter: TagFilter,
  spots: Spots,
): Uint8Array {
  const places: number[] = [];
  for (let i = 0; i < spots.count; i++) {
    if (filter.mayHave(spots.tag0[i] as number, spots.tag1[i] as number)) places.push(i);
  }
  const found = new Uint8Array(spots.count);
  if (places.length === 0) return found;
  const candidates = {
    count: places.length,
    bucket: Uint32Array.from(places, (i) => spots.bucket[i] as number),
    tag0: Int32Array.from(places, (i) => spots.tag0[i] as number),
    tag1: Int32Array.from(places, (i) => spots.tag1[i] as number),
  };
  const reasons = lookUpSpots(entries, candidates);
  places.forEach((i, k) => (found[i] = reasons[k] as number));
  return found;
}

/**
 * The filter of the account's list as it is: `held` while its file stands
 * (another process that changes the list deletes it), else from its file,
 * else made from the keys and kept.
 */
export function filterFor(
  dir: string,
  account: string,
  entries: Database<Buffer, Buffer>,
  held: Int32Array | null,
): Int32Array {
  const count = countOf(entries);
  const path = filterPath(dir, account);
  if (held && filterStands(path, held, count)) return held;
  let words = readFilter(path, count);
  if (!words) {
    // A key is the bucket (4 bytes), then the two words of the tag.
    function* tags(): Generator<readonly [number, number]> {
      for (const key of entries.getKeys({})) yield [key.readInt32BE(4), key.readInt32BE(8)];
    }
    words = buildFilter(count, tags());
    try {
      writeFilter(path, words);
    } catch (err) {
      // Only time is lost: it is made again at the next look-up.
      log.info(`suppression: the filter ${path} could not be kept`, err);
    }
  }
  return words;
}
