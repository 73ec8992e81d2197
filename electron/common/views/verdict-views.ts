// What the window is told of another vendor's result file imported into the
// memory of answers (Settings → Other vendors' results). Types only (see views.ts).
import type { VerdictVendor } from '../catalogs/vendors';

export interface VerdictImportView {
  vendor: VerdictVendor;
  /** The file's name, never its path. */
  fileName: string;
  /** Rows read after the header. */
  rows: number;
  /** Verdicts remembered, by our status. */
  remembered: { deliverable: number; undeliverable: number };
  /** Verdicts that say nothing of the mailbox (catch-all, risky, unknown, …): not kept. */
  unknown: number;
  /** Words the vendor used that List Cleaner does not map, most rows first: not kept. */
  unmapped: { word: string; rows: number }[];
  /** Rows without a valid address, and verdicts older than an answer already remembered. */
  skipped: { noAddress: number; older: number };
  /** The day of the verdicts without their own date, YYYY-MM-DD. */
  date: string;
  /** The memory could not be used on this machine: nothing was remembered. */
  memoryUnavailable: boolean;
}
