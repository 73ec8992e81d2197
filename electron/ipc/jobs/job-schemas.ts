// The schema of a job as the window and the command line show it (common/views/job-views.ts).
import { z } from 'zod';
import { WAIT_REASONS } from '../../common/schedules/waits';
import { JOB_PRODUCTS, JOB_STATES } from '../../common/model';
import { PLATFORMS } from '../../common/catalogs/platforms';
import type { JobView, RepeatOf } from '../../common/views/views';
import { viewOf, count, micros, text } from '../../lib/view-of';
import { inputWords } from '../input-words';

/** A job's id as main hands it out; anything else names no job of this app. */
export const jobIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, inputWords('error.ipc.input.jobId'));

/** The service's product a job or one check is for. */
export const productSchema = z.enum(JOB_PRODUCTS);

export const repeatOfShape = {
  jobId: text,
  how: z.enum(['same-file', 'same-addresses']),
  overlap: z.number().min(0).max(1),
};

export const repeatOfSchema = viewOf<RepeatOf>()(z.strictObject(repeatOfShape));

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
    notCovered: count,
    suppressed: count,
    blocked: count,
    noMail: count,
    reused: count,
    reusedFromVendors: count,
    paid: count,
    paidAsEmail: count,
    limitMicros: micros.nullable(),
    hold: z
      .strictObject({ reason: z.enum(['stopped', 'limit', 'patience']), message: text })
      .nullable(),
    wait: z
      .strictObject({
        reason: z.enum(WAIT_REASONS),
        words: text,
        since: text,
        nextTryAt: text,
        patienceEndsAt: text,
        expected: z.boolean(),
      })
      .nullable(),
    sentAgainAfterLoss: count,
    mayBeChargedTwice: z.strictObject({
      addresses: count,
      inFlightAtStop: count,
      lostOnTheWay: count,
      stops: count,
      upToMicros: micros.nullable(),
    }),
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
        retry: z.boolean(),
        outsideCoverage: count.optional(),
      })
      .nullable(),
    repeatOf: repeatOfSchema.nullable(),
    source: z.strictObject({ platform: z.enum(PLATFORMS), listName: z.string() }).nullable(),
    askAgain: z
      .strictObject({
        state: z.enum(['waiting', 'asking', 'ended']),
        round: count,
        rounds: count,
        nextAt: text.nullable(),
        asked: count,
        left: count,
        resolved: z.strictObject({ deliverable: count, undeliverable: count }),
        ended: z.enum(['schedule', 'none-left', 'turned-off']).nullable(),
      })
      .nullable(),
  }),
);
