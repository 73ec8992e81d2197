// A job waiting out a refusal of the service (JobView.wait): why, in the
// service's own terms made plain, when it tries next (a live countdown), and
// until when it keeps trying before it pauses for the user. Nothing is asked
// of the user: the job goes on by itself, and nothing refused is charged.
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatDuration, formatTimeOfDay } from '../../../format';
import { useRich, useT } from '../../../i18n/words';

export function WaitNotice({ job, now }: { job: JobView; now: number }) {
  const t = useT();
  const rich = useRich();
  const wait = job.wait;
  if (!wait) return null;
  const nextIn = Date.parse(wait.nextTryAt) - now;
  return (
    <div className="notice notice-info job-wait" role="status" data-testid="job-wait">
      <svg className="notice-icon" viewBox="0 0 20 20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm0 3a1 1 0 0 1 1 1v4.1l2.7 2.7a1 1 0 1 1-1.4 1.4l-3-3A1 1 0 0 1 9 10V5.5a1 1 0 0 1 1-1Z"
        />
      </svg>
      <div>
        <p className="notice-title" data-testid="job-wait-reason">
          {wait.words}
        </p>
        <p>
          {nextIn > 500 ? (
            <>
              {t('jobs.wait.nextTry', { time: formatTimeOfDay(wait.nextTryAt, now) })}
              <span aria-hidden="true"> · </span>
              {rich('jobs.wait.in', {
                duration: formatDuration(nextIn),
                clock: (chunks) => (
                  <span className="num" data-testid="job-wait-countdown">
                    {chunks}
                  </span>
                ),
              })}
            </>
          ) : (
            t('jobs.wait.now')
          )}
        </p>
        {/* An expected wait (the last run's checks still at the service) never pauses the job. */}
        {!wait.expected && (
          <p className="hint">
            {t('jobs.wait.patience', { time: formatTimeOfDay(wait.patienceEndsAt, now) })}
          </p>
        )}
      </div>
    </div>
  );
}
