// The suppression list read by the import's worker thread as it writes the
// address file (lists/withheld-judge.ts), a batch of addresses at a time in
// the keys' order (a million looked up one by one in list order took 3.3 s,
// in key order well under one), so a list is checked against it while the
// main thread is still parsing. LMDB shares one environment between the
// threads of a process: this opens the folder the store writes, never
// changes it.
import { existsSync } from 'node:fs';
import type { Spots } from '../memory/address-hash';
import { entriesOf, lookUpSpots, openRoot } from './store';

export interface SuppressionLookup {
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
  return {
    reasonsOf: (spots) => lookUpSpots(entries, spots),
    close: () => root.close(),
  };
}
