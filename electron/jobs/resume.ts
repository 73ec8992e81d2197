// Picking a job up again: after a restart, a Ctrl-C, or a failure the user
// retries. What another process may have written is read first (under the
// job's lock), and the bulk tasks that must be sent again are reset to new
// Idempotency-Keys by the task rules in record.ts. A job refused for avatar
// coverage may instead run the rest as single checks, where uncovered
// addresses are free.
import { UNFINISHED_STATES } from '../common/model';
import type { JobView } from '../common/views';
import { AppError } from '../lib/app-error';
import { load, runsHere, view, type Shared } from './live';
import { loadOutcomes } from './outcomes';
import { runningElsewhere, type Ownership } from './ownership';
import type { Queue } from './queue';
import { resetForResend, tasksToSendAgain } from './record';

/** Picks up one job again, or every unfinished one; a job that failed is retried when named. */
export async function resume(
  s: Shared,
  own: Ownership,
  queue: Queue,
  id?: string,
): Promise<JobView[]> {
  const { store } = s;
  const records = id ? [await store.load(id)] : await store.all();
  const picked: JobView[] = [];
  for (const record of records) {
    const resumable =
      UNFINISHED_STATES.has(record.state) || (id !== undefined && record.state === 'failed');
    if (!resumable || !record.plan) continue;
    const l = await load(s, record.id);
    if (runsHere(s, l)) continue;
    if (!(await own.takeLock(l))) {
      picked.push(view(s, l));
      continue;
    }
    // What another process may have written while it ran the job.
    l.record = await store.load(record.id);
    l.outcomes = await loadOutcomes(store.paths(record.id).outcomes, l.record.unique);
    l.resumed = true;
    l.record.resumes += 1;
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
    throw new AppError('invalid_input', 'Only a job refused for avatar coverage can run the rest.');
  }
  if (!(await own.takeLock(l))) throw runningElsewhere(l);
  // Everything not yet done goes through avatar checks, where uncovered addresses are free.
  const unsent = l.record.plan.bulk.filter((t) => t.status === 'pending');
  if (unsent.length > 0) {
    const first = Math.min(...unsent.map((t) => t.start));
    l.record.plan.bulk = l.record.plan.bulk.filter((t) => t.status !== 'pending');
    l.record.plan.sync = { start: first, end: l.record.unique };
  }
  l.record.failure = null;
  await queue.enqueue(l);
  return view(s, l);
}
