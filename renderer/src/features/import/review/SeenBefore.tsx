// The review of a list checked before: which earlier list it was known as
// (the same file, or most of its addresses), when that was, and how many of
// its answers the memory gives for free now, with a way to that list's results.
import type { JobProduct, SeenBeforeView } from '../../../../../electron/ipc/contract';
import { daysSinceChecked } from '../../../../../electron/common/schedules/recheck';
import { formatDate, formatNumber, formatPercent } from '../../../format';
import { useUiStore } from '../../../state/ui-store';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { useT } from '../../../i18n/words';
import { useNow } from '../../jobs/use-now';
import './seen-before.css';

/**
 * `reusedNow`: the answers the estimate reuses for the product and choices on
 * the screen (null until it is worked out): the sentence follows them, since
 * an Email answer cannot serve an Email + avatar check.
 */
export function seenBeforeWords(
  seen: SeenBeforeView,
  now: number,
  reusedNow: number | null,
  product: JobProduct,
  t: Translate,
): { what: string; reuse: string } {
  const days = daysSinceChecked({ finishedAt: seen.checkedAt }, now) ?? 0;
  const when = t('review.seen.when', {
    date: formatDate(seen.checkedAt),
    n: days,
    days: formatNumber(days),
  });
  const what =
    seen.how === 'same-file'
      ? t('review.seen.sameFile', { when, fileName: seen.fileName })
      : t('review.seen.overlap', {
          share: formatPercent(Math.round(seen.overlap * 100) / 100),
          fileName: seen.fileName,
          when,
        });
  const reusable = reusedNow ?? seen.reusable ?? 0;
  const window = { n: seen.reuseDays, days: formatNumber(seen.reuseDays) };
  const reuse =
    seen.reusable === null
      ? t('review.seen.reuseOff')
      : reusable === 0 && product === 'avatar' && seen.reusable > 0
        ? t('review.seen.emailOnly')
        : reusable === 0
          ? t('review.seen.noneRecent', window)
          : t('review.seen.reused', { ...window, count: formatNumber(reusable) });
  return { what, reuse };
}

export function SeenBefore({
  seen,
  reusedNow,
}: {
  seen: SeenBeforeView;
  reusedNow: number | null;
}) {
  const go = useUiStore((s) => s.go);
  const product = useUiStore((s) => s.product);
  const t = useT();
  const { what, reuse } = seenBeforeWords(seen, useNow(false), reusedNow, product, t);
  return (
    <section
      className="notice notice-info seen-before"
      data-testid="seen-before"
      aria-label={t('review.seen.label')}
    >
      <div>
        <p className="notice-title">{t('review.seen.title')}</p>
        <p>{what}</p>
        <p>{reuse}</p>
      </div>
      <button
        type="button"
        className="button secondary small"
        onClick={() => go('results', seen.jobId)}
      >
        {t('review.seen.results')}
      </button>
    </section>
  );
}
