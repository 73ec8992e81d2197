// A job under way: its bar, how many addresses have an answer, how long it
// has run, and for bulk tasks when they were sent and when the service is
// asked next (ticked by the screen's one clock, use-now.ts).
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatDuration, formatNumber, formatTimeOfDay } from '../../../format';
import { useRich, useT } from '../../../i18n/words';
import { ProgressBar } from '../../import/reading/ProgressBar';
import { isBulk, jobName } from '../job-words';

export function Progress({ job, now }: { job: JobView; now: number }) {
  const t = useT();
  const rich = useRich();
  const bulk = isBulk(job);
  const share = job.unique > 0 ? job.checked / job.unique : 0;
  const unique = { n: job.unique, count: formatNumber(job.unique) };
  const checkedText = t('jobs.progress.checked', { checked: formatNumber(job.checked), ...unique });
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
        label={t('jobs.progress.label', { name: jobName(job) })}
        valueText={
          job.state === 'queued'
            ? t('jobs.progress.queued')
            : waitingOnService
              ? t('jobs.waitingForService')
              : checkedText
        }
      />
      <div className="job-progress-facts">
        <span className="num" data-testid="job-checked">
          {job.state === 'queued'
            ? t('jobs.progress.queued')
            : bulk && job.checked === 0
              ? t('jobs.progress.withService', unique)
              : checkedText}
        </span>
        {elapsed !== null && (
          <span className="num job-elapsed">
            {rich('jobs.progress.elapsed', {
              duration: formatDuration(elapsed),
              clock: (chunks) => (
                <span className="fixed-duration" data-testid="job-elapsed">
                  {chunks}
                </span>
              ),
            })}
          </span>
        )}
      </div>
      {bulk && (
        <p className="job-bulk" data-testid="job-bulk">
          {job.tasks.length === 1
            ? t('jobs.bulk.one')
            : t('jobs.bulk.many', {
                count: formatNumber(job.tasks.length),
                done: formatNumber(tasksDone),
              })}
          {submitted && (
            <>
              <span aria-hidden="true"> · </span>
              {t('jobs.bulk.submitted', { time: formatTimeOfDay(submitted, now) })}
            </>
          )}
          {job.state === 'downloading' ? (
            <>
              <span aria-hidden="true"> · </span>
              {t('jobs.bulk.downloading')}
            </>
          ) : (
            nextIn !== null && (
              <>
                <span aria-hidden="true"> · </span>
                {nextIn > 500
                  ? rich('jobs.bulk.nextCheck', {
                      duration: formatDuration(nextIn),
                      clock: (chunks) => (
                        <span className="num fixed-duration" data-testid="next-check">
                          {chunks}
                        </span>
                      ),
                    })
                  : t('jobs.bulk.checkingNow')}
              </>
            )
          )}
        </p>
      )}
    </div>
  );
}
