// An account's suppression list as a table of its keys and their reasons,
// kept beside the list (keys-<account>.bin), so a list's addresses are looked
// up without asking LMDB: a million look-ups in LMDB cost some 0.4 s in the
// keys' order, a million here some 25 ms. The keys are laid out as the
// memory's buckets are (lib/addresses/address-hash.ts): where each bucket's entries
// start, then every entry's two tag words and its reason, in bucket order. A
// list's addresses are walked a bucket at a time, in the order the memory's
// look-up has already made (bucketOrderOf), so the table is read front to
// back, and each address is compared with the few entries of its bucket
// (some 8 in a million): the whole key, so the table answers exactly as the
// list would. The store forgets it whenever the list changes (here, or in
// another process: the file is deleted), and makes it again when next asked:
// from the file when it was made for as many entries, else from the list,
// some 0.4 s a million, then kept for the next process.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tempPathFor } from '../lib/files/atomic-file';
import { BUCKETS, bucketOrderOf, type Spots } from '../lib/addresses/address-hash';

const MAGIC = 0x4c43534b; // "LCSK"
const HEAD_WORDS = 4; // magic, entries, two reserved

export const keyTablePath = (dir: string, account: string): string =>
  join(dir, `keys-${account}.bin`);

/** The table's file is gone: the list changed. Never fails for a file that was not there. */
export const dropKeyTable = (dir: string, account: string): Promise<void> =>
  rm(keyTablePath(dir, account), { force: true });

/** One entry of the list: its key and its reason code (suppression/entry-bytes.ts reasonCodeOf, 1 up). */
export interface KeyedReason {
  bucket: number;
  tag0: number;
  tag1: number;
  reason: number;
}

/** Words of a table of `entries` entries: the head, the buckets' starts, the tags, the reasons' bytes. */
const wordsOf = (entries: number): number =>
  HEAD_WORDS + BUCKETS + 1 + entries * 2 + Math.ceil(entries / 4);

/** The parts of a table's words. */
function partsOf(words: Int32Array) {
  const entries = words[1] as number;
  const at = HEAD_WORDS + BUCKETS + 1;
  const buffer = words.buffer;
  const offset = words.byteOffset;
  return {
    starts: new Uint32Array(buffer, offset + HEAD_WORDS * 4, BUCKETS + 1),
    tag0: words.subarray(at, at + entries),
    tag1: words.subarray(at + entries, at + entries * 2),
    reasons: new Uint8Array(buffer, offset + (at + entries * 2) * 4, entries),
  };
}

/** The table of `count` entries (any order; an entry whose bucket is out of range is left out). */
export function buildKeyTable(count: number, entries: Iterable<KeyedReason>): Int32Array {
  const bucket = new Uint32Array(count);
  const tag0 = new Int32Array(count);
  const tag1 = new Int32Array(count);
  const reason = new Uint8Array(count);
  let n = 0;
  for (const entry of entries) {
    if (n === count) break;
    bucket[n] = entry.bucket;
    tag0[n] = entry.tag0;
    tag1[n] = entry.tag1;
    reason[n] = entry.reason;
    n += 1;
  }
  const { order, starts } = bucketOrderOf({ count: n, bucket: bucket.subarray(0, n), tag0, tag1 });
  const words = new Int32Array(wordsOf(order.length));
  words[0] = MAGIC;
  words[1] = order.length;
  const table = partsOf(words);
  table.starts.set(starts);
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    table.tag0[k] = tag0[i] as number;
    table.tag1[k] = tag1[i] as number;
    table.reasons[k] = reason[i] as number;
  }
  return words;
}

/** The reason code of each of `spots` on the list (0 for none), in their order. */
export function reasonsIn(words: Int32Array, spots: Spots): Uint8Array {
  const { starts: from, tag0: t0, tag1: t1, reasons } = partsOf(words);
  const found = new Uint8Array(spots.count);
  const { order, starts, tags } = bucketOrderOf(spots);
  for (let b = 0; b < BUCKETS; b++) {
    const first = from[b] as number;
    const last = from[b + 1] as number;
    if (first === last) continue;
    for (let q = starts[b] as number, end = starts[b + 1] as number; q < end; q++) {
      const a = tags[2 * q] as number;
      const c = tags[2 * q + 1] as number;
      for (let e = first; e < last; e++) {
        if (t0[e] === a && t1[e] === c) {
          found[order[q] as number] = reasons[e] as number;
          break;
        }
      }
    }
  }
  return found;
}

/** The table kept for a list of `entries` entries, or null when there is none that fits. */
export function readKeyTable(path: string, entries: number): Int32Array | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return null;
  }
  if (bytes.length % 4 !== 0 || bytes.length !== wordsOf(entries) * 4) return null;
  // A file this size is read into a buffer of its own, aligned: viewed, not copied.
  const words =
    bytes.byteOffset % 4 === 0
      ? new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
      : new Int32Array(new Uint8Array(bytes).buffer);
  if (words[0] !== MAGIC || words[1] !== entries) return null;
  const { starts } = partsOf(words);
  // Starts that run backwards or past the entries would walk off the table.
  for (let b = 0; b < BUCKETS; b++)
    if ((starts[b] as number) > (starts[b + 1] as number)) return null;
  return starts[0] === 0 && starts[BUCKETS] === entries ? words : null;
}

/** Keeps the table at `path`, whole or not at all (written at once: the next look-up reads it). */
export function writeKeyTable(path: string, words: Int32Array): void {
  const tmp = tempPathFor(path);
  try {
    writeFileSync(tmp, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
    renameSync(tmp, path);
  } catch (err) {
    // A full disk, or Windows refusing the rename while another process reads the table.
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Whether a table made for a list of `entries` entries is still the list's (its file is there). */
export const keyTableStands = (path: string, words: Int32Array, entries: number): boolean =>
  words[1] === entries && existsSync(path);
