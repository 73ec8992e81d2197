// What a finished job's results show: the outcomes, the rows and their
// filter, the domains, and what an export wrote. Types only (see views.ts).
import type { ExportFormat, RiskLevel, RowFlag, RowStatusName, StatusGroup } from '../model';
import type { JobView } from './job-views';
import type { VerdictVendor } from '../catalogs/vendors';
import type { RuleAction } from './rule-views';
import type { SuppressionReasonView } from './suppression-views';

export interface JobSummaryView {
  job: JobView;
  statuses: Record<RowStatusName, number>;
  /** Provider code → addresses with an outcome (email checks; bulk files carry none). */
  providers: Record<string, number>;
  columns: string[];
  addressColumn: number;
  /** Addresses the free checks saw a likely typo in: the export may add the address meant. */
  suggestions: number;
  /** What the export panel offers first: a workbook for a workbook, CSV for a text list. */
  exportFormat: ExportFormat;
}

/**
 * Which rows the results show, and which an export keeps when asked for "the
 * rows I see": a row passes a facet when it has any of its values, and the
 * filter when it passes every facet. An empty facet asks nothing.
 */
export interface RowFilter {
  outcomes: RowStatusName[];
  /** Provider codes, as JobSummaryView.providers names them. */
  providers: string[];
  /** Domains in lower case, as DomainStats names them. */
  domains: string[];
  findings: RowFlag[];
  /** Risk levels (risk/table.ts); absent or empty asks nothing. */
  risks?: RiskLevel[];
}

/** One domain's unique addresses in a job, by outcome and by what the free checks found. */
export interface DomainCounts {
  addresses: number;
  deliverable: number;
  undeliverable: number;
  unknown: number;
  /** Not checked: by the user's choice (throw-away domains, role addresses), or outside avatar coverage. */
  skipped: number;
  findings: { role: number; free: number; disposable: number; typo: number; noMail: number };
}

export interface DomainStats extends DomainCounts {
  domain: string;
}

/** The domains past the top ones, summed. */
export interface OtherDomains extends DomainCounts {
  /** How many domains they are. */
  domains: number;
}

/** A job's addresses by domain: the domains with the most, and the rest together. */
export interface DomainsView {
  /** Most addresses first. */
  top: DomainStats[];
  /** Every other domain, summed ("other domains"); null when there are none. */
  other: OtherDomains | null;
  /** Domains in all. */
  domains: number;
}

export interface JobRowView {
  /** 1-based, as a spreadsheet counts data rows. */
  row: number;
  address: string | null;
  status: RowStatusName | 'pending';
  provider: string | null;
  avatar: boolean | null;
  avatarUrl: string | null;
  /** A reused answer: when it was given (epoch seconds), and the vendor whose verdict it was, if any. */
  reused?: { checkedAt: number; source: VerdictVendor | null };
  /**
   * What decided the address: the suppression list's reason, or a rule (an
   * allow rule's row keeps the service's status); null for neither. The
   * window words it in its language.
   */
  why: RowWhy | null;
}

/** Why the suppression list or a rule decided a row: a reason's code, or the rule itself. */
export type RowWhy =
  { reason: SuppressionReasonView } | { rule: { action: RuleAction; value: string } };

/** The hard bounces to expect if rows were sent now, percent (electron/risk/forecast.ts). */
export interface BounceRange {
  rows: number;
  low: number;
  high: number;
}

/** What the export panel says before a choice of rows is saved, and whether it asks first. */
export interface ForecastView {
  kept: BounceRange;
  /** Only the low-risk rows of the whole list. */
  lowRisk: BounceRange;
  /** The user's limit (percent); null: none. */
  limit: number | null;
  /** The range's upper end is over the limit. */
  over: boolean;
}

export interface ExportView {
  /** For "Show in folder": main shows only files it wrote itself, by this id. */
  fileId: string;
  path: string;
  rowsWritten: number;
  rowsTotal: number;
  format: ExportFormat;
  /** The sheets a workbook was written on: more than one when the rows exceed a sheet's 1,048,576. */
  sheets: string[];
}

/** What "Save by status…" wrote: one file per group that has rows, in one folder. */
export interface StatusExportView {
  /** For "Show in folder", as ExportView's. */
  folderId: string;
  folder: string;
  format: ExportFormat;
  files: Array<{ group: StatusGroup; fileId: string; path: string; rows: number }>;
  /** Groups without rows: no file is written for them. */
  empty: StatusGroup[];
}
