// A job that waits for the user (JobView.hold): stopped from the window, or
// stopped before the request that would have gone over its spending limit.
// Main's message says what is kept and what Continue does (and, while the
// answers already on their way are awaited, that bulk tasks already sent are
// still fetched); Continue itself is in the card's actions (JobActions.tsx).
import type { JobView } from '../../../../electron/ipc/contract';

export function HoldNotice({ job }: { job: JobView }) {
  const hold = job.hold;
  if (!hold) return null;
  const title = job.running
    ? 'Stopping'
    : hold.reason === 'limit'
      ? 'Stopped before going over your spending limit'
      : 'Stopped';
  return (
    <div
      className="notice notice-warning job-hold"
      role="group"
      aria-label={title}
      data-testid="job-hold"
    >
      <div>
        <p className="notice-title">{title}</p>
        <p data-testid="job-hold-message" id={`${job.id}-hold`}>
          {hold.message}
        </p>
      </div>
    </div>
  );
}
