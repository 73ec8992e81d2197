// What the review of an imported list shows before anything is paid: how the
// file was read, its address column, what the free checks found, the sample
// and the estimate. Types only (see views.ts).
import type { JobProduct, OthersChoice } from '../model';
import type { JobView, RepeatOf } from './job-views';
import type { SuppressionReasonView } from './suppression-views';

export interface ColumnView {
  index: number;
  name: string;
  confidence: number;
  addressShare: number;
  headerMatch: boolean;
}

/** What reading a list found, row by row. */
export interface ListCounts {
  /** Data rows (the header row not counted). */
  rows: number;
  /** Unique valid addresses: what will be sent and paid for. */
  unique: number;
  invalid: number;
  empty: number;
  duplicates: number;
  /** Rows with a different number of fields than the header (kept as they are). */
  ragged: number;
}

/** What the review panel shows of an imported list. */
export interface ImportView {
  job: JobView;
  fileName: string;
  sizeBytes: number;
  /** In words: "UTF-8 with BOM", "Windows-1252", … */
  encoding: string;
  /** In words: "comma", "semicolon", "tab", "pipe". */
  delimiter: string;
  hasHeader: boolean;
  columns: string[];
  column: ColumnView;
  candidates: ColumnView[];
  counts: ListCounts;
  preview: string[][];
  /** What the free checks found among the unique addresses; null for a list kept before them. */
  findings: FindingsView | null;
  /** The sample checked before the rest, if one was. */
  sample: SampleView | null;
  /** For a workbook: its sheets and the one read; null for a text list. */
  workbook: WorkbookView | null;
  /** The list was checked before: when, and what of it can be reused now. */
  seenBefore: SeenBeforeView | null;
}

/** A list recognised, as it comes in, as one checked before. */
export interface SeenBeforeView extends RepeatOf {
  fileName: string;
  /** When the earlier job finished. */
  checkedAt: string;
  /** Its addresses' answers the memory holds within the reuse window: free on Start. Null when reuse is off or the memory cannot be used here. */
  reusable: number | null;
  /** The reuse window, in days (Settings). */
  reuseDays: number;
}

/** A sheet of a workbook, as the review's sheet picker lists it. */
export interface SheetView {
  /** 0-based, in the workbook's order (hidden sheets included). */
  index: number;
  name: string;
  hidden: boolean;
  /** Data rows (below the header and any title rows), as counted or as the sheet states. */
  rows: number;
  /** A column of this sheet looks like email addresses. */
  hasAddresses: boolean;
}

export interface WorkbookView {
  /** The index of the sheet read. */
  sheet: number;
  sheets: SheetView[];
  /** Rows above the header that are not part of the table (a title, a date): skipped. */
  skippedRows: number;
}

/** Which addresses not to pay for, as the review's "Don't pay for" boxes say. */
export interface SkipChoice {
  disposable: boolean;
  noMail: boolean;
  role: boolean;
}

/**
 * A random sample checked before the rest (paid; its outcomes count toward
 * the job) and what it projects for the whole list.
 */
export interface SampleView {
  product: JobProduct;
  size: number;
  deliverable: number;
  undeliverable: number;
  unknown: number;
  /** Share of deliverable addresses among those sent, projected, with its 95% interval. */
  share: number;
  low: number;
  high: number;
  chargedMicros: number | null;
  checkedAt: string;
}

/** The free checks' findings, as counts of unique addresses, shown before anything is paid. */
export interface FindingsView {
  role: number;
  disposable: number;
  free: number;
  typo: number;
  /** At domains that cannot receive mail. */
  noMail: number;
  /** 'unavailable': the DNS could not be used, so no address counts as "no mail server". */
  dns: 'checked' | 'unavailable';
  /** The first likely typos with the address probably meant (the address itself is kept). */
  suggestions: Array<{ address: string; suggestion: string }>;
}

export interface ImportProgressView {
  /** The file's token, as the window knows it. */
  token: string;
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export interface EstimateView {
  unique: number;
  /** What will be sent and paid for, after what is skipped, reused or sampled already. */
  toSend: number;
  skipped: { disposable: number; noMail: number; role: number };
  /** Answered within the reuse window: taken from memory, free; when the oldest and newest were given. */
  reused: { count: number; days: number; oldest: string | null; newest: string | null };
  /** Checked by the sample already. */
  sampled: number;
  /** Left out by the suppression list and the block rules, and sent by the allow rules, by why. */
  withheld: WithheldView;
  unitPriceMicros: number | null;
  /** Where the unit price comes from: the app's own (demo), learned from a charge, or entered in Settings. */
  priceSource: 'known' | 'learned' | 'entered' | null;
  estimateMicros: number | null;
  /** What the free steps saved at the unit price: null while it is not known. */
  savings: {
    cleanedMicros: number;
    skippedMicros: number;
    reusedMicros: number;
    /** Suppressed and blocked addresses. */
    withheldMicros: number;
  } | null;
  limitMicros: number | null;
  /** The estimate is over the limit (or cannot be told against it): Start asks first. */
  overLimit: boolean;
  /** Null while the service refuses for a while: it is read again at the start, and the job waits. */
  balanceMicros: number | null;
  /** How the addresses will be sent: 'multi' (synchronous checks) or 'bulk' (bulk tasks). */
  route: 'multi' | 'bulk';
  /** Bulk tasks the addresses sent will take (the service's limits per file); 0 for 'multi'. */
  bulkTasks: number;
  /** Email + avatar: the addresses left to check, by the avatar check's coverage; null for Email. */
  coverage: CoverageView | null;
}

/** Addresses of a coverage group and what checking them costs (null: a price not known yet). */
export interface CoverageGroup {
  count: number;
  costMicros: number | null;
}

/**
 * At providers the avatar check does not cover: not sent and free (`others`
 * 'skip', status not_covered), or checked with Email at its price ('email').
 */
export interface OutsideGroup extends CoverageGroup {
  others: OthersChoice;
}

/**
 * The addresses an Email + avatar job would check, after the free steps, by
 * where the avatar check stands on their domains (known from the service's
 * own answers, or for the demo from its table).
 */
export interface CoverageView {
  /** At providers it covers: checked with Email + avatar, by bulk task or multi check. */
  covered: CoverageGroup;
  outside: OutsideGroup;
  /** At domains not known yet: avatar multi checks, where an uncovered address is not charged. */
  unknown: CoverageGroup;
}

/** The groups the review names: each kind left out (or let through) and what decided it. */
export interface WithheldView {
  /** On the account's suppression list: never sent; by reason, most first. */
  suppressed: Array<{ reason: SuppressionReasonView; count: number }>;
  /** Decided by a block rule: never sent; by rule, most first. */
  blocked: Array<{ rule: string; count: number }>;
  /** Sent because an allow rule decides them, though a free check would have left them out. */
  allowed: Array<{ rule: string; count: number }>;
}
