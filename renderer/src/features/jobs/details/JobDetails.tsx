// What a job's row shows when opened: who runs it, why it waits or holds, its
// progress while under way, the sum of its rows once done, why it stopped,
// and the actions beyond the row's one.
import type { JobView } from '../../../../../electron/ipc/contract';
import { useT } from '../../../i18n/words';
import { JobActions } from '../actions/JobActions';
import type { JobCommands } from '../actions/use-job-commands';
import { elsewhereWords, isActive } from '../job-words';
import { DoneSummary } from './DoneSummary';
import { Failure } from './Failure';
import { HoldNotice } from './HoldNotice';
import { Progress } from './Progress';
import { WaitNotice } from './WaitNotice';

export function JobDetails({
  job,
  now,
  commands,
}: {
  job: JobView;
  now: number;
  commands: JobCommands;
}) {
  const t = useT();
  return (
    <>
      {job.resumed && (
        <p className="job-resumed" data-testid="resumed-badge">
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M13 8a5 5 0 1 1-1.5-3.5M13 2.5v2.7h-2.7"
            />
          </svg>
          {t('jobs.details.resumed')}
        </p>
      )}
      {job.state === 'draft' && <p className="hint">{t('jobs.details.draft')}</p>}
      {job.elsewhere && (
        <p className="hint job-elsewhere" data-testid="job-elsewhere">
          {t('jobs.details.elsewhere', { who: elsewhereWords(job.elsewhere, t) })}
        </p>
      )}
      {job.hold && <HoldNotice job={job} />}
      {job.wait && !job.hold && <WaitNotice job={job} now={now} />}
      {job.paused && !job.hold && (
        <p className="hint" data-testid="job-paused">
          {t('jobs.details.paused')}
        </p>
      )}
      {isActive(job) && <Progress job={job} now={now} />}
      {job.state === 'done' && <DoneSummary job={job} />}
      {job.state === 'failed' && <Failure job={job} />}
      <JobActions job={job} commands={commands} />
    </>
  );
}
