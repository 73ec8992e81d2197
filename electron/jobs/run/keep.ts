// What a run of a job shares (the job's record, files, client and outcome
// log), and how it stores what the service was paid for: every answer into
// the outcome log before anything else is sent, job.json after every step
// that moved money. A write that fails is tried again briefly; then the run
// stops with words for what was paid for and not kept.
import type { JobProduct } from '../../common/model';
import type { ServiceClient } from '../../service/client';
import type { AddressBook } from '../storage/address-book';
import { retryWrite, systemDisk, type Disk } from '../storage/disk';
import { UnkeptAnswersError, progressNotSavedError } from './failures';
import {
  LogGoneError,
  type OutcomeLog,
  type OutcomeRecord,
  type OutcomeTable,
} from '../storage/outcomes';
import type { JobRecord } from '../storage/record';
import type { JobPaths } from '../storage/store';
import type { RunClaims } from './claims';
import type { RequestJournal } from '../storage/requests-journal';

export interface RunHooks {
  /** Saves the record atomically; resolves once it is on disk. */
  save(): Promise<void>;
  /** Something the UI shows changed (counts, next poll); not saved. */
  changed(): void;
  setNextCheck(taskIndex: number, at: number | null): void;
  /**
   * Present when this job is the only one running: the balance is read around
   * a submit, and what it moved by for the lines sent is the bulk unit price.
   */
  learnBulkPrice?(reservedMicros: number, lines: number): Promise<void>;
  /**
   * Answers the service gave, by position, as they are kept, with the product
   * and route that asked: the memory keeps them, and learns what they say of
   * the avatar products' coverage. A promise returned holds the run until the
   * memory catches up.
   */
  kept?(
    records: readonly OutcomeRecord[],
    how: { product: JobProduct; route: 'sync' | 'bulk' },
  ): void | Promise<void>;
  /** Positions of a refused task's addresses found outside the avatar products' coverage. */
  refusedOutside?(positions: readonly number[]): void;
}

/** What the job may still spend; each charge-bearing request takes its share first. */
export interface Budget {
  /**
   * False, and nothing taken, when `addresses` more by this route, checked
   * with `product` (the job's by default), could go over the limit.
   */
  take(addresses: number, route: 'sync' | 'bulk', product?: JobProduct): boolean;
  /** Gives back what a request took and was not charged for at all (a refused bulk file). */
  release(addresses: number, route: 'sync' | 'bulk', product?: JobProduct): void;
}

export interface RunContext {
  record: JobRecord;
  paths: JobPaths;
  client: ServiceClient;
  addresses: AddressBook;
  outcomes: OutcomeTable;
  log: OutcomeLog;
  hooks: RunHooks;
  /** Stop taking new work (requests in flight finish and are kept). */
  stop: AbortSignal;
  /** The disk's answers; the system's unless a test says otherwise. */
  disk?: Disk;
  /** Aborted by Stop: nothing new is sent; what was sent is waited for and kept. */
  halt?: AbortSignal;
  /** The job's spending limit, when it has one and its price is known. */
  budget?: Budget;
  /** Answers the memory gives now for positions about to be sent (as reused records). */
  reuse?: (positions: readonly number[]) => OutcomeRecord[];
  /** Claims on the addresses about to be sent, shared with the account's other jobs (claims.ts). */
  claims?: RunClaims;
  /** Set when the budget refused a request: the run ends held, not failed. */
  overBudget?: boolean;
  /** Each synchronous request written before it is sent, and marked when it ends. */
  journal?: RequestJournal;
}

/**
 * May the run send a request that can charge for `addresses`? Not after Stop,
 * nor when it could take the job over its limit; the run then ends held.
 */
export function mayCharge(
  ctx: RunContext,
  addresses: number,
  route: 'sync' | 'bulk',
  product?: JobProduct,
): boolean {
  if (ctx.halt?.aborted) return false;
  if (ctx.budget && !ctx.budget.take(addresses, route, product)) {
    ctx.overBudget = true;
    return false;
  }
  return true;
}

export class StoppedError extends Error {
  constructor() {
    super('The job was stopped; it carries on where it left off when resumed.');
    this.name = 'StoppedError';
  }
}

export const retryDelays = (ctx: RunContext): readonly number[] =>
  (ctx.disk ?? systemDisk).retryDelaysMs;

/** The run's one account of answers not kept, so every later failure adds to the same message. */
const unkeptOf = new WeakMap<RunContext, UnkeptAnswersError>();

/** An answer the service charged for: any with a result. */
export const isCharged = (r: OutcomeRecord) => r.status !== 'unknown';

const charged = (ctx: RunContext): number => ctx.outcomes.counts().paid;

async function unkept(ctx: RunContext, cause: unknown): Promise<UnkeptAnswersError> {
  let error = unkeptOf.get(ctx);
  if (!error) {
    const folderGone = cause instanceof LogGoneError || (await ctx.log.gone().catch(() => false));
    error = new UnkeptAnswersError(
      cause,
      ctx.paths.dir,
      { kept: ctx.outcomes.counts().done, charged: charged(ctx) },
      folderGone,
      (ctx.record.plan?.bulk ?? []).flatMap((t) =>
        t.taskId && (t.status === 'processing' || t.status === 'success')
          ? [{ id: t.taskId, addresses: t.end - t.start }]
          : [],
      ),
    );
    unkeptOf.set(ctx, error);
  }
  return error;
}

/**
 * Stores answers the service gave (and charged for, where determined):
 * synchronous checks (`task` null), whose answers exist nowhere else, or a
 * bulk task's results, which the service still holds. `product`: what they
 * were checked with, the job's own unless said. A task's results come a batch
 * at a time: `unkept` then counts the charged answers a failure here leaves
 * unkept, this batch's and those of the file still to read.
 */
export async function keep(
  ctx: RunContext,
  records: OutcomeRecord[],
  task: { taskId: string; unkept?: number } | null = null,
  product: JobProduct = ctx.record.product ?? 'email',
): Promise<void> {
  try {
    await ctx.log.append(records);
  } catch (err) {
    const error = await unkept(ctx, err);
    const charged = records.filter(isCharged).length;
    throw error.add(task, records.length, Math.max(charged, task?.unkept ?? 0));
  }
  for (const r of records) ctx.outcomes.set(r);
  // Held while the memory is far behind, so answers never pile up waiting for it.
  await ctx.hooks.kept?.(records, { product, route: task ? 'bulk' : 'sync' });
  ctx.hooks.changed();
}

/**
 * Saves job.json after a step that moved money (a submit's answer, a poll, a
 * finished task). Tried again briefly; a folder deleted under the job is told
 * as such, since writing on would go nowhere.
 */
export async function saveProgress(ctx: RunContext): Promise<void> {
  try {
    await retryWrite(
      () => ctx.hooks.save(),
      retryDelays(ctx),
      // No use trying again in a folder that is gone.
      async () => {
        if (await ctx.log.gone()) throw new LogGoneError(ctx.paths.outcomes);
      },
    );
  } catch (err) {
    if (await ctx.log.gone().catch(() => false)) {
      throw (await unkept(ctx, new LogGoneError(ctx.paths.outcomes))).add(null, 0, 0);
    }
    throw progressNotSavedError(err, ctx.paths.dir);
  }
}
