// Why a job stopped, in main's words (which name the window's action, Try
// again, never a command of the command line), and what is kept and may have
// been charged.
import type { JobView } from '../../../../../electron/ipc/contract';
import { ErrorIcon } from '../../../components/ErrorNotice';
import { formatNumber, plural } from '../../../format';

/** Failures where an answer went missing between the service and us; the others say their own charge. */
const LOST_ON_THE_WAY: ReadonlySet<string> = new Set([
  'network',
  'timeout',
  'bad_response',
  'internal',
]);

export function Failure({ job }: { job: JobView }) {
  const failure = job.failure;
  if (!failure) return null;
  const coverage = failure.code === 'avatar_coverage';
  return (
    <div className="notice notice-error job-failure" role="group" aria-label="Why it stopped">
      <ErrorIcon />
      <div>
        <p className="notice-title">
          {coverage ? 'Some addresses have no avatar check' : 'This job stopped'}
        </p>
        <p data-testid="job-failure" id={`${job.id}-failure`}>
          {failure.message}
        </p>
        {(job.checked > 0 || failure.charged === 'unknown') && (
          <p className="job-failure-charge">
            {job.checked > 0 &&
              `${formatNumber(job.checked)} of ${plural(job.unique, 'address', 'addresses')} are checked and kept. `}
            {failure.charged === 'unknown' &&
              LOST_ON_THE_WAY.has(failure.code) &&
              'An answer from the service was lost on the way, so part of it may have been charged: your balance shows for sure.'}
          </p>
        )}
      </div>
    </div>
  );
}
