// The words every process shares about a job: its states, its products and
// what the service calls each, the statuses of a row, the columns an export
// can append. One definition for main, the command line and the window; no
// dependencies, so the window's bundle stays light.

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const JOB_STATES = [
  /** Imported, waiting for the user to choose the product and start. */
  'draft',
  'queued',
  'checking',
  'waiting',
  'downloading',
  'done',
  'failed',
] as const;
export type JobStateName = (typeof JOB_STATES)[number];

/** Started and not yet done or failed: resumed after a restart. */
export const UNFINISHED_STATES: ReadonlySet<JobStateName> = new Set([
  'queued',
  'checking',
  'waiting',
  'downloading',
]);

/** What the user chooses to check. */
export const JOB_PRODUCTS = ['email', 'avatar'] as const;
export type JobProduct = (typeof JOB_PRODUCTS)[number];

/** The service's product codes: synchronous checks, and bulk file tasks. */
export const SYNC_PRODUCTS = ['email', 'email_avatar'] as const;
export const BULK_PRODUCTS = ['email_batch', 'email_avatar_batch'] as const;
export type SyncProduct = (typeof SYNC_PRODUCTS)[number];
export type BulkProduct = (typeof BULK_PRODUCTS)[number];
export type ServiceProduct = SyncProduct | BulkProduct;
export const SERVICE_PRODUCTS: readonly ServiceProduct[] = [...SYNC_PRODUCTS, ...BULK_PRODUCTS];

/** What the service calls a product, on each route. */
export const SERVICE_CODES: Record<JobProduct, { sync: SyncProduct; bulk: BulkProduct }> = {
  email: { sync: 'email', bulk: 'email_batch' },
  avatar: { sync: 'email_avatar', bulk: 'email_avatar_batch' },
};

export const syncProduct = (product: JobProduct): SyncProduct => SERVICE_CODES[product].sync;
export const bulkProduct = (product: JobProduct): BulkProduct => SERVICE_CODES[product].bulk;

/** What a row of the cleaned list says about its address. */
export const ROW_STATUSES = [
  'deliverable',
  'undeliverable',
  'unknown',
  'invalid',
  'duplicate',
  /** At a throw-away domain, and not paid for by the user's choice. */
  'disposable',
  /** A role address (info@, sales@…), not paid for by the user's choice. */
  'role',
  /** Email + avatar: at a provider the avatar check does not cover; never sent, never paid for. */
  'not_covered',
  /** On the account's suppression list (a bounce, a complaint, an unsubscribe): never sent, never paid for. */
  'suppressed',
  /** Decided by one of the user's block rules: never sent, never paid for. */
  'blocked',
] as const;
export type RowStatusName = (typeof ROW_STATUSES)[number];

/**
 * Email + avatar: what becomes of the addresses at providers the avatar
 * check does not cover: not sent (not_covered), or checked with Email at its
 * price. The command line's `--others` names.
 */
export const OTHERS_CHOICES = ['skip', 'email'] as const;
export type OthersChoice = (typeof OTHERS_CHOICES)[number];

/** The columns an export may append to the user's own. */
export const APPENDED_COLUMNS = [
  'email_status',
  'email_provider',
  'email_avatar',
  'email_avatar_url',
  /** The address probably meant, where the free checks saw a likely typo; never a change. */
  'email_suggestion',
  /** What the free checks and the memory say of the address: role, free, disposable, typo, no_mail_server, reused. */
  'email_flags',
  /** The day the answer was given: the memory's date for a reused one. */
  'email_checked_at',
  /** low, medium or high (risk/table.ts): how likely the row is to bounce or harm a send. */
  'email_risk',
  /** The words that decided email_risk, in the table's order (RISK_REASONS). */
  'email_risk_reasons',
] as const;
export type AppendedColumn = (typeof APPENDED_COLUMNS)[number];

/** Which rows an export keeps. */
export const EXPORT_FILTERS = ['all', 'deliverable', 'not-deliverable'] as const;
export type ExportFilter = (typeof EXPORT_FILTERS)[number];

/** The file an export writes: text (CSV, as the list was read) or an Excel workbook. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * "Save by status…": the files it writes, one per group of rows. Removed rows
 * are those not checked at all: invalid, duplicate, skipped by choice, and
 * outside the avatar check's providers.
 */
export const STATUS_GROUPS = ['deliverable', 'undeliverable', 'unknown', 'removed'] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

/** What the user may choose not to pay for; the command line's `--skip` names. */
export const SKIP_KINDS = ['disposable', 'no-mail-server', 'role'] as const;
export type SkipKind = (typeof SKIP_KINDS)[number];
/** Throw-away domains and domains that take no mail are not worth paying for; role addresses often are. */
export const DEFAULT_SKIP: readonly SkipKind[] = ['disposable', 'no-mail-server'];

/** The words of the `email_flags` column, in the order they are written. */
export const ROW_FLAGS = [
  'role',
  'free',
  'disposable',
  'typo',
  'no_mail_server',
  'reused',
] as const;
export type RowFlag = (typeof ROW_FLAGS)[number];

/** How likely a row is to bounce or harm a send, least first (electron/risk/table.ts decides it). */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The words of the `email_risk_reasons` column, in the order risk/table.ts lists them. */
export const RISK_REASONS = [
  'invalid',
  'duplicate',
  'suppressed',
  'undeliverable',
  'no_mail_server',
  'disposable',
  'unknown',
  'not_checked',
  'typo',
  'old_answer',
  'role',
  'aging_answer',
  'reused',
  'free_mail',
  'business',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];
