// The suppression list read by the import's worker thread, one address at a
// time as it writes the address file (lists/withheld-judge.ts), so a list is
// checked against it while the main thread is still parsing. LMDB shares one
// environment between the threads of a process: this opens the folder the
// store writes, never changes it.
import { existsSync } from 'node:fs';
import { spotOfAddress } from '../memory/address-hash';
import { keyOfSpot, KEY_BYTES, reasonCodeOf } from './entry-bytes';
import { entriesOf, openRoot } from './store';

export interface SuppressionLookup {
  /** The address's reason code (SUPPRESSION_REASONS' index + 1), 0 when it is not suppressed. */
  reasonOf(address: string): number;
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
  const key = Buffer.allocUnsafe(KEY_BYTES);
  return {
    reasonOf(address) {
      const spot = spotOfAddress(address);
      const value = entries.getBinaryFast(keyOfSpot(spot.bucket, spot.tag0, spot.tag1, key));
      return value === undefined || value.length === 0 ? 0 : reasonCodeOf(value);
    },
    close: () => root.close(),
  };
}
