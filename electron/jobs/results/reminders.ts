// The one reminder per finished list to check it again: which jobs are due
// (the rule in common/schedules/recheck.ts, shared with the window), and noting in
// job.json that the user was told, so no later round, nor a restart, tells
// them again. The shell shows the reminders; the command line has no use for them.
import { daysSinceChecked, recheckDue } from '../../common/schedules/recheck';
import type { JobView } from '../../common/views/views';
import { log } from '../../lib/log';
import { load, view, type Shared } from '../live';

/**
 * At most this many reminders a round: turning reminders on over years of
 * lists would otherwise bring a notification for each at once. The rest are
 * due the next round, oldest first.
 */
export const REMINDERS_PER_ROUND = 3;

/**
 * The jobs due for a check again that were never reminded, oldest first,
 * each marked as reminded (job.json, saved atomically) before it is
 * returned: a crash after the mark loses one reminder rather than repeating
 * it. Every job's record counts, since a later job recognised as the same
 * list means this one was checked again.
 */
export async function remindDue(
  s: Shared,
  recheckDays: number | null,
  now: number,
): Promise<JobView[]> {
  if (recheckDays === null) return [];
  const records = await s.store.all();
  const due: JobView[] = [];
  for (const r of records) {
    if (r.state !== 'done' || r.remindedAt !== null) continue;
    // Only a job old enough is read in full (its outcomes with it).
    if ((daysSinceChecked(r, now) ?? 0) < recheckDays) continue;
    try {
      const v = view(s, await load(s, r.id));
      if (recheckDue(v, records, recheckDays, now)) due.push(v);
    } catch (err) {
      log.warn(`jobs: ${r.id} could not be read for a reminder`, err);
    }
  }
  due.sort((a, b) => (a.finishedAt ?? '').localeCompare(b.finishedAt ?? ''));
  const reminded: JobView[] = [];
  for (const v of due.slice(0, REMINDERS_PER_ROUND)) {
    const l = await load(s, v.id);
    if (l.record.remindedAt !== null) continue;
    l.record.remindedAt = new Date(now).toISOString();
    try {
      // Not a change to the job itself: its updatedAt stays, and nothing is announced.
      await s.store.save(l.record);
    } catch (err) {
      l.record.remindedAt = null;
      throw err;
    }
    reminded.push(v);
  }
  return reminded;
}
