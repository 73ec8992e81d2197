// When a finished list is due to be checked again: the one rule the window's
// reminder ("checked 94 days ago: check again") and main's one notification
// share. Addresses go bad with time (people change jobs, domains lapse), so a
// list kept for sending is worth checking again after a while; the user says
// how long in Settings, and nothing is said unless they do.
import type { Translate } from '../i18n/message';
import type { JobView } from '../views/views';

const DAY_MS = 86_400_000;

/** Whole days since the job finished; null for a job that has not. */
export function daysSinceChecked(job: Pick<JobView, 'finishedAt'>, now: number): number | null {
  if (!job.finishedAt) return null;
  const at = Date.parse(job.finishedAt);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / DAY_MS));
}

/**
 * Due: done, finished at least `recheckDays` ago, and not checked again
 * since (no later job was recognised as this list). Never when reminders are off.
 */
export function recheckDue(
  job: JobView,
  jobs: readonly Pick<JobView, 'repeatOf' | 'state'>[],
  recheckDays: number | null,
  now: number,
): boolean {
  if (recheckDays === null || job.state !== 'done') return false;
  const days = daysSinceChecked(job, now);
  if (days === null || days < recheckDays) return false;
  return !jobs.some((other) => other.repeatOf?.jobId === job.id && other.state !== 'draft');
}

/**
 * The reminder's words: "Checked 94 days ago: check again". `count` is `days`
 * as the reader's locale writes it; `days` chooses the plural.
 */
export function recheckWords(days: number, count: string, t: Translate): string {
  return t('jobs.recheck.line', { days, count });
}
