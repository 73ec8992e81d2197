// What the window and the command line are shown: the views main builds and
// every process reads. Types only, with no dependencies, so the window's
// bundle stays free of main's code; the IPC contract checks them with its
// schemas (electron/ipc/contract.ts).
import type {
  ExportFormat,
  JobProduct,
  JobStateName,
  RowFlag,
  RowStatusName,
  StatusGroup,
  Theme,
} from './model';

/** What the renderer may know about the account: never the key itself. */
export interface AccountStatus {
  mode: 'none' | 'demo' | 'key';
  /** Last four characters of the key, for "…1a2b"; null unless mode is 'key'. */
  keyLast4: string | null;
  /** Where the key lives: the OS keychain, or only this run's memory. */
  storage: 'keychain' | 'memory' | null;
  /** Set when the key cannot be kept across restarts, in words for the user. */
  storageWarning: string | null;
  baseUrl: string;
  /** The host the key was proven against ("api.example.com"); null unless mode is 'key'. */
  keyHost: string | null;
  /**
   * The service address now points at another host than the key was proven
   * for: the key is not sent there until the user confirms it (or enters it again).
   */
  keyUnconfirmed: boolean;
}

export interface Balance {
  balanceMicros: number;
  /** ISO 8601 time the balance was read from the service. */
  fetchedAt: string;
}

export interface SettingsView {
  baseUrl: string;
  theme: Theme;
  pollIntervalSeconds: number;
  /** Days a paid answer is reused instead of paid for again; 0: never. */
  reuseDays: number;
  /** The most one job may spend, in micros; null: no limit. */
  maxSpendMicros: number | null;
  /** Unit prices from the user's plan, used until the service's own are learned. */
  enteredPrices: Record<JobProduct, number | null>;
  /** Days after which a finished list is due to be checked again; null: no reminders. */
  recheckDays: number | null;
}

/** The memory of paid answers of the account in use. */
export interface MemoryView {
  /** False when it cannot be used on this machine: every address is then paid for as before. */
  available: boolean;
  /** Answers kept, both products. */
  outcomes: number;
}

/** A job as the UI and the command line show it. Money is in micros of USD. */
export interface JobView {
  id: string;
  fileName: string;
  sourcePath: string;
  product: JobProduct | null;
  state: JobStateName;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Picked up again after the app or the command line stopped mid-way. */
  resumed: boolean;
  /** Is it being worked on in this process right now. */
  running: boolean;
  /**
   * Who runs it when another process does ("the list-cleaner command", "the
   * List Cleaner app"): this one only follows its progress from disk.
   */
  elsewhere: string | null;
  /** Unfinished, and run by no one: it carries on when resumed. */
  paused: boolean;
  rows: number;
  invalid: number;
  empty: number;
  duplicates: number;
  /** Unique valid addresses: what is sent and paid for. */
  unique: number;
  /** Addresses with an outcome so far. */
  checked: number;
  deliverable: number;
  undeliverable: number;
  unknown: number;
  /** Not paid for by the user's choice: throw-away domains, role addresses. */
  disposable: number;
  role: number;
  /** Undeliverable, found for free: their domain takes no mail. */
  noMail: number;
  /** Taken from the memory of answers already paid for. */
  reused: number;
  /** Paid for: outcomes the service determined for this job. */
  paid: number;
  /** The job's spending limit in micros, when it has one. */
  limitMicros: number | null;
  /**
   * Why an unfinished job waits for the user: stopped from the window, or
   * stopped before a request that would go over its limit. Continue carries on.
   */
  hold: { reason: 'stopped' | 'limit'; message: string } | null;
  /** Bulk tasks: id, when sent, and when the next poll is due (null when not waiting). */
  tasks: { id: string | null; submittedAt: string | null; status: string }[];
  nextCheckAt: string | null;
  unitPriceMicros: number | null;
  /** For a done job: what the determined outcomes cost, where the unit price is known. */
  chargedMicros: number | null;
  failure: {
    code: string;
    message: string;
    charged: 'no' | 'unknown';
    outsideCoverage?: number;
  } | null;
  /** The earlier job this list was recognised as, when it came in (see SeenBeforeView). */
  repeatOf: RepeatOf | null;
}

/** How a list was recognised as one checked before. */
export interface RepeatOf {
  jobId: string;
  /** 'same-file': the very same bytes; 'same-addresses': mostly the same addresses. */
  how: 'same-file' | 'same-addresses';
  /** Share of this list's addresses that the earlier one had (1 for the same file). */
  overlap: number;
}

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
  unitPriceMicros: number | null;
  /** Where the unit price comes from: the app's own (demo), learned from a charge, or entered in Settings. */
  priceSource: 'known' | 'learned' | 'entered' | null;
  estimateMicros: number | null;
  /** What the free steps saved at the unit price: null while it is not known. */
  savings: { cleanedMicros: number; skippedMicros: number; reusedMicros: number } | null;
  limitMicros: number | null;
  /** The estimate is over the limit (or cannot be told against it): Start asks first. */
  overLimit: boolean;
  balanceMicros: number;
  /** How the addresses will be sent: 'multi' (synchronous checks) or 'bulk' (bulk tasks). */
  route: 'multi' | 'bulk';
}

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
}

/** One domain's unique addresses in a job, by outcome and by what the free checks found. */
export interface DomainCounts {
  addresses: number;
  deliverable: number;
  undeliverable: number;
  unknown: number;
  /** Not checked, by the user's choice: throw-away domains, role addresses. */
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
}

/** A file the user chose by a gesture (a drop, the Open dialog): usable once, by its token. */
export interface FileGrantView {
  token: string;
  fileName: string;
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

export interface CheckView {
  address: string;
  status: 'deliverable' | 'undeliverable' | 'unknown';
  provider: string | null;
  avatar: boolean | null;
  avatarUrl: string | null;
}

/**
 * Where an update of the app stands. 'off' where it is never checked (a
 * development build, the demo account); 'ready' once one is downloaded and
 * the window may offer to restart into it.
 */
export interface UpdateView {
  state: 'off' | 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** The version on offer, when there is one. */
  version: string | null;
  /** 0–1 while downloading. */
  progress: number | null;
  /** Why updates are off, or what went wrong, in words. */
  message: string | null;
}
