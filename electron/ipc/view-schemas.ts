// The schemas of what main answers and pushes: one per view of
// common/views.ts. The registry checks every handler's output and every
// event's payload against them (an error in development and tests, a log
// line in an installed build). Each is proven at compile time to describe its
// view exactly, so neither can change without the other.
import { z } from 'zod';
import {
  EXPORT_FORMATS,
  JOB_PRODUCTS,
  JOB_STATES,
  ROW_FLAGS,
  ROW_STATUSES,
  STATUS_GROUPS,
  THEMES,
} from '../common/model';
import type {
  AccountStatus,
  Balance,
  CheckView,
  ColumnView,
  DomainsView,
  DomainStats,
  EstimateView,
  ExportView,
  FileGrantView,
  ImportProgressView,
  ImportView,
  JobRowView,
  JobSummaryView,
  JobView,
  MemoryView,
  OtherDomains,
  RepeatOf,
  RowFilter,
  SeenBeforeView,
  SampleView,
  SettingsView,
  SheetView,
  StatusExportView,
  UpdateView,
  WorkbookView,
} from '../common/views';

/** True only when A and B are the same type: no field more, less, or optional on one side. */
type Same<A, B> =
  (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/**
 * The schema of the view T, typed as T (so the contract's types name the
 * view). If the schema and T differ, in a field, its type or whether it is
 * optional, the schema is "not assignable to parameter of type 'never'" here.
 */
const viewOf =
  <T>() =>
  <S extends z.ZodType<T>>(
    schema: S & (Same<z.output<S>, T> extends true ? unknown : never),
  ): z.ZodType<T> =>
    schema;

/** Rows, bytes and addresses. */
const count = z.number().int().min(0);
/** Money, in micros of USD. */
const micros = z.number().int();
const text = z.string();

/** Likely typos the review lists at most (the rest are counted, and in the job's folder). */
export const MAX_SUGGESTIONS_SHOWN = 20;

export const accountStatusSchema = viewOf<AccountStatus>()(
  z.strictObject({
    mode: z.enum(['none', 'demo', 'key']),
    keyLast4: text.nullable(),
    storage: z.enum(['keychain', 'memory']).nullable(),
    storageWarning: text.nullable(),
    baseUrl: text,
    keyHost: text.nullable(),
    keyUnconfirmed: z.boolean(),
  }),
);

export const balanceSchema = viewOf<Balance>()(
  z.strictObject({ balanceMicros: micros, fetchedAt: text }),
);

export const settingsViewSchema = viewOf<SettingsView>()(
  z.strictObject({
    baseUrl: text,
    theme: z.enum(THEMES),
    pollIntervalSeconds: z.number().positive(),
    reuseDays: count,
    maxSpendMicros: micros.nullable(),
    enteredPrices: z.strictObject({ email: micros.nullable(), avatar: micros.nullable() }),
    recheckDays: count.nullable(),
  }),
);

export const memoryViewSchema = viewOf<MemoryView>()(
  z.strictObject({ available: z.boolean(), outcomes: count }),
);

export const sampleViewSchema = viewOf<SampleView>()(
  z.strictObject({
    product: z.enum(JOB_PRODUCTS),
    size: count,
    deliverable: count,
    undeliverable: count,
    unknown: count,
    share: z.number().min(0).max(1),
    low: z.number().min(0).max(1),
    high: z.number().min(0).max(1),
    chargedMicros: micros.nullable(),
    checkedAt: text,
  }),
);

const repeatOfShape = {
  jobId: text,
  how: z.enum(['same-file', 'same-addresses']),
  overlap: z.number().min(0).max(1),
};
const repeatOfSchema = viewOf<RepeatOf>()(z.strictObject(repeatOfShape));

export const jobViewSchema = viewOf<JobView>()(
  z.strictObject({
    id: text,
    fileName: text,
    sourcePath: text,
    product: z.enum(JOB_PRODUCTS).nullable(),
    state: z.enum(JOB_STATES),
    createdAt: text,
    startedAt: text.nullable(),
    finishedAt: text.nullable(),
    resumed: z.boolean(),
    running: z.boolean(),
    elsewhere: text.nullable(),
    paused: z.boolean(),
    rows: count,
    invalid: count,
    empty: count,
    duplicates: count,
    unique: count,
    checked: count,
    deliverable: count,
    undeliverable: count,
    unknown: count,
    disposable: count,
    role: count,
    noMail: count,
    reused: count,
    paid: count,
    limitMicros: micros.nullable(),
    hold: z.strictObject({ reason: z.enum(['stopped', 'limit']), message: text }).nullable(),
    tasks: z.array(
      z.strictObject({ id: text.nullable(), submittedAt: text.nullable(), status: text }),
    ),
    nextCheckAt: text.nullable(),
    unitPriceMicros: micros.nullable(),
    chargedMicros: micros.nullable(),
    failure: z
      .strictObject({
        code: text,
        message: text,
        charged: z.enum(['no', 'unknown']),
        outsideCoverage: count.optional(),
      })
      .nullable(),
    repeatOf: repeatOfSchema.nullable(),
  }),
);

const columnViewSchema = viewOf<ColumnView>()(
  z.strictObject({
    index: count,
    name: text,
    confidence: z.number(),
    addressShare: z.number(),
    headerMatch: z.boolean(),
  }),
);

const sheetViewSchema = viewOf<SheetView>()(
  z.strictObject({
    index: count,
    name: text,
    hidden: z.boolean(),
    rows: count,
    hasAddresses: z.boolean(),
  }),
);

const workbookViewSchema = viewOf<WorkbookView>()(
  z.strictObject({ sheet: count, sheets: z.array(sheetViewSchema), skippedRows: count }),
);

const seenBeforeSchema = viewOf<SeenBeforeView>()(
  z.strictObject({
    ...repeatOfShape,
    fileName: text,
    checkedAt: text,
    reusable: count.nullable(),
    reuseDays: count,
  }),
);

export const importViewSchema = viewOf<ImportView>()(
  z.strictObject({
    job: jobViewSchema,
    fileName: text,
    sizeBytes: count,
    encoding: text,
    delimiter: text,
    hasHeader: z.boolean(),
    columns: z.array(text),
    column: columnViewSchema,
    candidates: z.array(columnViewSchema),
    counts: z.strictObject({
      rows: count,
      unique: count,
      invalid: count,
      empty: count,
      duplicates: count,
      ragged: count,
    }),
    preview: z.array(z.array(text)),
    findings: z
      .strictObject({
        role: count,
        disposable: count,
        free: count,
        typo: count,
        noMail: count,
        dns: z.enum(['checked', 'unavailable']),
        suggestions: z
          .array(z.strictObject({ address: text, suggestion: text }))
          .max(MAX_SUGGESTIONS_SHOWN),
      })
      .nullable(),
    sample: sampleViewSchema.nullable(),
    workbook: workbookViewSchema.nullable(),
    seenBefore: seenBeforeSchema.nullable(),
  }),
);

export const importProgressSchema = viewOf<ImportProgressView>()(
  z.strictObject({ token: text, bytesRead: count, totalBytes: count, rows: count }),
);

export const estimateViewSchema = viewOf<EstimateView>()(
  z.strictObject({
    unique: count,
    toSend: count,
    skipped: z.strictObject({ disposable: count, noMail: count, role: count }),
    reused: z.strictObject({
      count,
      days: count,
      oldest: text.nullable(),
      newest: text.nullable(),
    }),
    sampled: count,
    unitPriceMicros: micros.nullable(),
    priceSource: z.enum(['known', 'learned', 'entered']).nullable(),
    estimateMicros: micros.nullable(),
    savings: z
      .strictObject({ cleanedMicros: micros, skippedMicros: micros, reusedMicros: micros })
      .nullable(),
    limitMicros: micros.nullable(),
    overLimit: z.boolean(),
    balanceMicros: micros,
    route: z.enum(['multi', 'bulk']),
  }),
);

export const jobSummarySchema = viewOf<JobSummaryView>()(
  z.strictObject({
    job: jobViewSchema,
    statuses: z.record(z.enum(ROW_STATUSES), count),
    providers: z.record(text, count),
    columns: z.array(text),
    addressColumn: count,
    suggestions: count,
    exportFormat: z.enum(EXPORT_FORMATS),
  }),
);

/** Domains the window may name in a filter; more than this is not a filter anyone reads. */
export const MAX_FILTER_VALUES = 200;

export const rowFilterSchema = viewOf<RowFilter>()(
  z.strictObject({
    outcomes: z.array(z.enum(ROW_STATUSES)).max(ROW_STATUSES.length),
    providers: z.array(z.string().min(1).max(64)).max(MAX_FILTER_VALUES),
    domains: z.array(z.string().min(1).max(255)).max(MAX_FILTER_VALUES),
    findings: z.array(z.enum(ROW_FLAGS)).max(ROW_FLAGS.length),
  }),
);

const domainCountsShape = {
  addresses: count,
  deliverable: count,
  undeliverable: count,
  unknown: count,
  skipped: count,
  findings: z.strictObject({
    role: count,
    free: count,
    disposable: count,
    typo: count,
    noMail: count,
  }),
};
const domainStatsSchema = viewOf<DomainStats>()(
  z.strictObject({ domain: text, ...domainCountsShape }),
);
const otherDomainsSchema = viewOf<OtherDomains>()(
  z.strictObject({ ...domainCountsShape, domains: count }),
);

export const domainsViewSchema = viewOf<DomainsView>()(
  z.strictObject({
    top: z.array(domainStatsSchema),
    other: otherDomainsSchema.nullable(),
    domains: count,
  }),
);

const outcomeStatus = z.enum(['deliverable', 'undeliverable', 'unknown']);

export const jobRowSchema = viewOf<JobRowView>()(
  z.strictObject({
    row: z.number().int().min(1),
    address: text.nullable(),
    status: z.enum([...ROW_STATUSES, 'pending']),
    provider: text.nullable(),
    avatar: z.boolean().nullable(),
    avatarUrl: text.nullable(),
  }),
);

export const fileGrantSchema = viewOf<FileGrantView>()(
  z.strictObject({ token: text, fileName: text }),
);

const exportFormat = z.enum(EXPORT_FORMATS);

export const exportViewSchema = viewOf<ExportView>()(
  z.strictObject({
    fileId: text,
    path: text,
    rowsWritten: count,
    rowsTotal: count,
    format: exportFormat,
    sheets: z.array(text),
  }),
);

export const statusExportViewSchema = viewOf<StatusExportView>()(
  z.strictObject({
    folderId: text,
    folder: text,
    format: exportFormat,
    files: z.array(
      z.strictObject({
        group: z.enum(STATUS_GROUPS),
        fileId: text,
        path: text,
        rows: count,
      }),
    ),
    empty: z.array(z.enum(STATUS_GROUPS)),
  }),
);

export const checkViewSchema = viewOf<CheckView>()(
  z.strictObject({
    address: text,
    status: outcomeStatus,
    provider: text.nullable(),
    avatar: z.boolean().nullable(),
    avatarUrl: text.nullable(),
  }),
);

export const updateViewSchema = viewOf<UpdateView>()(
  z.strictObject({
    state: z.enum(['off', 'idle', 'checking', 'downloading', 'ready', 'error']),
    version: text.nullable(),
    progress: z.number().nullable(),
    message: text.nullable(),
  }),
);
