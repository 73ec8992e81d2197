// The bulk part of a job: each task's address file written whole (atomically)
// with its hash kept before the submit, sent under its Idempotency-Key, looked
// at no more often than the service asks (the submit's answer is a look, and
// so is a poll before a restart), its result downloaded, and the file checked
// against the count the task reported before the task counts as done.
import { log } from '../../lib/log';
import { message } from '../../common/i18n/message';
import type { BulkTask } from '../../service/client';
import { freshLinkMayHelp } from '../../service/results/download';
import { ServiceError } from '../../service/errors';
import { firstPollAt } from '../../service/poll';
import { TaskFailedError, notSentError, resultIncompleteError } from '../run/failures';
import { sameFileAsSent, writeTaskFile } from './task-file';
import { retryWrite } from '../storage/disk';
import {
  StoppedError,
  isCharged,
  keep,
  mayCharge,
  retryDelays,
  saveProgress,
  type RunContext,
} from '../run/keep';
import type { BulkTaskRecord, JobRecord } from '../storage/record';
import { oneResultAtATime, taskResults, type TaskResults } from './result-file';
import type { OutcomeRecord } from '../storage/outcomes';
import { refusalOf } from '../waits/refusals';
import { bulkProduct, type JobProduct } from '../../common/model';

/**
 * A file refused before any charge (40000), with how many of its addresses
 * are outside avatar coverage when the answer says so in words (null when
 * not). The interface does not show the refusal's shape, so an avatar file
 * refused for any reason is met the same way: by multi checks, which charge
 * only addresses with a result.
 */
const refusal = (err: unknown): { outside: number | null } | null => {
  if (!(err instanceof ServiceError) || err.serviceCode !== 40000) return null;
  const match = /(\d[\d,]*) addresses? (?:are|is) outside/i.exec(err.serviceMessage ?? '');
  return { outside: match ? Number((match[1] as string).replace(/,/g, '')) : null };
};

/** The product a task is checked with: its own, else the job's. */
export const taskProduct = (ctx: RunContext, task: BulkTaskRecord): JobProduct =>
  task.product ?? ctx.record.product ?? 'email';

/**
 * An avatar task the service refused before any charge (for coverage, as a
 * rule): its addresses go through avatar multi checks instead, where an address outside
 * coverage comes back without a result and is not charged. The new plan is
 * on disk before anything more is sent; a crash before it is kept resends the
 * task, which is refused again (a refused submit made no task for its key).
 */
async function reroute(ctx: RunContext, k: number, outside: number | null): Promise<void> {
  const plan = ctx.record.plan;
  const task = plan?.bulk[k];
  if (!plan || !task) return;
  task.status = 'rerouted';
  // Refused before any charge: what the file took of the limit is free for its multi checks.
  ctx.budget?.release(task.end - task.start, 'bulk', 'avatar');
  plan.syncParts = [
    ...(plan.syncParts ?? []),
    {
      start: task.start,
      end: task.end,
      product: 'avatar',
      ...(outside !== null ? { refused: outside } : {}),
    },
  ];
  // Nothing of the job waits at the service any more: it is being checked.
  if (plan.bulk.every((t) => t.status === 'rerouted' || t.status === 'done')) {
    ctx.record.state = 'checking';
  }
  const why =
    outside !== null
      ? `for ${outside.toLocaleString('en-US')} addresses outside avatar coverage`
      : 'before any charge';
  log.info(
    `jobs: bulk task ${k + 1} was refused ${why}; its ${(task.end - task.start).toLocaleString('en-US')} addresses go through multi checks instead`,
  );
  try {
    await ctx.hooks.save();
  } catch (err) {
    throw notSentError(err, ctx.paths.dir, message('error.job.what.taskPlan', { task: k + 1 }));
  }
  ctx.hooks.changed();
}

/** What the balance moved by around a submit, for the lines sent: a bulk unit price to confirm. */
interface PriceSeen {
  micros: number;
  lines: number;
  /** The balance before the submit, for a task that finishes before it is first looked at. */
  before: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const lookedAt = (task: BulkTaskRecord): number | undefined =>
  task.lookedAt ? Date.parse(task.lookedAt) : undefined;

async function submitTask(ctx: RunContext, k: number): Promise<PriceSeen | null> {
  const task = ctx.record.plan?.bulk[k];
  if (!task) return null;
  const product = taskProduct(ctx, task);
  const file = ctx.paths.taskFile(k);
  if (task.status === 'pending') {
    task.sha256 = await writeTaskFile(ctx, k, task);
    // On disk before the request: a crash from here on resends this file with this same key.
    task.status = 'submitting';
    try {
      await ctx.hooks.save();
    } catch (err) {
      throw notSentError(err, ctx.paths.dir, message('error.job.what.taskRecord', { task: k + 1 }));
    }
  } else {
    await sameFileAsSent(ctx, k, task);
  }
  let answer: BulkTask;
  // Another task of this job that may settle meanwhile (its refund lands between
  // the two balance reads) would spoil the reading: only learn when none can.
  const othersMayMove = (ctx.record.plan?.bulk ?? []).some(
    (t, j) => j !== k && (t.status === 'processing' || t.status === 'submitting'),
  );
  // Only the job's own product's price is learned here.
  const learn =
    othersMayMove || product !== ctx.record.product ? undefined : ctx.hooks.learnBulkPrice;
  const before = learn ? await ctx.client.balance().catch(() => null) : null;
  try {
    answer = await ctx.client.submitBulk(bulkProduct(product), file, task.idempotencyKey);
  } catch (err) {
    const refused = product === 'avatar' ? refusal(err) : null;
    if (refused === null) throw err;
    await reroute(ctx, k, refused.outside);
    return null;
  }
  // The answer is the task as it is now: the first poll is due an interval after it.
  const answeredAt = Date.now();
  let seen: PriceSeen | null = null;
  if (learn && before) {
    const after = await ctx.client.balance().catch(() => null);
    // Not learned yet: a task that finished before the second read was already
    // charged for what it checked and refunded the rest, so the balance moved by
    // less than a line's price times its lines. finishTask learns it once the
    // first poll shows the task was still processing after that read.
    if (after)
      seen = {
        micros: before.balanceMicros - after.balanceMicros,
        lines: answer.submittedLines ?? answer.total,
        before: before.balanceMicros,
      };
  }
  task.taskId = answer.id;
  task.submittedAt = answer.createdAt;
  task.lookedAt = iso(answeredAt);
  task.status = answer.status === 'processing' ? 'processing' : answer.status;
  ctx.hooks.setNextCheck(k, firstPollAt(ctx.client.pollIntervalMs, answeredAt));
  await saveProgress(ctx);
  return seen;
}

/**
 * Polls the task until it fails or has a result link, never sooner than an
 * interval after the last look (kept in job.json, so a restart waits too).
 */
async function look(
  ctx: RunContext,
  k: number,
  task: BulkTaskRecord & { taskId: string },
  onUpdate?: (t: BulkTask) => void,
): Promise<BulkTask> {
  const last = lookedAt(task);
  // The countdown shows from the start: the first poll may be most of an interval away.
  ctx.hooks.setNextCheck(k, firstPollAt(ctx.client.pollIntervalMs, last));
  const done = await ctx.client.waitForBulk(task.taskId, {
    signal: ctx.stop,
    ...(last !== undefined ? { lastLookedAt: last } : {}),
    onLooked: async (at) => {
      task.lookedAt = iso(at);
      await saveProgress(ctx);
    },
    onUpdate: (t, next) => {
      ctx.hooks.setNextCheck(k, next);
      onUpdate?.(t);
    },
  });
  ctx.hooks.setNextCheck(k, null);
  if (done.status === 'failed') {
    task.status = 'failed';
    await saveProgress(ctx);
    throw new TaskFailedError(task.taskId);
  }
  task.successCnt = done.successCnt;
  task.failureCnt = done.failureCnt;
  return done;
}

/** Links tried for one download: the first, and fresh ones when a link expired or broke off. */
const LINKS_PER_DOWNLOAD = 3;

/**
 * Downloads the task's result (asking for a fresh link when `url` is null or
 * stops working), keeps its outcomes, and marks the task done. A file holding
 * fewer results than the task reported is downloaded once more; if it is
 * still short, what it holds is kept and the job stops saying so.
 */
async function download(
  ctx: RunContext,
  k: number,
  task: BulkTaskRecord & { taskId: string },
  url: string | null,
): Promise<void> {
  const id = task.taskId;
  const dest = ctx.paths.resultFile(k);
  // The task's own address count bounds its result file.
  const options = { signal: ctx.stop, rows: task.end - task.start };
  const product = taskProduct(ctx, task);
  // Its addresses as sent, by fingerprint: the rows are matched against them.
  // Made when its file is first read, kept for a second download.
  let results: TaskResults | null = null;
  const resultsOf = () =>
    (results ??= taskResults(
      (from, to) => ctx.addresses.lines(task.start + from, task.start + to),
      task.end - task.start,
      task.start,
      product === 'avatar',
    ));
  // The file's answers kept so far: should a batch fail to be kept, the rest of
  // those the task reported are unkept with it.
  let keptFromFile = 0;
  const keepBatch = async (records: OutcomeRecord[]) => {
    const charged = records.filter(isCharged).length;
    const unkept = (task.successCnt ?? 0) - keptFromFile;
    await keep(ctx, records, { taskId: id, unkept }, product);
    keptFromFile += charged;
  };
  let link = url;
  let links = 0;
  let downloadedAgain = false;
  let strayTold = false;
  for (;;) {
    if (link === null) link = (await look(ctx, k, task)).resultUrl as string;
    try {
      links += 1;
      const from = link;
      // A disk short of room for a moment gets a few more tries.
      await retryWrite(() => ctx.client.downloadResult(from, dest, options), retryDelays(ctx));
    } catch (err) {
      if (ctx.stop.aborted) throw new StoppedError();
      // A fresh link helps only a download that expired or broke off; a file
      // too large or a link refused would come back the same.
      if (!freshLinkMayHelp(err) || links >= LINKS_PER_DOWNLOAD) throw err;
      const why = err instanceof Error ? err.message : String(err);
      log.warn(`jobs: the result of task ${id} is fetched again: ${why}`);
      link = null;
      continue;
    }
    // The file's answers are kept as they are read (a second download adds
    // only what the first lacked), one result file of the process at a time.
    const reported = task.successCnt ?? null;
    const read = await oneResultAtATime(async () => {
      const taken = resultsOf();
      const { stray } = await taken.read(dest, keepBatch);
      const short = reported !== null && taken.matched < reported;
      if (!short) await taken.rest(keepBatch);
      return { stray, short, matched: taken.matched };
    });
    if (read.stray > 0 && !strayTold) {
      strayTold = true;
      log.warn(
        `jobs: the result file of task ${id} has ${read.stray.toLocaleString('en-US')} rows for addresses that were never sent; they are ignored`,
      );
    }
    if (read.short && reported !== null) {
      if (!downloadedAgain) {
        downloadedAgain = true;
        log.warn(
          `jobs: the result file of task ${id} holds ${read.matched.toLocaleString('en-US')} of the ${reported.toLocaleString('en-US')} results the service reported; it is downloaded again`,
        );
        link = null;
        continue;
      }
      // Rows from the file are kept, determined; the rest stay without an
      // outcome, so Try again downloads them instead of taking them as unknown.
      throw resultIncompleteError(id, reported, read.matched);
    }
    task.status = 'done';
    await saveProgress(ctx);
    return;
  }
}

async function finishTask(ctx: RunContext, k: number, seen: PriceSeen | null): Promise<void> {
  const task = ctx.record.plan?.bulk[k];
  if (!task?.taskId) return;
  const known = task as BulkTaskRecord & { taskId: string };
  if (task.status === 'processing') {
    let unconfirmed = seen;
    const done = await look(ctx, k, known, (t) => {
      // Still processing after the balance was read: what it moved by was the reservation.
      if (unconfirmed && t.status === 'processing') {
        void ctx.hooks
          .learnBulkPrice?.(unconfirmed.micros, unconfirmed.lines)
          .catch(() => undefined);
        unconfirmed = null;
      }
    });
    // Finished before the first look (a quick task, since the first look waits
    // an interval): once it is done, the balance has moved by what it charged,
    // its checked addresses. Only readable so when nothing else of the job can
    // have moved the balance meanwhile: one task, and no synchronous part.
    const plan = ctx.record.plan;
    const alone = plan?.bulk.length === 1 && !plan.sync && !plan.syncParts?.length;
    if (unconfirmed && alone && done.successCnt) {
      const after = await ctx.client.balance().catch(() => null);
      if (after) {
        await ctx.hooks
          .learnBulkPrice?.(unconfirmed.before - after.balanceMicros, done.successCnt)
          .catch(() => undefined);
      }
    }
    task.status = 'success';
    await saveProgress(ctx);
    ctx.hooks.changed();
    // The link is short-lived: download now.
    await download(ctx, k, known, done.resultUrl);
  } else if (task.status === 'success') {
    await download(ctx, k, known, null);
  }
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
  // A submit the service refuses for a while (no more orders, maintenance)
  // sends no more tasks, but those already sent still go on to their
  // results, and the refusal is thrown once they have: the wait that follows
  // (wait-out.ts) must not hold their results back.
  let refused: unknown = null;
  for (let k = 0; k < tasks.length; k++) {
    if (ctx.stop.aborted) throw new StoppedError();
    const task = tasks[k];
    const status = task?.status;
    // Stopped, or over the limit: no new task is sent; those sent go on to their results.
    if (
      status === 'pending' &&
      task &&
      !mayCharge(ctx, task.end - task.start, 'bulk', taskProduct(ctx, task))
    ) {
      continue;
    }
    if (status === 'pending' || status === 'submitting') {
      try {
        const price = await submitTask(ctx, k);
        if (price) seen.set(k, price);
      } catch (err) {
        if (refusalOf(err) === null) throw err;
        refused = err;
        break;
      }
    }
  }
  const waits = tasks.map((_, k) => finishTask(ctx, k, seen.get(k) ?? null));
  const results = await Promise.allSettled([alongside(), ...waits]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  if (refused !== null) throw refused;
}
