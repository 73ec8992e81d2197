// A job as it is kept on disk (job.json in its folder), validated on every
// read: a damaged or hand-edited file is reported, never trusted. The life of
// a bulk task's record is here too: how one is made, and when a resume sends
// it again under a new key.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { JOB_PRODUCTS, JOB_STATES, OTHERS_CHOICES, type JobProduct } from '../../common/model';
import { WAIT_REASONS } from '../../common/schedules/waits';
import { MEMBER_CHOICES, PLATFORMS } from '../../common/catalogs/platforms';
import { storedMessage } from '../../lib/stored-message';
import { askAgainRecord } from '../ask-again/record';
import { frozenCharge } from '../money/charge';

/** The platform list a job's rows were read from: its source label. */
export const platformSource = z.object({
  platform: z.enum(PLATFORMS),
  listId: z.string().min(1),
  listName: z.string(),
  choice: z.enum(MEMBER_CHOICES),
});
export type PlatformSource = z.infer<typeof platformSource>;

const range = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });

/**
 * pending: not sent; submitting: sent, answer not yet kept; processing,
 * success (a result link), failed (reservation refunded) as the service says;
 * done: its results are kept in the outcome log; rerouted: refused for avatar
 * coverage before any charge, its addresses checked by multi checks instead
 * (a part of plan.syncParts).
 */
export const BULK_TASK_STATUSES = [
  'pending',
  'submitting',
  'processing',
  'success',
  'failed',
  'done',
  'rerouted',
] as const;
export type BulkTaskStatus = (typeof BULK_TASK_STATUSES)[number];

export const bulkTaskRecord = range.extend({
  /** The product it is checked with, when not the job's (an avatar job's addresses sent with Email). */
  product: z.enum(JOB_PRODUCTS).optional(),
  /** Sent with the submit; a resend with the same key returns the same task. */
  idempotencyKey: z.string().min(1).max(128),
  status: z.enum(BULK_TASK_STATUSES),
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

/** A task of a new plan: not sent yet, with the key every send of it carries. */
export function newBulkTask(range: {
  start: number;
  end: number;
  product?: JobProduct;
}): BulkTaskRecord {
  return {
    ...range,
    idempotencyKey: randomUUID(),
    status: 'pending',
    taskId: null,
    submittedAt: null,
    successCnt: null,
    failureCnt: null,
  };
}

/**
 * A task the service was sent and still holds (its answer, its work or its
 * result): a service that forgot its tasks has none of these.
 */
const SENT: ReadonlySet<BulkTaskStatus> = new Set(['submitting', 'processing', 'success']);

/**
 * The tasks a resume sends again. A failed task's reservation was refunded:
 * its addresses go again, under a new key (the old one would only fetch the
 * failed task back). When the service has forgotten the tasks sent to it
 * (the demo's sandbox, started anew with each process), so do those it was
 * still working on.
 */
export function tasksToSendAgain(
  record: JobRecord,
  service: { forgotTasks: boolean },
): BulkTaskRecord[] {
  return (record.plan?.bulk ?? []).filter(
    (t) => t.status === 'failed' || (service.forgotTasks && SENT.has(t.status)),
  );
}

/** Turns a task back into one not sent, under a new key: its next send makes (and charges) a new one. */
export function resetForResend(task: BulkTaskRecord): void {
  Object.assign(task, {
    status: 'pending',
    idempotencyKey: randomUUID(),
    taskId: null,
    submittedAt: null,
  });
}

/** A range of the send list checked synchronously with a product of its own (plan.syncParts). */
export const syncPartRecord = range.extend({
  product: z.enum(JOB_PRODUCTS),
  refused: z.number().int().min(0).optional(),
});
export type SyncPartRecord = z.infer<typeof syncPartRecord>;

export const jobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobState>;

export const jobFailure = z.object({
  code: z.string(),
  /** In English; `said`, the message it was made from, says it in the reader's language. */
  message: z.string(),
  said: storedMessage.optional(),
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
      /**
       * How many addresses are sent: the plan's ranges are positions in the
       * job's send list (send.bin), the addresses not skipped nor reused.
       * Absent for a job planned before there was one: every address is sent.
       */
      sent: z.number().int().min(0).optional(),
      /**
       * Further ranges checked synchronously after `sync`, each with its
       * product: an Email + avatar job's addresses outside coverage checked
       * with Email by the user's choice, and the addresses of a bulk task the
       * service refused for coverage (`refused`: how many it said were
       * outside), checked by avatar multi checks instead.
       */
      syncParts: z.array(syncPartRecord).optional(),
    })
    .nullable()
    .default(null),
  /** What the user chose not to pay for, and the reuse window, at the start. */
  choices: z
    .object({
      skip: z.object({ disposable: z.boolean(), noMail: z.boolean(), role: z.boolean() }),
      reuseDays: z.number().int().min(0),
      /** Email + avatar: addresses outside coverage not sent, or checked with Email. */
      others: z.enum(OTHERS_CHOICES).optional(),
    })
    .nullable()
    .default(null),
  /** The most the job may spend, in micros; null: no limit. */
  limitMicros: z.number().int().min(1).nullable().default(null),
  /**
   * Why an unfinished job waits for the user (see JobView.hold): stopped by
   * them, at its spending limit, or after the service refused for longer
   * than the patience allows.
   */
  hold: z
    .object({
      reason: z.enum(['stopped', 'limit', 'patience']),
      message: z.string(),
      said: storedMessage.optional(),
      at: z.string(),
    })
    .nullable()
    .default(null),
  /**
   * A job waiting out a refusal of the service (jobs/waits/wait-out.ts): why,
   * since when (the patience counts from there, across restarts), when it
   * tries next, and how many tries it has made.
   */
  wait: z
    .object({
      reason: z.enum(WAIT_REASONS),
      words: z.string(),
      said: storedMessage.optional(),
      since: z.string(),
      nextTryAt: z.string(),
      tries: z.number().int().min(0),
      /** A 42901 the last run's own checks, still at the service after a kill, were expected to cause. */
      expected: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  /**
   * Addresses sent again after the answer to them was lost on the way: if
   * the service had checked them, they were charged twice.
   */
  sentAgainAfterLoss: z.number().int().min(0).default(0),
  /**
   * Addresses of synchronous checks in flight when a run stopped without
   * waiting for them (a kill, a power cut), read from its request journal:
   * checked again, so charged twice if the service had checked them. `run`
   * is the journal last counted, so it is never counted twice. `busyUntil`:
   * until when those checks may still hold the account's slots at the
   * service (their time limit), so a 42901 until then is expected.
   */
  stoppedMidCheck: z
    .object({
      addresses: z.number().int().min(0),
      stops: z.number().int().min(0),
      run: z.string().max(64).nullable(),
      busyUntil: z.string().max(64).nullable().default(null),
    })
    .default({ addresses: 0, stops: 0, run: null, busyUntil: null }),
  /** The random sample checked before the rest. */
  sample: z
    .object({
      product: z.enum(JOB_PRODUCTS),
      indexes: z.array(z.number().int().min(0)).max(100),
      checkedAt: z.string(),
    })
    .nullable()
    .default(null),
  /** The unit price used for the charge shown, in micros, when known. */
  unitPriceMicros: z.number().int().min(0).nullable().default(null),
  /** What the job was charged, frozen when a run ends (money/charge.ts). */
  charge: frozenCharge.nullable().default(null),
  failure: jobFailure.nullable().default(null),
  /** How many times the job was picked up again after the app stopped. */
  resumes: z.number().int().min(0).default(0),
  /** The earlier job this list was recognised as when it came in (lists/list-print.ts). */
  repeatOf: z
    .object({
      jobId: z.string().regex(/^[a-z0-9-]+$/),
      how: z.enum(['same-file', 'same-addresses']),
      overlap: z.number().min(0).max(1),
    })
    .nullable()
    .default(null),
  /** When the user was reminded, once, to check this list again. */
  remindedAt: z.string().nullable().default(null),
  /** The platform list the rows were read from, when not a file (connectors/). */
  source: platformSource.nullable().default(null),
  /** Its unknowns asked again, free, on a schedule (jobs/ask-again/); null: never. */
  askAgain: askAgainRecord.nullable().default(null),
});
export type JobRecord = z.infer<typeof jobRecord>;
