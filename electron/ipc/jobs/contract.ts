// The channels of a list and its job: a file chosen or pasted and reviewed,
// the estimate, the start, the run's controls, the results and their export,
// and the memory of answers the jobs share; and the events a running job and
// an import push.
import { z } from 'zod';
import {
  APPENDED_COLUMNS,
  EXPORT_FILTERS,
  EXPORT_FORMATS,
  OTHERS_CHOICES,
} from '../../common/model';
import { MAX_PASTE_CHARS } from '../../common/limits';
import type { MemoryView } from '../../common/views/views';
import { count, viewOf } from '../../lib/view-of';
import { fileGrantSchema, fileTokenSchema, savedFileSchema } from '../file-schemas';
import { jobIdSchema, jobViewSchema, productSchema } from './job-schemas';
import {
  domainsViewSchema,
  forecastViewSchema,
  exportViewSchema,
  jobRowSchema,
  jobSummarySchema,
  rowFilterSchema,
  statusExportViewSchema,
} from './result-schemas';
import { estimateViewSchema, importProgressSchema, importViewSchema } from './review-schemas';

export const memoryViewSchema = viewOf<MemoryView>()(
  z.strictObject({ available: z.boolean(), outcomes: count }),
);

const noInput = z.undefined();

const skipSchema = z
  .object({ disposable: z.boolean(), noMail: z.boolean(), role: z.boolean() })
  .strict();
/** Email + avatar: the addresses outside the avatar check's providers: not sent, or checked with Email. */
const othersSchema = z.enum(OTHERS_CHOICES);

/** What the review chose for a draft: what it is priced, sampled and started with. */
const pricedChoiceSchema = z
  .object({
    jobId: jobIdSchema,
    product: productSchema,
    /** The review's "Don't pay for" boxes; absent: the defaults (disposable, no mail server). */
    skip: skipSchema.optional(),
    /** Email + avatar: what becomes of the addresses outside coverage; absent: not sent. */
    others: othersSchema.optional(),
  })
  .strict();

export const jobsChannels = {
  'memory:status': { input: noInput, output: memoryViewSchema },
  /** Forgets every answer kept for the account in use: later lists pay for them again. */
  'memory:forget': { input: noInput, output: memoryViewSchema },
  /** The native Open dialog, shown by main; null when the user closed it. */
  'file:choose': { input: noInput, output: fileGrantSchema.nullable() },
  'list:import': {
    input: z.object({ token: fileTokenSchema }).strict(),
    output: importViewSchema,
  },
  /** Text pasted (or typed) on the import screen, one address a line or delimited: a job like a file. */
  'list:paste': {
    input: z.object({ text: z.string().min(1).max(MAX_PASTE_CHARS) }).strict(),
    output: importViewSchema,
  },
  /** A draft workbook read again from another of its sheets. */
  'list:sheet': {
    input: z.object({ jobId: jobIdSchema, sheet: z.number().int().min(0).max(10_000) }).strict(),
    output: importViewSchema,
  },
  'list:column': {
    input: z.object({ jobId: jobIdSchema, column: z.number().int().min(0).max(10_000) }).strict(),
    output: importViewSchema,
  },
  /** A draft's review again, from what its import kept: the file is not read again. */
  'list:review': { input: z.object({ jobId: jobIdSchema }).strict(), output: importViewSchema },
  'job:estimate': {
    input: pricedChoiceSchema,
    output: estimateViewSchema,
  },
  'job:start': {
    input: pricedChoiceSchema
      .extend({
        /** The user saw the estimate go over the spending limit and starts anyway. */
        overLimit: z.boolean().optional(),
      })
      .strict(),
    output: jobViewSchema,
  },
  /** Checks a random sample (up to 100 of what would be sent) before the rest: paid, and part of the job. */
  'job:sample': {
    input: pricedChoiceSchema,
    output: importViewSchema,
  },
  /** No new requests for this job; what was sent is waited for and kept. job:resume continues it. */
  'job:stop': { input: z.object({ jobId: jobIdSchema }).strict(), output: jobViewSchema },
  'job:list': { input: noInput, output: z.array(jobViewSchema) },
  'job:resume': {
    input: z.object({ jobId: jobIdSchema }).strict(),
    output: z.array(jobViewSchema),
  },
  'job:continue': { input: z.object({ jobId: jobIdSchema }).strict(), output: jobViewSchema },
  'job:remove': {
    input: z.object({ jobId: jobIdSchema }).strict(),
    output: z.strictObject({ removed: z.literal(true) }),
  },
  /**
   * "Check again": main reads the file this job was made from again, from where
   * the user gave it (the window names only the job), into a new draft to review.
   */
  'job:again': { input: z.object({ jobId: jobIdSchema }).strict(), output: importViewSchema },
  'job:summary': { input: z.object({ jobId: jobIdSchema }).strict(), output: jobSummarySchema },
  'job:rows': {
    input: z
      .object({
        jobId: jobIdSchema,
        offset: z.number().int().min(0),
        limit: z.number().int().min(1).max(1_000),
        /** Only the rows this filter passes, in the file's order; `total` then counts them. */
        filter: rowFilterSchema.optional(),
      })
      .strict(),
    output: z.strictObject({ total: z.number().int().min(0), rows: z.array(jobRowSchema) }),
  },
  /** A job's unique addresses by domain, for the results' per-domain table. */
  'job:domains': { input: z.object({ jobId: jobIdSchema }).strict(), output: domainsViewSchema },
  /** The hard bounces to expect if the rows a filter keeps were sent now, against the user's limit. */
  'job:forecast': {
    input: z
      .object({ jobId: jobIdSchema, filter: z.union([z.enum(EXPORT_FILTERS), rowFilterSchema]) })
      .strict(),
    output: forecastViewSchema,
  },
  'job:export': {
    input: z
      .object({
        jobId: jobIdSchema,
        /** One of the panel's choices, or the results' filter: "export the rows I see". */
        filter: z.union([z.enum(EXPORT_FILTERS), rowFilterSchema]),
        columns: z.array(z.enum(APPENDED_COLUMNS)).min(1).max(APPENDED_COLUMNS.length),
        bom: z.boolean(),
        format: z.enum(EXPORT_FORMATS),
      })
      .strict(),
    /** Null when the user closed the save dialog without choosing. */
    output: exportViewSchema.nullable(),
  },
  /** "Save by status…": one file per status group, in a folder the user picks in main's dialog. */
  'job:split': {
    input: z
      .object({
        jobId: jobIdSchema,
        columns: z.array(z.enum(APPENDED_COLUMNS)).min(1).max(APPENDED_COLUMNS.length),
        bom: z.boolean(),
        format: z.enum(EXPORT_FORMATS),
      })
      .strict(),
    /** Null when the user closed the folder dialog without choosing. */
    output: statusExportViewSchema.nullable(),
  },
  'file:show': {
    input: z.object({ fileId: savedFileSchema }).strict(),
    output: z.null(),
  },
} as const;

export const jobsEvents = {
  'job:changed': jobViewSchema,
  'list:progress': importProgressSchema,
} as const;
