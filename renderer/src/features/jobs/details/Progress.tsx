// A job under way: its bar, how many addresses have an answer, how long it
// has run, and for bulk tasks when they were sent and when the service is
// asked next (ticked by the screen's one clock, use-now.ts).
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatDuration, formatNumber, formatTimeOfDay, plural } from '../../../format';
import { ProgressBar } from '../../import/reading/ProgressBar';
import { isBulk, jobName } from '../job-words';

export function Progress({ job, now }: { job: JobView; now: number }) {
  const bulk = isBulk(job);
  const share = job.unique > 0 ? job.checked / job.unique : 0;
  const checkedText = `${formatNumber(job.checked)} of ${plural(job.unique, 'address', 'addresses')} checked`;
  // A bulk task reports nothing until it is done: say that rather than show a bar stuck at 0.
  const waitingOnService = bulk && job.checked === 0;
  // A job held for the user is not under way: no clock runs for it.
  const held = job.hold !== null && !job.running;
  const elapsed = job.startedAt && !held ? now - Date.parse(job.startedAt) : null;
  const submitted = job.tasks
    .map((t) => t.submittedAt)
    .filter((t): t is string => t !== null)
    .sort()[0];
  const tasksDone = job.tasks.filter((t) => t.status === 'done').length;
  const nextIn = job.nextCheckAt ? Date.parse(job.nextCheckAt) - now : null;

  return (
    <div className="job-progress">
      <ProgressBar
        value={job.state === 'queued' ? 0 : waitingOnService ? null : share}
        label={`Progress of ${jobName(job)}`}
        valueText={
          job.state === 'queued'
            ? 'Waiting for another job to finish'
            : waitingOnService
              ? 'Waiting for the service'
              : checkedText
        }
      />
      <div className="job-progress-facts">
        <span className="num" data-testid="job-checked">
          {job.state === 'queued'
            ? 'Waiting for another job to finish'
            : bulk && job.checked === 0
              ? `${plural(job.unique, 'address', 'addresses')} with the service`
              : checkedText}
        </span>
        {elapsed !== null && (
          <span className="num job-elapsed">
            Elapsed{' '}
            <span className="fixed-duration" data-testid="job-elapsed">
              {formatDuration(elapsed)}
            </span>
          </span>
        )}
      </div>
      {bulk && (
        <p className="job-bulk" data-testid="job-bulk">
          {job.tasks.length === 1
            ? 'Bulk task'
            : `${formatNumber(job.tasks.length)} bulk tasks, ${formatNumber(tasksDone)} done`}
          {submitted && (
            <>
              <span aria-hidden="true"> · </span>
              submitted at {formatTimeOfDay(submitted, now)}
            </>
          )}
          {job.state === 'downloading' ? (
            <>
              <span aria-hidden="true"> · </span>
              downloading the results
            </>
          ) : (
            nextIn !== null && (
              <>
                <span aria-hidden="true"> · </span>
                {nextIn > 500 ? (
                  <>
                    next check in{' '}
                    <span className="num fixed-duration" data-testid="next-check">
                      {formatDuration(nextIn)}
                    </span>
                  </>
                ) : (
                  'checking now'
                )}
              </>
            )
          )}
        </p>
      )}
    </div>
  );
}
