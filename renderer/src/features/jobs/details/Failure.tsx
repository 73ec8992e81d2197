// Why a job stopped, in main's words (which name the window's action, Try
// again, never a command of the command line), and what is kept and may have
// been charged.
import type { JobView } from '../../../../../electron/ipc/contract';
import { ErrorIcon } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';

/** Failures where an answer went missing between the service and us; the others say their own charge. */
const LOST_ON_THE_WAY: ReadonlySet<string> = new Set([
  'network',
  'timeout',
  'bad_response',
  'internal',
]);

export function Failure({ job }: { job: JobView }) {
  const t = useT();
  const failure = job.failure;
  if (!failure) return null;
  const coverage = failure.code === 'avatar_coverage';
  return (
    <div
      className="notice notice-error job-failure"
      role="group"
      aria-label={t('jobs.failure.label')}
    >
      <ErrorIcon />
      <div>
        <p className="notice-title">
          {coverage ? t('jobs.failure.coverageTitle') : t('jobs.failure.title')}
        </p>
        <p data-testid="job-failure" id={`${job.id}-failure`}>
          {failure.message}
        </p>
        {(job.checked > 0 || failure.charged === 'unknown') && (
          <p className="job-failure-charge">
            {job.checked > 0 &&
              `${t('jobs.failure.kept', {
                checked: formatNumber(job.checked),
                n: job.unique,
                count: formatNumber(job.unique),
              })} `}
            {failure.charged === 'unknown' &&
              LOST_ON_THE_WAY.has(failure.code) &&
              t('jobs.failure.lost')}
          </p>
        )}
      </div>
    </div>
  );
}
