// The words of the suppression list shared by its parts: why an address is
// suppressed, one row of an export, and what a platform's format is made of.
import {
  SUPPRESSION_REASON_VIEWS,
  type SuppressionReasonView,
} from '../common/views/suppression-views';

export const SUPPRESSION_REASONS = SUPPRESSION_REASON_VIEWS;
export type SuppressionReason = SuppressionReasonView;

/** One row of an export, as the suppression list keeps it. */
export interface SuppressionRow {
  /** Normalized as the importer writes addresses (lib/addresses/address.ts), so the memory's hash matches. */
  address: string;
  reason: SuppressionReason;
  /** When the platform recorded it, as ISO 8601 UTC; null when the file does not say. */
  date: string | null;
  /** The platform's own words for it (a reason, an SMTP status, a bounce type); '' when none. */
  detail: string;
}

export type FormatId =
  | 'mailchimp-cleaned'
  | 'mailchimp-unsubscribed'
  | 'sendgrid-bounces'
  | 'sendgrid-blocks'
  | 'sendgrid-spam-reports'
  | 'sendgrid-invalid-emails'
  | 'sendgrid-unsubscribes'
  | 'mailgun-bounces'
  | 'mailgun-complaints'
  | 'mailgun-unsubscribes'
  | 'postmark-suppressions'
  | 'postmark-bounces'
  | 'ses-suppression-list'
  | 'manual';

/** The cells a format reads, by squashed header name; a missing column reads ''. */
export type Cells = Record<string, string>;

export interface Entry {
  address: string;
  reason: SuppressionReason;
  date: string;
  detail: string;
}

export interface FormatSpec {
  id: Exclude<FormatId, 'manual'>;
  label: string;
  /** Whether a file with these squashed header names (and this file name, lower case) is this format. */
  matches(names: ReadonlySet<string>, fileName: string): boolean;
  /** The squashed names it reads. */
  reads: readonly string[];
  /** The row as this format means it; the cells were checked by a zod schema of `reads` first. */
  entry(cells: Cells): Entry;
}
