// The watches' channels of the contract (../contract.ts spreads them in):
// lists kept clean on a schedule. The window names a finished platform job
// (main reads its list from the job), never a path: a hot folder and its
// output folder are chosen in main's own dialogs. Retiring members on every
// run, and removing a watch, ask in main's own dialog first.
import { z } from 'zod';
import { MAX_REUSE_DAYS, MAX_SPEND_MICROS } from '../../common/limits';
import { JOB_PRODUCTS } from '../../common/model';
import { MAX_EVERY_DAYS } from '../../common/schedules/watch-schedule';
import { jobIdSchema } from '../jobs/job-schemas';
import {
  runIdSchema,
  watchDraftViewSchema,
  watchIdSchema,
  watchRunViewSchema,
  watchSchedulerViewSchema,
  watchViewSchema,
} from './schemas';

const noInput = z.undefined();
const oneWatch = z.strictObject({ watchId: watchIdSchema });

const everySchema = z
  .strictObject({
    count: z.number().int().min(1).max(MAX_EVERY_DAYS),
    unit: z.enum(['days', 'weeks']),
  })
  .refine((e) => e.count * (e.unit === 'weeks' ? 7 : 1) <= MAX_EVERY_DAYS);

const capSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('account') }),
  z.strictObject({ kind: z.literal('usd'), micros: z.number().int().min(1).max(MAX_SPEND_MICROS) }),
  z.strictObject({ kind: z.literal('none') }),
]);

const recheckSchema = z.number().int().min(1).max(MAX_REUSE_DAYS);

export const watchesChannels = {
  /** Every watch, oldest first, with its next run, last run, health and spend. */
  'watch:list': { input: noInput, output: z.array(watchViewSchema) },
  /** A watch's runs, newest first (the newest 50). */
  'watch:runs': { input: oneWatch, output: z.array(watchRunViewSchema) },
  /** One run's report. */
  'watch:report': {
    input: z.strictObject({ watchId: watchIdSchema, runId: runIdSchema }),
    output: watchRunViewSchema,
  },
  /** What "Keep this list clean…" would watch: the finished platform job's list. */
  'watch:draft': { input: z.strictObject({ jobId: jobIdSchema }), output: watchDraftViewSchema },
  /**
   * A watch on the list a finished platform job read. Retiring members on
   * every run asks in main's own dialog first, naming what will happen.
   */
  'watch:add': {
    input: z.strictObject({
      jobId: jobIdSchema,
      every: everySchema,
      at: z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
        .nullable(),
      recheckDays: recheckSchema,
      cap: capSchema,
      retire: z
        .strictObject({
          mode: z.enum(['unsubscribe', 'archive']),
          ceilingBp: z.number().int().min(1).max(10_000),
        })
        .nullable(),
    }),
    output: watchViewSchema,
  },
  /** A hot folder: main asks for the folder, then for where cleaned lists go; null if cancelled. */
  'watch:folder': {
    input: z.strictObject({ product: z.enum(JOB_PRODUCTS), recheckDays: recheckSchema }),
    output: watchViewSchema.nullable(),
  },
  'watch:pause': { input: oneWatch, output: watchViewSchema },
  'watch:resume': { input: oneWatch, output: watchViewSchema },
  /** Asks in main's own dialog, then removes the watch and its runs (nothing on the platform changes). */
  'watch:remove': { input: oneWatch, output: z.null() },
  /**
   * Runs the watch now, due or not, and answers its report. `retireOverCeiling`
   * answers a run that stopped at its retire ceiling (main asks first, naming the count).
   */
  'watch:run': {
    input: z.strictObject({ watchId: watchIdSchema, retireOverCeiling: z.boolean().optional() }),
    output: watchRunViewSchema,
  },
  /** Whether watches run with the app closed (this computer's scheduler entry). */
  'watch:scheduler': { input: noInput, output: watchSchedulerViewSchema },
  'watch:switch': {
    input: z.strictObject({ on: z.boolean() }),
    output: watchSchedulerViewSchema,
  },
} as const;

export const watchesEvents = {
  /** A watch changed: a run began or ended, or it was edited elsewhere. */
  'watch:changed': z.strictObject({ watchId: z.string() }),
  /** A watch's notification was clicked. */
  'watch:open': z.strictObject({ watchId: z.string() }),
} as const;
