// The review of a list checked before: which earlier list it was known as
// (the same file, or most of its addresses), when that was, and how many of
// its answers the memory gives for free now, with a way to that list's results.
import type { JobProduct, SeenBeforeView } from '../../../../../electron/ipc/contract';
import { daysSinceChecked } from '../../../../../electron/common/recheck';
import { formatDate, formatNumber, plural } from '../../../format';
import { useUiStore } from '../../../state/ui-store';
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
  reusedNow: number | null = null,
  product: JobProduct = 'email',
): { what: string; reuse: string } {
  const days = daysSinceChecked({ finishedAt: seen.checkedAt }, now) ?? 0;
  const ago = days === 0 ? 'today' : `${plural(days, 'day', 'days')} ago`;
  const when = `${formatDate(seen.checkedAt)} (${ago})`;
  const what =
    seen.how === 'same-file'
      ? `The same file was checked on ${when}, as ${seen.fileName}.`
      : `${Math.round(seen.overlap * 100)}% of its addresses were in ${seen.fileName}, checked on ${when}.`;
  const reusable = reusedNow ?? seen.reusable ?? 0;
  const reuse =
    seen.reusable === null
      ? 'Reusing answers is off (or not possible on this computer), so every address is paid for again.'
      : reusable === 0 && product === 'avatar' && seen.reusable > 0
        ? 'Its answers were Email checks, which cannot serve an Email + avatar check: every address is paid for.'
        : reusable === 0
          ? `None of its answers is recent enough to reuse: answers are reused for ${plural(seen.reuseDays, 'day', 'days')} (Settings).`
          : `${formatNumber(reusable)} of its answers were paid for in the last ${plural(seen.reuseDays, 'day', 'days')}: they are reused, free.`;
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
  const { what, reuse } = seenBeforeWords(seen, useNow(false), reusedNow, product);
  return (
    <section
      className="notice notice-info seen-before"
      data-testid="seen-before"
      aria-label="Checked before"
    >
      <div>
        <p className="notice-title">You checked this list before</p>
        <p>{what}</p>
        <p>{reuse}</p>
      </div>
      <button
        type="button"
        className="button secondary small"
        onClick={() => go('results', seen.jobId)}
      >
        See those results
      </button>
    </section>
  );
}
