// A job that waits for the user (JobView.hold): stopped from the window, or
// stopped before the request that would have gone over its spending limit.
// Main's message says it all: what is kept, what Continue does, and, while the
// answers already on their way are awaited, that bulk tasks already sent are
// still fetched. The badge says stopping or stopped; Continue is in the card's
// actions (JobActions.tsx).
import type { JobView } from '../../../../../electron/ipc/contract';

export function HoldNotice({ job }: { job: JobView }) {
  const hold = job.hold;
  if (!hold) return null;
  return (
    <div className="notice notice-warning job-hold" data-testid="job-hold">
      <svg className="notice-icon" viewBox="0 0 20 20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17ZM7.75 6.5a1 1 0 0 1 1 1v5a1 1 0 1 1-2 0v-5a1 1 0 0 1 1-1Zm4.5 0a1 1 0 0 1 1 1v5a1 1 0 1 1-2 0v-5a1 1 0 0 1 1-1Z"
        />
      </svg>
      <p data-testid="job-hold-message" id={`${job.id}-hold`}>
        {hold.message}
      </p>
    </div>
  );
}
