// The shapes shared by reading a list and writing it back: what an import
// produces, and what a merge needs to put outcomes next to the original rows.
import type { VerdictVendor } from '../common/catalogs/vendors';
import type { ListCounts } from '../common/views/views';
import type { Rule } from '../rules/types';

export type { ListCounts } from '../common/views/views';

export type Encoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type Delimiter = ',' | ';' | '\t' | '|';

/** The class of a row's address cell, decided while reading. */
export const RowClass = {
  /** The first row with this valid address: it is sent to the service. */
  valid: 0,
  /** A repeat of an earlier row's address: gets the status 'duplicate', free. */
  duplicate: 1,
  /** Not an email address: 'invalid', never sent, never paid. */
  invalid: 2,
  /** No address in the cell (or the row is too short to have the column): 'invalid'. */
  empty: 3,
} as const;
export type RowClass = (typeof RowClass)[keyof typeof RowClass];

export interface ColumnCandidate {
  index: number;
  /** The header cell, or "Column 3" when the file has no header row. */
  name: string;
  /** 0..1: how sure we are that this column holds the addresses. */
  confidence: number;
  /** Share of non-empty sampled cells that look like an address. */
  addressShare: number;
  /** The header names it as an email column. */
  headerMatch: boolean;
}

export interface ImportedList {
  /** The input file, never modified. */
  sourcePath: string;
  sourceBytes: number;
  encoding: Encoding;
  delimiter: Delimiter;
  /** The input's line ending, used again when writing. */
  newline: '\r\n' | '\n' | '\r';
  hasHeader: boolean;
  /** Header cells, or generated names ("Column 1") without a header row. */
  columns: string[];
  column: ColumnCandidate;
  /** Every column with its score, best first. */
  candidates: ColumnCandidate[];
  counts: ListCounts;
  /** The first 50 data rows, as parsed. */
  preview: string[][];
  /** One unique valid address per line (normalized), in first-seen order. */
  addressesPath: string;
  /** Per data row: index into the unique addresses (or -1), and its RowClass; see row-index.ts. */
  rowIndexPath: string;
  /**
   * Where each data row lies in sourcePath and its count of cells (row-spans.ts),
   * with where the first starts (after the header, in bytes past the byte
   * order mark): kept for UTF-8 lists, whose export then copies rows as they
   * are; absent on other lists and on lists kept before.
   */
  spans?: { path: string; dataStart: number };
  /** The free checks of the unique addresses (free-checks.ts); absent on lists kept before them. */
  findings?: ListFindings;
  /**
   * What keeps each address from being sent (lists/judge/withheld.ts), with the
   * rules its codes name; absent when neither a suppression list nor a rule
   * applied, and on lists kept before them.
   */
  withheld?: { withheldPath: string; rules: Rule[] };
  /**
   * Set when the list was read from a workbook: sourcePath is then the chosen
   * sheet's rows as the cells showed them, written as UTF-8 CSV beside it,
   * which every later step (the rows, the exports) reads as any text list.
   */
  workbook?: WorkbookSource;
}

/** A sheet of a workbook as the import surveyed it. */
export interface SheetSummary {
  /** 0-based, in the workbook's order, hidden sheets included. */
  index: number;
  name: string;
  hidden: boolean;
  /** Data rows: below the header and any title rows, as counted or as the sheet states. */
  rows: number;
  hasAddresses: boolean;
}

export interface WorkbookSource {
  /** The job's copy of the workbook, read again when another sheet is chosen. */
  path: string;
  /** The workbook's size: what the review shows (sourceBytes is the sheet's CSV copy's). */
  bytes: number;
  /** The index of the sheet read. */
  sheet: number;
  sheets: SheetSummary[];
  /** Rows above the header that are not part of the table (a title, a date), not read. */
  skippedRows: number;
}

/** What the free checks found among a list's unique addresses, worked out at import. */
export interface ListFindings {
  /** Unique addresses with each finding. */
  role: number;
  disposable: number;
  free: number;
  typo: number;
  /** Unique addresses at domains that cannot receive mail, by a DNS that could be believed. */
  noMail: number;
  /** Distinct domains, and those the DNS could not tell about (in time, or at all). */
  domains: number;
  domainsUnknown: number;
  /** 'unavailable': no DNS answer could be believed here, so nothing counts as "no mail server". */
  dns: 'checked' | 'unavailable';
  /** The first typo suggestions, in list order (all are in suggestionsPath). */
  suggestions: Array<{ index: number; address: string; suggestion: string }>;
  /** One byte of flags per unique address (free-checks.ts). */
  findingsPath: string;
  /** Every suggestion, as JSON [unique index, address meant] pairs. */
  suggestionsPath: string;
}

/** What the service said about one unique address. */
export interface AddressOutcome {
  status: 'deliverable' | 'undeliverable' | 'unknown';
  provider?: string | null;
  avatar?: boolean | null;
  avatarUrl?: string | null;
}

/**
 * An address's outcome in a job: the service's answer (paid, or reused from
 * the memory of answers paid before), or one found for free: a domain that
 * takes no mail (undeliverable), an address the user chose not to pay for
 * (disposable, role), one an avatar check does not cover (not_covered), or
 * one the account's suppression list (suppressed) or a block rule (blocked)
 * keeps from being sent.
 */
export interface JobOutcome extends Omit<AddressOutcome, 'status'> {
  status:
    AddressOutcome['status'] | 'disposable' | 'role' | 'not_covered' | 'suppressed' | 'blocked';
  /** paid (the default): answered for this job; reused: from the memory; local: found here, free. */
  origin?: 'paid' | 'reused' | 'local';
  /** Epoch seconds the service gave a reused answer. */
  checkedAt?: number | null;
  /** A reused answer that was another vendor's verdict (verdicts/): which vendor. */
  source?: VerdictVendor | null;
}

export type { AppendedColumn, ExportFilter, RowStatusName as RowStatus } from '../common/model';
