// The window's side of "check a list again": the reminder as a card and the
// results say it, and the days typed in Settings, read or refused in words.
// When a list is due is electron/common/schedules/recheck.ts, the one rule main shares.
import type { Translate } from '../../../../electron/common/i18n/message';
import { MAX_RECHECK_DAYS } from '../../../../electron/common/limits';
import {
  daysSinceChecked,
  recheckDue,
  recheckWords,
} from '../../../../electron/common/schedules/recheck';
import type { JobView } from '../../../../electron/ipc/contract';
import { formatNumber } from '../../format';

/** Offered when the reminder is first switched on: about a season, when lists are often sent again. */
export const DEFAULT_RECHECK_DAYS = 90;

/** "Checked 94 days ago: check again" when the job is due, else null. */
export function reminderLine(
  job: JobView,
  jobs: readonly JobView[],
  recheckDays: number | null,
  now: number,
  t: Translate,
): string | null {
  if (!recheckDue(job, jobs, recheckDays, now)) return null;
  const days = daysSinceChecked(job, now) ?? 0;
  return recheckWords(days, formatNumber(days), t);
}

/** The days typed in Settings: a whole number from 1 to MAX_RECHECK_DAYS, or why not. */
export function readRecheckDays(
  text: string,
  t: Translate,
): { ok: true; days: number } | { ok: false; message: string } {
  const max = formatNumber(MAX_RECHECK_DAYS);
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: t('jobs.recheckDays.empty', { max }) };
  if (!/^\d+$/.test(trimmed)) {
    return { ok: false, message: t('jobs.recheckDays.notWhole', { max }) };
  }
  const days = Number(trimmed);
  if (days < 1) return { ok: false, message: t('jobs.recheckDays.tooSoon', { max }) };
  if (days > MAX_RECHECK_DAYS) {
    return { ok: false, message: t('jobs.recheckDays.tooLate', { max }) };
  }
  return { ok: true, days };
}
