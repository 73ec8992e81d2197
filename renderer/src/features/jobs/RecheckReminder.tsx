// "Checked 94 days ago: check again", on a finished job's card and above its
// results, once the days set in Settings have passed and the list has not been
// checked again since; with the button that reads the file again for review.
import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { JobView } from '../../../../electron/ipc/contract';
import { useSettings } from '../../api/hooks';
import { useJobs } from '../../api/job-hooks';
import { useT } from '../../i18n/words';
import { checkAgain } from './check-again';
import { reminderLine } from './recheck-words';
import { useNow } from './use-now';
import './recheck.css';

/** `now`: the Jobs screen's clock; without it, one of its own that moves on each hour. */
export function RecheckReminder({ job, now }: { job: JobView; now?: number }) {
  const ownNow = useNow(now === undefined, 3_600_000);
  const jobs = useJobs();
  const settings = useSettings();
  const client = useQueryClient();
  const id = useId();
  const t = useT();
  const line =
    jobs.data && settings.data
      ? reminderLine(job, jobs.data, settings.data.recheckDays, now ?? ownNow, t)
      : null;
  if (line === null) return null;
  return (
    <div className="recheck" data-testid="recheck">
      <svg className="recheck-icon" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="8" cy="8" r="6.2" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d="M8 4.6V8l2.3 1.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="recheck-text" id={id}>
        {line}
      </p>
      <button
        type="button"
        className="button secondary small"
        aria-describedby={id}
        title={t('jobs.recheck.againTitle')}
        onClick={() => checkAgain(job, client)}
      >
        {t('jobs.recheck.again')}
      </button>
    </div>
  );
}
