// What a watch is and what each of its runs keeps, checked with zod on every
// read of the data folder's files: a platform list, the product, the
// schedule, the re-check age, whether undeliverable members are retired (and
// the ceiling per run), the monthly cap, and where its schedule stands.
import { z } from 'zod';
import { MAX_REUSE_DAYS, MAX_SPEND_MICROS } from '../common/limits';
import { JOB_PRODUCTS } from '../common/model';
import { MEMBER_CHOICES, PLATFORMS, VERDICT_STATUSES } from '../common/catalogs/platforms';
import { MAX_EVERY_DAYS } from '../common/schedules/watch-schedule';
import { storedMessage } from '../lib/stored-message';

/** The default re-check age: an answer older than this is paid for again. */
export const DEFAULT_RECHECK_DAYS = 90;
/** The default retire ceiling per run, in basis points of the members read (2 %). */
export const DEFAULT_RETIRE_CEILING_BP = 200;

const count = z.number().int().min(0).max(1e9);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const everySchema = z
  .strictObject({
    count: z.number().int().min(1).max(MAX_EVERY_DAYS),
    unit: z.enum(['days', 'weeks']),
  })
  .refine((e) => e.count * (e.unit === 'weeks' ? 7 : 1) <= MAX_EVERY_DAYS);

const platformSource = z.strictObject({
  kind: z.literal('platform'),
  platform: z.enum(PLATFORMS),
  listId: z.string().trim().min(1).max(200),
  listName: z.string().max(1000),
  choice: z.enum(MEMBER_CHOICES),
});

/** A hot folder: every list file that lands in `folder` is cleaned into `out`; both absolute. */
const folderSource = z.strictObject({
  kind: z.literal('folder'),
  folder: z.string().min(1).max(4096),
  out: z.string().min(1).max(4096),
});

export const watchSchema = z.strictObject({
  id: z.string().regex(/^w-[0-9a-z]{8}$/),
  name: z.string().trim().min(1).max(1200),
  source: z.discriminatedUnion('kind', [platformSource, folderSource]),
  product: z.enum(JOB_PRODUCTS),
  schedule: z.strictObject({
    every: everySchema,
    anchor: day,
    at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  }),
  recheckDays: z.number().int().min(1).max(MAX_REUSE_DAYS),
  retire: z
    .strictObject({
      mode: z.enum(['unsubscribe', 'archive']),
      ceilingBp: z.number().int().min(1).max(10_000),
      agreedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
  cap: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('account') }),
    z.strictObject({
      kind: z.literal('usd'),
      micros: z.number().int().min(1).max(MAX_SPEND_MICROS),
    }),
    z.strictObject({ kind: z.literal('none') }),
  ]),
  state: z.enum(['active', 'paused']),
  /** The latest slot a run covered (epoch ms); null before the first run. */
  lastSlotDone: z.number().int().nullable(),
  /** A run held back by the cap is not tried again before this (epoch ms). */
  retryAt: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

export type Watch = z.infer<typeof watchSchema>;
export type WatchSource = Watch['source'];
export type WatchCap = Watch['cap'];

export const RUN_OUTCOMES = ['done', 'needs-answer', 'capped', 'failed'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

const verdictOrNone = z.union([z.enum(VERDICT_STATUSES), z.literal('none')]);

export const runSchema = z.strictObject({
  id: z.string().regex(/^r-[0-9a-z]{8}$/),
  watchId: z.string(),
  trigger: z.enum(['schedule', 'now']),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  outcome: z.enum(RUN_OUTCOMES),
  /** Why a run did not finish, in English, and as the message it was made from. */
  why: z.string().max(4000).nullable(),
  whySaid: storedMessage.optional(),
  counts: z.strictObject({
    /** Members read from the platform. */
    read: count,
    /** Members the platform carried no verdict of ours for. */
    new: count,
    /** Answers paid for (new, and older than the re-check age). */
    paid: count,
    /** Answers within the re-check age, taken from the memory free. */
    reused: count,
    written: count,
    unchanged: count,
    refused: count,
    retired: count,
  }),
  /** Verdicts that changed since what the platform carried ("37 deliverable → undeliverable"). */
  changed: z
    .array(z.strictObject({ from: verdictOrNone, to: z.enum(VERDICT_STATUSES), count }))
    .max(64),
  /** The list's health after the run: members by verdict. */
  health: z.strictObject({
    deliverable: count,
    undeliverable: count,
    unknown: count,
    other: count,
  }),
  chargedMicros: count.nullable(),
  /** Retiring more than the ceiling was asked about: how many, of how many read. */
  question: z.strictObject({ retire: count, of: count, ceilingBp: count }).nullable(),
  jobId: z.string().nullable(),
  /** A hot folder's pass: files cleaned, files that could not be read, files cleaned before. */
  files: z.strictObject({ cleaned: count, failed: count, already: count }).optional(),
});

export type WatchRun = z.infer<typeof runSchema>;
