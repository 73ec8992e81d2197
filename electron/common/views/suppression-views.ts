// What the window is shown of the account's suppression list (Settings →
// Suppression list): its files with their counts, what an import added, and
// one address's entry.

/**
 * Why an address is on the list; its index + 1 is the reason's code in a
 * job's withheld.bin (suppression/entry-bytes.ts), so names are only added at the end.
 */
export const SUPPRESSION_REASON_VIEWS = [
  'hard_bounce',
  'soft_bounce',
  'complaint',
  'unsubscribe',
  'manual',
  'other',
] as const;
export type SuppressionReasonView = (typeof SUPPRESSION_REASON_VIEWS)[number];

export interface SuppressionSourceView {
  /** The file's name (never its path). */
  name: string;
  /** When it was last added, ISO 8601 UTC. */
  addedAt: string;
  /** Its entries still on the list (not removed, nor replaced by a later file). */
  entries: number;
}

export interface SuppressionSummaryView {
  /** Addresses on the list. */
  count: number;
  /** Whether the list is the team's (a team store is connected), not this computer's. */
  team: boolean;
  /** Newest first. */
  sources: SuppressionSourceView[];
}

export interface SuppressionImportView {
  fileName: string;
  /** The recognised export, in words: "Mailchimp cleaned members", "A list of addresses". */
  label: string;
  /** Rows after the header. */
  rows: number;
  added: number;
  replaced: number;
  /** Rows without a valid address, left out. */
  skipped: number;
  /** The list afterwards. */
  summary: SuppressionSummaryView;
}

export interface SuppressionEntryView {
  address: string;
  reason: SuppressionReasonView;
  /** When the platform recorded it, ISO 8601 UTC; null when the file did not say. */
  date: string | null;
  /** The file it came from; '' when that file's record is gone. */
  source: string;
  /** The platform's own words. */
  detail: string;
}
