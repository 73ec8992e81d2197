// Looking a list's addresses up in an account's suppression list (store.ts
// hasMany), given as the memory's spots: each is probed in the list's key
// table (key-table.ts), made from the list when the list has changed since,
// so a million addresses cost a probe each and no read of LMDB (a million
// looked up one by one in list order took 3.3 s).
import type { Database } from 'lmdb';
import { z } from 'zod';
import { log } from '../lib/log';
import { reasonCodeOf } from './entry-bytes';
import {
  buildKeyTable,
  keyTablePath,
  keyTableStands,
  readKeyTable,
  writeKeyTable,
  type KeyedReason,
} from './key-table';

const statsSchema = z.object({ entryCount: z.number().int().nonnegative() });

/** Entries in an account's list. */
export const countOf = (entries: Database<Buffer, Buffer>): number =>
  statsSchema.parse(entries.getStats()).entryCount;

/**
 * The key table of the account's list as it is: `held` while its file stands
 * (another process that changes the list deletes it), else from its file,
 * else made from the list and kept.
 */
export function keyTableFor(
  dir: string,
  account: string,
  entries: Database<Buffer, Buffer>,
  held: Int32Array | null,
): Int32Array {
  const count = countOf(entries);
  const path = keyTablePath(dir, account);
  if (held && keyTableStands(path, held, count)) return held;
  let words = readKeyTable(path, count);
  if (!words) {
    // A key is the bucket (4 bytes), then the two words of the tag (entry-bytes.ts).
    function* keyed(): Generator<KeyedReason> {
      const one = { bucket: 0, tag0: 0, tag1: 0, reason: 0 };
      for (const { key, value } of entries.getRange({})) {
        one.bucket = key.readUInt32BE(0);
        one.tag0 = key.readInt32BE(4);
        one.tag1 = key.readInt32BE(8);
        one.reason = reasonCodeOf(value);
        yield one;
      }
    }
    words = buildKeyTable(count, keyed());
    try {
      writeKeyTable(path, words);
    } catch (err) {
      // Only time is lost: it is made again at the next look-up.
      log.info(`suppression: the key table ${path} could not be kept`, err);
    }
  }
  return words;
}
