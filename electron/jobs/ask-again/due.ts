// Starting the rounds that are due: a finished job whose next ask has come is
// queued like any job (its lock taken first, so one process asks), and its
// run asks the unknowns again (execute.ts). The app calls this on a timer and
// at start, `list-cleaner resume` and `clean --ask-again` when they run: a
// round missed while nothing ran is run once, when one of them next runs.
import type { JobView } from '../../common/views/views';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { load, loadSent, runsHere, save, view, type Shared } from '../live';
import type { Ownership } from '../lock/ownership';
import type { Queue } from '../run/queue';
import { loadOutcomes } from '../storage/outcomes';
import { reschedule } from './round';
import { isDue, validDelays } from './schedule';

/** Queues every finished job whose round is due at `nowMs`; their views, as queued. */
export async function askAgainDue(
  s: Shared,
  own: Ownership,
  queue: Queue,
  nowMs: number,
  id?: string,
): Promise<JobView[]> {
  const started: JobView[] = [];
  const records = id ? [(await load(s, id)).record] : await s.store.all();
  for (const record of records) {
    if (record.state !== 'done' || !isDue(record.askAgain, nowMs)) continue;
    const l = await load(s, record.id);
    if (runsHere(s, l) || !(await own.takeLock(l))) continue;
    // What another process may have written (it may have asked already).
    l.record = await s.store.load(record.id);
    const state = l.record.askAgain;
    if (l.record.state !== 'done' || !state || !isDue(state, nowMs)) {
      await own.releaseLock(l);
      continue;
    }
    l.outcomes = await loadOutcomes(s.store.paths(record.id).outcomes, l.record.unique);
    l.sent = await loadSent(s, l.record);
    state.asking = true;
    // The round stands for every offset passed by now: the next comes after it.
    state.nextAt = new Date(nowMs).toISOString();
    await queue.enqueue(l);
    started.push(view(s, l));
  }
  return started;
}

/** The earliest round due among the finished jobs, epoch ms; null when none is planned. */
export async function nextAskAgainAt(s: Shared): Promise<number | null> {
  let next: number | null = null;
  for (const r of await s.store.all()) {
    const at = r.state === 'done' && r.askAgain?.ended === null ? r.askAgain.nextAt : null;
    if (at !== null && at !== undefined && (next === null || Date.parse(at) < next)) {
      next = Date.parse(at);
    }
  }
  return next;
}

/** Replaces the rest of a job's schedule, counted from now (`[]`: ask no more). */
export async function setAskAgain(
  s: Shared,
  id: string,
  delays: readonly number[],
  nowMs: number,
): Promise<JobView> {
  const l = await load(s, id);
  const state = l.record.askAgain;
  if (!validDelays(delays)) throw new AppError('invalid_input', message('error.askAgain.delays'));
  if (l.record.state !== 'done' || !state || state.left === 0) {
    throw new AppError('invalid_input', message('error.askAgain.nothingToAsk'));
  }
  if (runsHere(s, l) || state.asking) {
    throw new AppError('invalid_input', message('error.askAgain.asking'));
  }
  reschedule(state, delays, nowMs);
  await save(s, l);
  return view(s, l);
}
