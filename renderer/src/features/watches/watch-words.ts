// What the Watches screen says, as pure functions of the window's translator:
// a watch's schedule, its next run, its last run in one sentence, the
// verdicts that changed, the month's spend against its cap.
import type { Translate } from '../../../../electron/common/i18n/message';
import { PLATFORM_NAMES } from '../../../../electron/common/catalogs/platforms';
import type { WatchRunView, WatchView } from '../../../../electron/common/views/watch-views';
import { formatDateTime, formatUsdExact } from '../../format';

/** "Every 2 weeks at 09:00". */
export const scheduleWords = (t: Translate, w: Pick<WatchView, 'every' | 'at'>): string =>
  t('watches.schedule', { unit: w.every.unit, count: w.every.count, at: w.at });

/** "Newsletter on Mailchimp", or a hot folder's "Every list dropped into Inbox, cleaned into Out". */
export function sourceWords(t: Translate, w: Pick<WatchView, 'source'>): string {
  const { source } = w;
  return source.kind === 'platform'
    ? t('watches.source.platform', {
        list: source.listName,
        platform: PLATFORM_NAMES[source.platform],
      })
    : t('watches.source.folder', { folder: source.folderName, out: source.outName });
}

/** Paused, running, waiting for an answer, due now, or the next run's day and time. */
export function nextWords(t: Translate, w: WatchView, now: number): string {
  if (w.running) return t('watches.next.running');
  if (w.state === 'paused') return t('watches.next.paused');
  if (w.lastRun?.outcome === 'needs-answer') return t('watches.next.answer');
  if (w.nextRunAt <= now) return t('watches.next.due');
  return t('watches.next.at', { when: formatDateTime(new Date(w.nextRunAt).toISOString()) });
}

/** "37 members went from deliverable to undeliverable". */
export const changeWords = (t: Translate, c: WatchRunView['changed'][number]): string =>
  t('watches.change', { count: c.count, from: c.from, to: c.to });

const charged = (t: Translate, micros: number | null): string =>
  micros === null ? t('watches.chargedUnknown') : formatUsdExact(micros);

/** A run's result in one sentence (and what it asks, if it asks). */
export function runWords(t: Translate, run: WatchRunView): string {
  if (run.outcome === 'needs-answer' && run.question !== null) {
    return t('watches.run.question', {
      count: run.question.retire,
      of: run.question.of,
      ceiling: run.question.ceilingBp / 100,
    });
  }
  if (run.outcome !== 'done') {
    return t('watches.run.stopped', {
      outcome: run.outcome === 'capped' ? 'capped' : 'failed',
      why: run.why ?? t('common.somethingWrong'),
    });
  }
  if (run.files !== null) {
    return t('watches.run.files', { ...run.files, charged: charged(t, run.chargedMicros) });
  }
  return t('watches.run.done', {
    paid: run.counts.paid,
    read: run.counts.read,
    reused: run.counts.reused,
    written: run.counts.written,
    charged: charged(t, run.chargedMicros),
  });
}

/** "$1.20 of $50.00 this month", or without a cap "$1.20 this month". */
export const spendWords = (t: Translate, w: WatchView): string =>
  w.capMicros === null
    ? t('watches.spend.noCap', { spent: formatUsdExact(w.spentMicros) })
    : t('watches.spend.cap', {
        spent: formatUsdExact(w.spentMicros),
        cap: formatUsdExact(w.capMicros),
      });

/** A share of a run's members, as a whole percent for the chart's table. */
export function share(part: number, p: WatchRunView['health']): number {
  const all = p.deliverable + p.undeliverable + p.unknown + p.other;
  return all === 0 ? 0 : part / all;
}
