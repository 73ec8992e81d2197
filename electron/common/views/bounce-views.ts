// What a platform's bounce report, matched to a finished job, is shown as: in
// the results' Bounces tab and by `list-cleaner bounces`. Only a hard bounce
// of an address we called deliverable is evidence of a wrong verdict (what a
// vendor asks for to refund it); a soft bounce is a full mailbox or a server
// busy for a while, and complaints and unsubscribes are no bounces at all.

/** The bounces of addresses we called deliverable, by kind. */
export interface BouncedDeliverable {
  /** Hard bounces: the evidence file's rows. */
  hard: number;
  /** Soft bounces: temporary, not evidence of a wrong verdict. */
  soft: number;
  /** Rows of a plain list, or of a kind the platform did not say: not evidence either. */
  unspecified: number;
  /** Of the hard ones: verdicts this job paid for, and verdicts reused from the account's memory. */
  paid: number;
  reused: number;
  /**
   * Of the hard ones: bounced before our verdict was given (a reused verdict's
   * earlier check, or a list sent before it was checked), which a vendor may not count.
   */
  beforeVerdict: number;
  /** The earliest and latest hard bounce the report dates (ISO 8601); null when it dates none. */
  firstBounce: string | null;
  lastBounce: string | null;
  /** The earliest and latest verdict of the hard-bounced addresses (ISO 8601); null when none. */
  firstVerdict: string | null;
  lastVerdict: string | null;
}

export interface BounceReportView {
  jobId: string;
  /** The report's file name, as the user dropped it. */
  fileName: string;
  /** The export it was read as ("Postmark bounces", or "List of addresses"). */
  format: string;
  /** Rows read, and of them those without a valid address (left out). */
  rows: number;
  skipped: number;
  /** Distinct addresses in the report. */
  addresses: number;
  /** Of them, in this job's list, and not in it. */
  inList: number;
  notInList: number;
  /** Bounces (hard, soft or unspecified) of the list's addresses, by our verdict. */
  deliverable: BouncedDeliverable;
  undeliverable: number;
  unknown: number;
  /** Bounced addresses with another outcome: left out by a free check, suppressed, not covered. */
  otherVerdict: number;
  /** Complaints and unsubscribes of the list's addresses: no bounces, no evidence. */
  complaints: number;
  unsubscribes: number;
  /** Hard bounces, complaints and unsubscribes put on the suppression list: new, and already on it. */
  suppressed: { added: number; already: number };
  /** Rows of the evidence file (the hard bounces of addresses we called deliverable). */
  evidenceRows: number;
  /** When the report was matched (ISO 8601). */
  matchedAt: string;
}

/** The evidence file saved where the user chose. */
export interface BounceEvidenceView {
  /** For "Show in folder": main shows only files it wrote itself, by this id. */
  fileId: string;
  path: string;
  rows: number;
}
