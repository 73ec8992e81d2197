// The schemas of what the window is shown of the watches
// (common/views/watch-views.ts), each proven to describe its view exactly.
import { z } from 'zod';
import { PLATFORMS, VERDICT_STATUSES } from '../../common/catalogs/platforms';
import { JOB_PRODUCTS } from '../../common/model';
import type {
  WatchDraftView,
  WatchHealthPoint,
  WatchRunView,
  WatchSchedulerView,
  WatchSourceView,
  WatchView,
} from '../../common/views/watch-views';
import { count, micros, text, viewOf } from '../../lib/view-of';

export const watchIdSchema = z.string().regex(/^w-[0-9a-z]{8}$/);
export const runIdSchema = z.string().regex(/^r-[0-9a-z]{8}$/);
const outcomeSchema = z.enum(['done', 'needs-answer', 'capped', 'failed']);
const retireModeSchema = z.enum(['unsubscribe', 'archive']);

const sourceSchema = viewOf<WatchSourceView>()(
  z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('platform'), platform: z.enum(PLATFORMS), listName: text }),
    z.strictObject({ kind: z.literal('folder'), folderName: text, outName: text }),
  ]),
);

export const watchRunViewSchema = viewOf<WatchRunView>()(
  z.strictObject({
    id: text,
    watchId: text,
    trigger: z.enum(['schedule', 'now']),
    startedAt: text,
    finishedAt: text,
    outcome: outcomeSchema,
    why: text.nullable(),
    counts: z.strictObject({
      read: count,
      new: count,
      paid: count,
      reused: count,
      written: count,
      unchanged: count,
      refused: count,
      retired: count,
    }),
    changed: z.array(
      z.strictObject({
        from: z.union([z.enum(VERDICT_STATUSES), z.literal('none')]),
        to: z.enum(VERDICT_STATUSES),
        count,
      }),
    ),
    health: z.strictObject({
      deliverable: count,
      undeliverable: count,
      unknown: count,
      other: count,
    }),
    chargedMicros: micros.nullable(),
    question: z.strictObject({ retire: count, of: count, ceilingBp: count }).nullable(),
    jobId: text.nullable(),
    files: z.strictObject({ cleaned: count, failed: count, already: count }).nullable(),
  }),
);

const healthPointSchema = viewOf<WatchHealthPoint>()(
  z.strictObject({
    runId: text,
    at: text,
    deliverable: count,
    undeliverable: count,
    unknown: count,
    other: count,
  }),
);

export const watchViewSchema = viewOf<WatchView>()(
  z.strictObject({
    id: text,
    name: text,
    source: sourceSchema,
    product: z.enum(JOB_PRODUCTS),
    every: z.strictObject({ count, unit: z.enum(['days', 'weeks']) }),
    at: text,
    recheckDays: count,
    state: z.enum(['active', 'paused']),
    retire: z.strictObject({ mode: retireModeSchema, ceilingBp: count }).nullable(),
    nextRunAt: z.number().int(),
    running: z.boolean(),
    capMicros: micros.nullable(),
    capKind: z.enum(['account', 'usd', 'none']),
    spentMicros: micros,
    lastRun: watchRunViewSchema.nullable(),
    health: z.array(healthPointSchema).max(26),
    decayPerMonth: z.number().min(0).nullable(),
    createdAt: text,
  }),
);

export const watchSchedulerViewSchema = viewOf<WatchSchedulerView>()(
  z.strictObject({
    on: z.boolean(),
    kind: z.enum(['systemd', 'launchd', 'task']),
    files: z.array(text),
  }),
);

export const watchDraftViewSchema = viewOf<WatchDraftView>()(
  z.strictObject({
    jobId: text,
    platform: z.enum(PLATFORMS),
    listName: text,
    retireModes: z.array(retireModeSchema),
    retirable: count,
    members: count,
    recheckDays: count,
    maxRecheckDays: count,
    accountLimitMicros: micros.nullable(),
  }),
);
