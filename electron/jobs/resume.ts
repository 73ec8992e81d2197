// Picking a job up again: after a restart, a Ctrl-C, or a failure the user
// retries. What another process may have written is read first (under the
// job's lock), and the bulk tasks that must be sent again are reset to new
// Idempotency-Keys by the task rules in record.ts. A job refused for avatar
// coverage may instead run the rest as single checks, where uncovered
// addresses are free.
import { UNFINISHED_STATES } from '../common/model';
import type { JobView } from '../common/views/views';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { load, loadSent, runsHere, save, view, type Shared } from './live';
import { stoppingHold } from './run/hold';
import { loadOutcomes } from './storage/outcomes';
import { runningElsewhere, type Ownership } from './lock/ownership';
import type { Queue } from './run/queue';
import { resetForResend, tasksToSendAgain, type JobRecord } from './storage/record';
import { retryCanFix } from './run/job-failure';

export interface ResumeOptions {
  /** A new spending limit for a job held by its limit (micros; null: none). */
  limitMicros?: number | null;
  /**
   * Without an id: also the jobs paused after the service refused too long,
   * and those failed for a reason a retry can fix (the command line's
   * `resume`, a person asking for everything that can go on). The app's
   * start picks up only what was running.
   */
  everything?: boolean;
}

/** Whether a resume without an id picks the job up (see ResumeOptions.everything). */
export function goesOn(record: JobRecord, everything: boolean): boolean {
  if (!record.plan) return false;
  if (UNFINISHED_STATES.has(record.state)) {
    return record.hold === null || (everything && record.hold.reason === 'patience');
  }
  return (
    everything &&
    record.state === 'failed' &&
    record.failure !== null &&
    retryCanFix(record.failure)
  );
}

/**
 * Picks up one job again, or every unfinished one; a job that failed is
 * retried when named. A job the user stopped, or that stopped at its limit,
 * waits for its own Continue: it is picked up only when named.
 */
export async function resume(
  s: Shared,
  own: Ownership,
  queue: Queue,
  id?: string,
  options: ResumeOptions = {},
): Promise<JobView[]> {
  const { store } = s;
  // A job named that is not there is told in words (load), not as a file error.
  const records = id ? [(await load(s, id)).record] : await store.all();
  const picked: JobView[] = [];
  for (const record of records) {
    const named =
      id !== undefined &&
      record.plan !== null &&
      (UNFINISHED_STATES.has(record.state) || record.state === 'failed');
    if (!named && (id !== undefined || !goesOn(record, options.everything === true))) continue;
    const l = await load(s, record.id);
    if (runsHere(s, l)) continue;
    if (!(await own.takeLock(l))) {
      picked.push(view(s, l));
      continue;
    }
    // What another process may have written while it ran the job.
    l.record = await store.load(record.id);
    l.outcomes = await loadOutcomes(store.paths(record.id).outcomes, l.record.unique);
    // A person's retry starts the patience anew; the app's own pick-up waits on.
    if (id !== undefined || options.everything === true) l.record.wait = null;
    l.sent = await loadSent(s, l.record);
    // Continue after the user's Stop or the limit carries on; it is no pick-up after a stop of the app.
    const continued = l.record.hold !== null;
    l.record.hold = null;
    if (options.limitMicros !== undefined) l.record.limitMicros = options.limitMicros;
    if (!continued) {
      l.resumed = true;
      l.record.resumes += 1;
    }
    // Tasks an ephemeral service knows are those this process sent it.
    const forgotTasks = s.options.ephemeralService === true && !s.sentHere.has(record.id);
    for (const t of tasksToSendAgain(l.record, { forgotTasks })) resetForResend(t);
    await queue.enqueue(l);
    picked.push(view(s, l));
  }
  return picked;
}

/** For a job refused because of avatar coverage: checks the rest one by one. */
export async function runRest(
  s: Shared,
  own: Ownership,
  queue: Queue,
  id: string,
): Promise<JobView> {
  const l = await load(s, id);
  if (l.record.failure?.code !== 'avatar_coverage' || !l.record.plan) {
    throw new AppError('invalid_input', message('error.job.notRefusedForCoverage'));
  }
  if (!(await own.takeLock(l))) throw runningElsewhere(l);
  // Everything not yet done goes through avatar checks, where uncovered addresses are free.
  const unsent = l.record.plan.bulk.filter((t) => t.status === 'pending');
  if (unsent.length > 0) {
    const first = Math.min(...unsent.map((t) => t.start));
    l.record.plan.bulk = l.record.plan.bulk.filter((t) => t.status !== 'pending');
    l.record.plan.sync = { start: first, end: l.record.plan.sent ?? l.record.unique };
  }
  l.record.failure = null;
  await queue.enqueue(l);
  return view(s, l);
}

/**
 * Stop from the window: the job sends nothing new; what was sent is waited
 * for and kept (a bulk task already sent cannot be cancelled at the service,
 * and its results are still fetched). The job then waits for Continue.
 */
export async function stopJob(s: Shared, own: Ownership, id: string): Promise<JobView> {
  const l = await load(s, id);
  if (!UNFINISHED_STATES.has(l.record.state)) {
    throw new AppError('invalid_input', message('error.job.notBeingChecked'));
  }
  if (l.elsewhere) throw runningElsewhere(l);
  l.record.hold = stoppingHold(l.record);
  const queued = s.queue.indexOf(id);
  if (queued !== -1) {
    s.queue.splice(queued, 1);
    await own.releaseLock(l);
  }
  if (l.running) {
    l.halt ??= new AbortController();
    l.halt.abort();
  }
  await save(s, l);
  return view(s, l);
}
