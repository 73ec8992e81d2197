// One run of a watch on a platform list: every member read into a job (as a
// platform clean reads them), then checked with the watch's re-check age as
// the reuse window, so only members never checked or whose answer is older
// than that age are paid for; every other answer comes from the memory, free.
// Only verdicts that changed from what the platform carries are written back.
// Everything that can stop a run (the monthly cap, the retire ceiling, a
// failed check) stops it before its write phase, so nothing is written
// half-way; the write-back itself is journalled (connectors/write-back/).
import { english, message, say, type Message } from '../common/i18n/message';
import {
  VERDICT_STATUSES,
  isVerdictStatus,
  type VerdictStatus,
} from '../common/catalogs/platforms';
import { isDue, latestSlot, monthStart, nextMonthStart } from '../common/schedules/watch-schedule';
import type { Connectors, WriteBackPlan } from '../connectors/connectors';
import type { Jobs } from '../jobs/jobs';
import { acquireJobLock, type LockHolder } from '../jobs/lock/lock';
import { AppError } from '../lib/app-error';
import type { StoredMessage } from '../lib/stored-message';
import type { JobView } from '../common/views/job-views';
import type { RunOutcome, Watch, WatchRun } from './model';
import { runFolder, waitingFiles } from './folder';
import { addRun, newRunId, patchWatch, readRuns, readWatch, watchDir } from './store';

export interface RunDeps {
  dataDir: string;
  jobs: Jobs;
  connectors: Connectors;
  /** Settings' spending limit: the cap of a watch made with the account's. */
  accountLimitMicros: number | null;
  /** Who runs it, in words another runner is shown ("the list-cleaner command"). */
  by: string;
  now?: () => number;
}

export interface RunOptions {
  trigger: 'schedule' | 'now';
  /** The answer to a run that stopped at the retire ceiling: retire them all this once. */
  overCeiling?: boolean;
}

export type RunResult =
  | { ran: true; run: WatchRun }
  | { ran: false; holder: LockHolder }
  /** A scheduled run found the watch run meanwhile (by another runner), or paused. */
  | { ran: false; holder: null };

/** The one due rule applied to a watch: active, a slot no run covered, nothing holding it back. */
export const dueNow = (watch: Watch, nowMs: number): boolean =>
  watch.state === 'active' &&
  isDue(watch.schedule, { lastSlotDone: watch.lastSlotDone, retryAt: watch.retryAt }, nowMs);

/** A hot folder is due whenever a complete file waits in it; a platform list by its schedule. */
export async function isWatchDue(watch: Watch, nowMs: number): Promise<boolean> {
  if (watch.source.kind !== 'folder') return dueNow(watch, nowMs);
  return watch.state === 'active' && (await waitingFiles(watch.source.folder, nowMs)).length > 0;
}

/** What the watch may still spend this month; null: no cap. */
export async function capLeft(deps: RunDeps, watch: Watch, nowMs: number): Promise<number | null> {
  const cap =
    watch.cap.kind === 'usd'
      ? watch.cap.micros
      : watch.cap.kind === 'account'
        ? deps.accountLimitMicros
        : null;
  if (cap === null) return null;
  return Math.max(0, cap - (await spentThisMonth(deps.dataDir, watch.id, nowMs)));
}

/** What the watch's runs were charged since the start of this month. */
export async function spentThisMonth(dataDir: string, id: string, nowMs: number): Promise<number> {
  const from = monthStart(nowMs);
  return (await readRuns(dataDir, id))
    .filter((r) => Date.parse(r.startedAt) >= from)
    .reduce((sum, r) => sum + (r.chargedMicros ?? 0), 0);
}

const emptyCounts = (): WatchRun['counts'] => ({
  read: 0,
  new: 0,
  paid: 0,
  reused: 0,
  written: 0,
  unchanged: 0,
  refused: 0,
  retired: 0,
});

/** Members by what they carried and what they are now: the changes, the new ones and the health. */
export function movesOf(plan: WriteBackPlan['counts']): {
  changed: WatchRun['changed'];
  fresh: number;
  health: WatchRun['health'];
} {
  const changed: WatchRun['changed'] = [];
  const health = { deliverable: 0, undeliverable: 0, unknown: 0, other: 0 };
  let fresh = 0;
  for (const [move, count] of Object.entries(plan.moves ?? {})) {
    const [from = '', to = ''] = move.split('>');
    if (!isVerdictStatus(to)) continue;
    if (to === 'deliverable' || to === 'undeliverable' || to === 'unknown') health[to] += count;
    else health.other += count;
    if (from === 'none') fresh += count;
    if (from !== to) {
      changed.push({
        from: from === 'none' || isVerdictStatus(from) ? (from as VerdictStatus | 'none') : 'none',
        to,
        count,
      });
    }
  }
  const order = (s: string) => VERDICT_STATUSES.indexOf(s as VerdictStatus);
  changed.sort((a, b) => b.count - a.count || order(a.to) - order(b.to));
  return { changed: changed.slice(0, 64), fresh, health };
}

/** Runs the watch now, unless another process runs it (then who does). */
export async function runWatch(deps: RunDeps, id: string, options: RunOptions): Promise<RunResult> {
  const lock = await acquireJobLock(watchDir(deps.dataDir, id), { by: deps.by });
  if (!lock.ok) return { ran: false, holder: lock.holder };
  try {
    const watch = await readWatch(deps.dataDir, id);
    // Judged again under the lock: another runner may have run it since it was found due.
    if (options.trigger === 'schedule' && !(await isWatchDue(watch, (deps.now ?? Date.now)()))) {
      return { ran: false, holder: null };
    }
    const run = await runLocked(deps, watch, options);
    await addRun(deps.dataDir, run);
    return { ran: true, run };
  } finally {
    await lock.lock.release();
  }
}

async function runLocked(deps: RunDeps, watch: Watch, options: RunOptions): Promise<WatchRun> {
  const now = deps.now ?? Date.now;
  const startedMs = now();
  const slot = latestSlot(watch.schedule, startedMs);
  const run: WatchRun = {
    id: newRunId(),
    watchId: watch.id,
    trigger: options.trigger,
    startedAt: new Date(startedMs).toISOString(),
    finishedAt: new Date(startedMs).toISOString(),
    outcome: 'failed',
    why: null,
    counts: emptyCounts(),
    changed: [],
    health: { deliverable: 0, undeliverable: 0, unknown: 0, other: 0 },
    chargedMicros: null,
    question: null,
    jobId: null,
  };
  const end = (outcome: RunOutcome, why: Message | string | null): WatchRun => {
    run.outcome = outcome;
    run.finishedAt = new Date(now()).toISOString();
    if (typeof why === 'string') run.why = why;
    else if (why !== null) {
      run.why = say(english.t, why);
      run.whySaid = why as StoredMessage;
    }
    return run;
  };
  try {
    const { source } = watch;
    if (source.kind === 'folder') {
      await runFolder({ dataDir: deps.dataDir, jobs: deps.jobs, now }, watch, run);
      await patchWatch(deps.dataDir, watch.id, {
        lastSlotDone: Math.max(slot ?? startedMs, watch.lastSlotDone ?? 0),
      });
      return end('done', null);
    }
    const { job } = await deps.connectors.importList(source.platform, source.listId, {
      choice: source.choice,
    });
    run.jobId = job.id;
    run.counts.read = job.rows;
    const left = await capLeft(deps, watch, startedMs);
    let finished: JobView = job;
    if (job.unique > 0) {
      try {
        await deps.jobs.start(job.id, watch.product, {
          reuseDays: watch.recheckDays,
          limitMicros: left,
        });
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== 'over_limit') throw e;
        // Nothing was sent: the draft goes, and the watch waits for next month's cap.
        await deps.jobs.remove(job.id);
        run.jobId = null;
        await patchWatch(deps.dataDir, watch.id, { retryAt: nextMonthStart(startedMs) });
        return end(
          'capped',
          message('watch.run.capped', {
            day: new Date(nextMonthStart(startedMs)).toISOString().slice(0, 10),
          }),
        );
      }
      finished = await deps.jobs.finished(job.id);
    }
    run.counts.paid = finished.paid;
    run.counts.reused = finished.reused;
    run.chargedMicros = finished.chargedMicros;
    if (finished.state !== 'done') {
      return end('failed', finished.failure?.message ?? finished.hold?.message ?? null);
    }
    const plan = await deps.connectors.plan(job.id, { statusOnly: true });
    const moves = movesOf(plan.counts);
    run.changed = moves.changed;
    run.counts.new = moves.fresh;
    run.health = moves.health;
    run.counts.unchanged = plan.counts.unchanged;
    const retire = watch.retire;
    if (retire !== null && !options.overCeiling) {
      const ceiling = Math.floor((run.counts.read * retire.ceilingBp) / 10_000);
      if (plan.counts.retirable > ceiling) {
        run.question = {
          retire: plan.counts.retirable,
          of: run.counts.read,
          ceilingBp: retire.ceilingBp,
        };
        return end('needs-answer', null);
      }
    }
    const report = await deps.connectors.writeBack(job.id, {
      retire: retire?.mode ?? null,
      statusOnly: true,
    });
    run.counts.written = report.counts.written;
    run.counts.refused = report.counts.refused;
    run.counts.retired = report.counts.retired;
    if (report.state !== 'done') return end('failed', report.error);
    await patchWatch(deps.dataDir, watch.id, {
      lastSlotDone: Math.max(slot ?? startedMs, watch.lastSlotDone ?? 0),
      retryAt: null,
    });
    return end('done', null);
  } catch (e) {
    if (e instanceof AppError && e.said) return end('failed', e.said);
    return end('failed', e instanceof Error ? e.message : String(e));
  }
}
