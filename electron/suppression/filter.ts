// A compact set of the 64-bit tags of an account's suppressed addresses, kept
// beside the list (filter-<account>.bin), so a list's addresses are asked of
// LMDB only when they may be on it: a million look-ups in the keys' order
// cost some 0.4 s, a million probes here some 30 ms. A probe that finds a tag
// is confirmed in the list itself, so the filter decides nothing alone. The
// store forgets it whenever the list changes, and makes it again when next
// asked (from the file when it holds as many entries as the list, else from
// the list's keys, some 0.2 s a million, then kept for the next process).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tempPathFor } from '../lib/atomic-file';

const MAGIC = 0x4c435346; // "LCSF"
const HEAD_WORDS = 4; // magic, entries, slots, reserved

export const filterPath = (dir: string, account: string): string =>
  join(dir, `filter-${account}.bin`);

/** The filter's file is gone: the list changed. Never fails for a file that was not there. */
export const dropFilter = (dir: string, account: string): Promise<void> =>
  rm(filterPath(dir, account), { force: true });

export interface TagFilter {
  /** Whether an address with these tags may be on the list (never false for one that is). */
  mayHave(tag0: number, tag1: number): boolean;
}

/** Slot of a tag pair: its words mixed (they are a hash already), masked. */
const slotOf = (tag0: number, tag1: number, mask: number) =>
  (Math.imul(tag0 ^ (tag1 >>> 7), 0x9e3779b1) >>> 0) & mask;

/**
 * An open-addressed table of `count` tag pairs taken from `tags` (a pair at a
 * time), twice as many slots as entries: an Int32Array of [tag0, tag1] per
 * slot, a pair of zeros marking an empty one (a real 0,0 tag is kept in the
 * head's reserved word as a flag).
 */
export function buildFilter(count: number, tags: Iterable<readonly [number, number]>): Int32Array {
  let slots = 16;
  while (slots < count * 2) slots *= 2;
  const words = new Int32Array(HEAD_WORDS + slots * 2);
  words[0] = MAGIC;
  words[1] = count;
  words[2] = slots;
  const mask = slots - 1;
  for (const [tag0, tag1] of tags) {
    if (tag0 === 0 && tag1 === 0) {
      words[3] = 1;
      continue;
    }
    let slot = slotOf(tag0, tag1, mask);
    for (;;) {
      const at = HEAD_WORDS + slot * 2;
      if (words[at] === 0 && words[at + 1] === 0) {
        words[at] = tag0;
        words[at + 1] = tag1;
        break;
      }
      if (words[at] === tag0 && words[at + 1] === tag1) break;
      slot = (slot + 1) & mask;
    }
  }
  return words;
}

export function filterOf(words: Int32Array): TagFilter {
  const slots = words[2] as number;
  const mask = slots - 1;
  const zero = words[3] === 1;
  return {
    mayHave(tag0, tag1) {
      if (tag0 === 0 && tag1 === 0) return zero;
      for (let slot = slotOf(tag0, tag1, mask); ; slot = (slot + 1) & mask) {
        const at = HEAD_WORDS + slot * 2;
        const a = words[at] as number;
        const b = words[at + 1] as number;
        if (a === tag0 && b === tag1) return true;
        if (a === 0 && b === 0) return false;
      }
    },
  };
}

/** The filter kept for a list of `entries` entries, or null when there is none that fits. */
export function readFilter(path: string, entries: number): Int32Array | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return null;
  }
  if (bytes.length < HEAD_WORDS * 4 || bytes.length % 4 !== 0) return null;
  const words = new Int32Array(bytes.length / 4);
  new Uint8Array(words.buffer).set(bytes);
  const slots = words[2] as number;
  const fits =
    words[0] === MAGIC &&
    words[1] === entries &&
    slots > 0 &&
    (slots & (slots - 1)) === 0 &&
    words.length === HEAD_WORDS + slots * 2;
  return fits ? words : null;
}

/** Keeps the filter at `path`, whole or not at all (written at once: the next look-up reads it). */
export function writeFilter(path: string, words: Int32Array): void {
  const tmp = tempPathFor(path);
  writeFileSync(tmp, new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
  renameSync(tmp, path);
}

/** Whether a filter made for a list of `entries` entries is still the list's (its file is there). */
export const filterStands = (path: string, words: Int32Array, entries: number): boolean =>
  words[1] === entries && existsSync(path);
