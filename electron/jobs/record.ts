// A job as it is kept on disk (job.json in its folder), validated on every
// read: a damaged or hand-edited file is reported, never trusted.
import { z } from 'zod';
import { JOB_PRODUCTS, JOB_STATES } from '../common/model';

const range = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });

export const bulkTaskRecord = range.extend({
  /** Sent with the submit; a resend with the same key returns the same task. */
  idempotencyKey: z.string().min(1).max(128),
  /** pending: not sent; submitting: sent, answer not yet kept; then as the service says. */
  status: z.enum(['pending', 'submitting', 'processing', 'success', 'failed', 'done']),
  taskId: z.string().nullable().default(null),
  submittedAt: z.string().nullable().default(null),
  /**
   * SHA-256 of the address file as first sent: a resend under the same key
   * must send the same file, since the service answers with the task it made
   * for the first one.
   */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable()
    .optional(),
  /**
   * When the service last told us about the task (the submit's answer, then
   * each poll): the next poll is due an interval later, after a restart too.
   */
  lookedAt: z.string().nullable().optional(),
  /** Counts the service gave when the task finished. */
  successCnt: z.number().int().nullable().default(null),
  failureCnt: z.number().int().nullable().default(null),
});
export type BulkTaskRecord = z.infer<typeof bulkTaskRecord>;

export const jobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobState>;

export const jobFailure = z.object({
  code: z.string(),
  message: z.string(),
  /** Whether money was spent on what did not finish: only on refused or lost answers. */
  charged: z.enum(['no', 'unknown']),
  serviceCode: z.number().int().optional(),
  /** Avatar bulk tasks: addresses outside the providers with avatars. */
  outsideCoverage: z.number().int().optional(),
});
export type JobFailure = z.infer<typeof jobFailure>;

export const jobRecord = z.object({
  version: z.literal(1),
  id: z.string().regex(/^[a-z0-9-]+$/),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable().default(null),
  finishedAt: z.string().nullable().default(null),
  /** The name of the file the user dropped; the job works on its own copy. */
  fileName: z.string(),
  /** Where the user's file was, for "save next to it". */
  sourcePath: z.string(),
  product: z.enum(JOB_PRODUCTS).nullable().default(null),
  state: jobState,
  /** The column the user chose, when not the detected one. */
  column: z
    .union([z.string(), z.number().int().min(0)])
    .nullable()
    .default(null),
  unique: z.number().int().min(0),
  plan: z
    .object({
      sync: range.nullable(),
      bulk: z.array(bulkTaskRecord),
    })
    .nullable()
    .default(null),
  /** The unit price used for the charge shown, in micros, when known. */
  unitPriceMicros: z.number().int().min(0).nullable().default(null),
  failure: jobFailure.nullable().default(null),
  /** How many times the job was picked up again after the app stopped. */
  resumes: z.number().int().min(0).default(0),
});
export type JobRecord = z.infer<typeof jobRecord>;
