// Running one job: synchronous checks for a small list (or the remainder of a
// large one), bulk tasks for the rest. Every rule here serves one promise:
// what the user paid for is on disk before anything else is sent, and nothing
// is sent twice in a way that could charge twice.
//
// Stopping (Ctrl-C, quitting the app) stops taking new work; requests already
// sent are waited for and their outcomes kept, since they are being paid for.
import { access, writeFile } from 'node:fs/promises';
import type { ServiceClient, CheckResult, BulkTask } from '../service/client';
import { freshLinkMayHelp } from '../service/download';
import { ServiceError } from '../service/errors';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import type { AddressBook } from './address-book';
import type { OutcomeLog, OutcomeRecord, OutcomeTable } from './outcomes';
import { SPARE_SLOTS, syncSchedule, type Range } from './plan';
import type { BulkTaskRecord, JobRecord } from './record';
import { readResultFile } from './result-file';
import type { JobPaths } from './store';

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
}

const syncProduct = (record: JobRecord) =>
  record.product === 'avatar' ? ('email_avatar' as const) : ('email' as const);
const bulkProduct = (record: JobRecord) =>
  record.product === 'avatar' ? ('email_avatar_batch' as const) : ('email_batch' as const);

export class StoppedError extends Error {
  constructor() {
    super('The job was stopped; it carries on where it left off when resumed.');
    this.name = 'StoppedError';
  }
}

function toRecord(index: number, result: CheckResult): OutcomeRecord {
  return {
    index,
    status: result.outcome,
    provider: result.provider,
    avatar: result.avatar,
    avatarUrl: result.avatarUrl,
  };
}

async function keep(ctx: RunContext, records: OutcomeRecord[]): Promise<void> {
  await ctx.log.append(records);
  for (const r of records) ctx.outcomes.set(r);
  ctx.hooks.changed();
}

/** The addresses of a range that have no outcome yet: what a resume still has to do. */
function pendingIn(ctx: RunContext, range: Range): number[] {
  const pending: number[] = [];
  for (let i = range.start; i < range.end; i++) if (!ctx.outcomes.has(i)) pending.push(i);
  return pending;
}

export async function runSync(ctx: RunContext, range: Range): Promise<void> {
  const pending = pendingIn(ctx, range);
  const schedule = syncSchedule({ start: 0, end: pending.length });
  const product = syncProduct(ctx.record);
  let fatal: unknown = null;
  const halted = () => fatal !== null || ctx.stop.aborted;
  const addressOf = (i: number) => ctx.addresses.at(i);

  const multis = async () => {
    for (const part of schedule.multis) {
      if (halted()) return;
      const indexes = pending.slice(part.start, part.end);
      try {
        const answer = await ctx.client.batchCheck(product, indexes.map(addressOf));
        await keep(
          ctx,
          answer.results.map((r, k) => toRecord(indexes[k] as number, r)),
        );
      } catch (err) {
        fatal ??= err;
      }
    }
  };

  let nextSingle = schedule.singles?.start ?? 0;
  const singlesEnd = schedule.singles?.end ?? 0;
  const singles = async () => {
    while (!halted() && nextSingle < singlesEnd) {
      const index = pending[nextSingle++] as number;
      try {
        const result = await ctx.client.check(product, addressOf(index));
        await keep(ctx, [toRecord(index, result)]);
      } catch (err) {
        // The service judges the address invalid after all: no charge, no result.
        if (err instanceof ServiceError && err.serviceCode === 40002) {
          await keep(ctx, [{ index, status: 'unknown' }]);
        } else fatal ??= err;
      }
    }
  };

  await Promise.all([multis(), ...Array.from({ length: SPARE_SLOTS }, singles)]);
  if (fatal !== null) throw fatal;
  if (ctx.stop.aborted) throw new StoppedError();
}

/** Writes a task's address file: one address per line, as the service takes them. */
async function writeTaskFile(ctx: RunContext, k: number, task: BulkTaskRecord): Promise<string> {
  const path = ctx.paths.taskFile(k);
  await writeFile(path, ctx.addresses.lines(task.start, task.end));
  return path;
}

const outsideCoverage = (err: ServiceError): number | null => {
  const match = /(\d[\d,]*) addresses? (?:are|is) outside/i.exec(err.serviceMessage ?? '');
  return match ? Number((match[1] as string).replace(/,/g, '')) : null;
};

export class CoverageError extends AppError {
  constructor(readonly outside: number) {
    super(
      'service',
      `${outside.toLocaleString('en-US')} of these addresses are at providers the avatar check does not cover, so the service refused the file before charging anything. You can run the rest as avatar checks one by one (only covered addresses are charged), or check the list with Email instead.`,
      40000,
    );
  }
}

/** What the balance moved by around a submit, for the lines sent: a bulk unit price to confirm. */
interface PriceSeen {
  micros: number;
  lines: number;
}

async function submitTask(ctx: RunContext, k: number): Promise<PriceSeen | null> {
  const task = ctx.record.plan?.bulk[k];
  if (!task) return null;
  let file = ctx.paths.taskFile(k);
  if (task.status === 'pending') {
    file = await writeTaskFile(ctx, k, task);
    // On disk before the request: a crash from here on resends with this same key.
    task.status = 'submitting';
    await ctx.hooks.save();
  } else if (
    await access(file).then(
      () => false,
      () => true,
    )
  ) {
    await writeTaskFile(ctx, k, task);
  }
  let answer: BulkTask;
  // Another task of this job that may settle meanwhile (its refund lands between
  // the two balance reads) would spoil the reading: only learn when none can.
  const othersMayMove = (ctx.record.plan?.bulk ?? []).some(
    (t, j) => j !== k && (t.status === 'processing' || t.status === 'submitting'),
  );
  const learn = othersMayMove ? undefined : ctx.hooks.learnBulkPrice;
  const before = learn ? await ctx.client.balance().catch(() => null) : null;
  try {
    answer = await ctx.client.submitBulk(bulkProduct(ctx.record), file, task.idempotencyKey);
  } catch (err) {
    if (err instanceof ServiceError && err.serviceCode === 40000) {
      const outside = outsideCoverage(err);
      if (outside !== null) {
        task.status = 'pending';
        throw new CoverageError(outside);
      }
    }
    throw err;
  }
  let seen: PriceSeen | null = null;
  if (learn && before) {
    const after = await ctx.client.balance().catch(() => null);
    // Not learned yet: a task that finished before the second read was already
    // charged for what it checked and refunded the rest (a 3,000-line task with
    // 171 undetermined taught "943" instead of 1,000). finishTask learns it once
    // the first poll shows the task was still processing after that read.
    if (after)
      seen = {
        micros: before.balanceMicros - after.balanceMicros,
        lines: answer.submittedLines ?? answer.total,
      };
  }
  task.taskId = answer.id;
  task.submittedAt = answer.createdAt;
  task.status = answer.status === 'processing' ? 'processing' : answer.status;
  await ctx.hooks.save();
  return seen;
}

export class TaskFailedError extends AppError {
  constructor(taskId: string) {
    super(
      'service',
      `The service could not finish bulk task ${taskId}; everything reserved for it was refunded. Try again (list-cleaner resume) sends those addresses again.`,
    );
  }
}

async function finishTask(ctx: RunContext, k: number, seen: PriceSeen | null): Promise<void> {
  const task = ctx.record.plan?.bulk[k];
  if (!task?.taskId) return;
  const id = task.taskId;
  const dest = ctx.paths.resultFile(k);
  // The task's own address count bounds its result file.
  const download = { signal: ctx.stop, rows: task.end - task.start };
  if (task.status === 'processing') {
    let unconfirmed = seen;
    const done = await ctx.client.waitForBulk(id, {
      signal: ctx.stop,
      onUpdate: (t, next) => {
        ctx.hooks.setNextCheck(k, next);
        // Still processing after the balance was read: what it moved by was the reservation.
        if (unconfirmed && t.status === 'processing') {
          void ctx.hooks
            .learnBulkPrice?.(unconfirmed.micros, unconfirmed.lines)
            .catch(() => undefined);
        }
        unconfirmed = null;
      },
    });
    ctx.hooks.setNextCheck(k, null);
    task.successCnt = done.successCnt;
    task.failureCnt = done.failureCnt;
    if (done.status === 'failed') {
      task.status = 'failed';
      await ctx.hooks.save();
      throw new TaskFailedError(id);
    }
    task.status = 'success';
    await ctx.hooks.save();
    ctx.hooks.changed();
    // The link is short-lived: download now; a link that expired meanwhile is asked for again.
    try {
      await ctx.client.downloadResult(done.resultUrl as string, dest, download);
    } catch (err) {
      if (ctx.stop.aborted) throw new StoppedError();
      // A fresh link helps only a download that expired or broke off; a file
      // too large or a link refused would come back the same.
      if (!freshLinkMayHelp(err)) throw err;
      log.warn(`jobs: the result of task ${id} is fetched again`, err);
      await ctx.client.fetchResult(id, dest, download);
    }
  } else if (task.status === 'success') {
    await ctx.client.fetchResult(id, dest, download);
  } else return;
  const addresses = Array.from({ length: task.end - task.start }, (_, k) =>
    ctx.addresses.at(task.start + k),
  );
  const result = await readResultFile(dest, addresses, task.start, ctx.record.product === 'avatar');
  await keep(ctx, result.records);
  task.status = 'done';
  await ctx.hooks.save();
}

export function downloading(record: JobRecord): boolean {
  return record.plan?.bulk.some((t) => t.status === 'success') ?? false;
}

/**
 * Bulk tasks: sent one after another (each saved before it is sent), then all
 * waited for together while the synchronous remainder, if any, is checked.
 */
export async function runBulk(ctx: RunContext, alongside: () => Promise<void>): Promise<void> {
  const tasks = ctx.record.plan?.bulk ?? [];
  const seen = new Map<number, PriceSeen>();
  for (let k = 0; k < tasks.length; k++) {
    if (ctx.stop.aborted) throw new StoppedError();
    const status = tasks[k]?.status;
    if (status === 'pending' || status === 'submitting') {
      const price = await submitTask(ctx, k);
      if (price) seen.set(k, price);
    }
  }
  const waits = tasks.map((_, k) => finishTask(ctx, k, seen.get(k) ?? null));
  const results = await Promise.allSettled([alongside(), ...waits]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
