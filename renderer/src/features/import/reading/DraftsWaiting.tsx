// The lists read but not started (draft jobs), beside the review: the other
// files of a drop wait here, and the user switches between them without going
// through the Jobs screen. The same drafts the Jobs screen lists, in the order
// they were read.
import { useId } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { useJobs, useReviewDraft } from '../../../api/job-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { useUiStore } from '../../../state/ui-store';
import { useImportFlow } from '../import-flow';
import { jobName } from '../../jobs/job-words';
import './drafts.css';

/** More than this and the rest are left to the Jobs screen: the review stays the page's subject. */
const MAX_SHOWN = 8;

export function DraftsWaiting({ current }: { current: JobView | null }) {
  const titleId = useId();
  const jobs = useJobs();
  const open = useReviewDraft();
  const t = useT();
  const drafts = (jobs.data ?? [])
    .filter((j) => j.state === 'draft' && j.id !== current?.id)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (drafts.length === 0) return null;
  const shown = drafts.slice(0, MAX_SHOWN);
  const more = drafts.length - shown.length;

  // Not disabled while one opens: a disabled button would drop the keyboard focus on the page.
  const review = async (jobId: string) => {
    if (open.isPending) return;
    try {
      const view = await open.mutateAsync(jobId);
      useImportFlow.getState().set({ focus: 'review' });
      useUiStore.getState().setReview(view);
    } catch {
      // Shown below the list; the review on screen stays.
    }
  };

  return (
    <section className="drafts" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-label">
        {current ? t('import.drafts.titleOther') : t('import.drafts.title')}
      </h2>
      <ul className="drafts-list">
        {shown.map((job) => (
          <li key={job.id} className="draft">
            <span className="draft-text">
              <span className="draft-name file-name" title={jobName(job)}>
                {jobName(job)}
              </span>
              <span className="draft-meta">
                {t('import.drafts.meta', {
                  rows: job.rows,
                  rowCount: formatNumber(job.rows),
                  n: job.unique,
                  count: formatNumber(job.unique),
                })}
              </span>
            </span>
            <button
              type="button"
              className="button secondary small"
              onClick={() => void review(job.id)}
              aria-disabled={open.isPending || undefined}
            >
              {t('import.drafts.review')}
              <span className="visually-hidden"> {jobName(job)}</span>
            </button>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <button
          type="button"
          className="button ghost small"
          onClick={() => useUiStore.getState().go('jobs')}
        >
          {t('import.drafts.more', { n: more, count: formatNumber(more) })}
        </button>
      )}
      {open.isError && <ErrorNotice error={open.error} title={t('import.drafts.openFailed')} />}
    </section>
  );
}
