// The suppression list read by the import's worker thread as it writes the
// address file (lists/withheld-judge.ts), so a list is checked against it
// while the main thread is still parsing: each address's tags are probed in
// the list's filter (filter.ts), and only those it may hold are looked up in
// the list, a batch at a time in the keys' order (a million looked up one by
// one in list order took 3.3 s). LMDB shares one environment between the
// threads of a process: this opens the folder the store writes, never
// changes the list (it may write the filter again).
import { existsSync } from 'node:fs';
import type { Spots } from '../memory/address-hash';
import { log } from '../lib/log';
import {
  buildFilter,
  filterOf,
  filterPath,
  readFilter,
  writeFilter,
  type TagFilter,
} from './filter';
import { countOf, entriesOf, lookUpSpots, openRoot } from './store';

export interface SuppressionLookup extends TagFilter {
  /** Each spot's reason code (SUPPRESSION_REASONS' index + 1), 0 when it is not suppressed. */
  reasonsOf(spots: Spots): Uint8Array;
  close(): Promise<void>;
}

/** The account's list in `dir` (store.ts suppressionDir), or null when there is none yet. */
export async function openSuppressionLookup(
  dir: string,
  account: string,
): Promise<SuppressionLookup | null> {
  if (!existsSync(dir)) return null;
  const root = await openRoot(dir);
  const entries = entriesOf(root, account);
  const count = countOf(entries);
  const path = filterPath(dir, account);
  let words = await readFilter(path, count);
  if (!words) {
    // Keys are bucket (4 bytes), then the two tag words.
    function* tags(): Generator<readonly [number, number]> {
      for (const key of entries.getKeys({})) yield [key.readInt32BE(4), key.readInt32BE(8)];
    }
    words = buildFilter(count, tags());
    // Only the next import's time is lost when it cannot be kept.
    await writeFilter(path, words).catch((err: unknown) =>
      log.info(`suppression: the filter ${path} could not be kept`, err),
    );
  }
  const filter = filterOf(words);
  return {
    mayHave: filter.mayHave,
    reasonsOf: (spots) => lookUpSpots(entries, spots),
    close: () => root.close(),
  };
}
