// The schemas of what the review of an imported list shows (common/views/review-views.ts).
import { z } from 'zod';
import { JOB_PRODUCTS, OTHERS_CHOICES } from '../../common/model';
import { SUPPRESSION_REASON_VIEWS } from '../../common/views/suppression-views';
import type {
  ColumnView,
  CoverageGroup,
  CoverageView,
  EstimateView,
  ImportProgressView,
  ImportView,
  SeenBeforeView,
  SampleView,
  SheetView,
  WithheldView,
  WorkbookView,
} from '../../common/views/views';
import { viewOf, count, micros, text } from '../../lib/view-of';
import { jobViewSchema, repeatOfShape } from './job-schemas';

/** Likely typos the review lists at most (the rest are counted, and in the job's folder). */
export const MAX_SUGGESTIONS_SHOWN = 20;

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

const coverageGroupShape = { count, costMicros: micros.nullable() };

const coverageViewSchema = viewOf<CoverageView>()(
  z.strictObject({
    covered: viewOf<CoverageGroup>()(z.strictObject(coverageGroupShape)),
    outside: z.strictObject({ ...coverageGroupShape, others: z.enum(OTHERS_CHOICES) }),
    unknown: viewOf<CoverageGroup>()(z.strictObject(coverageGroupShape)),
  }),
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
    withheld: viewOf<WithheldView>()(
      z.strictObject({
        suppressed: z.array(
          z.strictObject({
            reason: z.enum(SUPPRESSION_REASON_VIEWS),
            count,
          }),
        ),
        blocked: z.array(z.strictObject({ rule: text, count })),
        allowed: z.array(z.strictObject({ rule: text, count })),
      }),
    ),
    unitPriceMicros: micros.nullable(),
    priceSource: z.enum(['known', 'learned', 'entered']).nullable(),
    estimateMicros: micros.nullable(),
    savings: z
      .strictObject({
        cleanedMicros: micros,
        skippedMicros: micros,
        reusedMicros: micros,
        withheldMicros: micros,
      })
      .nullable(),
    limitMicros: micros.nullable(),
    overLimit: z.boolean(),
    balanceMicros: micros.nullable(),
    route: z.enum(['multi', 'bulk']),
    coverage: coverageViewSchema.nullable(),
    bulkTasks: count,
  }),
);
