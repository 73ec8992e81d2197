// What can be done with a job from its card: review a draft, view results,
// stop a running one and continue it, run the rest, resume or try again, and
// remove it (asking first when it has results that were paid for).
import { useRef, useState } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import {
  useContinueJob,
  useRemoveJob,
  useResumeJob,
  useReviewDraft,
  useStopJob,
} from '../../../api/job-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../format';
import { useUiStore } from '../../../state/ui-store';
import { useImportFlow } from '../../import/use-file-import';
import { canStop, isActive, sentTasks } from '../job-words';

/** Failures that trying again at once cannot mend: the job's files are gone, or would send other addresses. */
const NO_TRY_AGAIN: ReadonlySet<string> = new Set(['job_folder_gone', 'task_file_changed']);

export function JobActions({ job }: { job: JobView }) {
  const go = useUiStore((s) => s.go);
  const resume = useResumeJob();
  const runRest = useContinueJob();
  const remove = useRemoveJob();
  const review = useReviewDraft();
  const stop = useStopJob();
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const active = isActive(job);
  const coverage = job.failure?.code === 'avatar_coverage';
  const error = resume.error ?? runRest.error ?? remove.error ?? review.error ?? stop.error;
  const stoppable = canStop(job);
  const tasks = sentTasks(job);
  // Continue: held by the user or the limit, and no longer waiting for answers on their way.
  const continuable = job.hold !== null && !job.running && job.elsewhere === null;

  const reviewDraft = async () => {
    try {
      const view = await review.mutateAsync(job.id);
      useImportFlow.getState().set({ failures: [], focus: 'review' });
      useUiStore.getState().setReview(view);
      go('import');
    } catch {
      // Shown below the buttons.
    }
  };

  const doRemove = () => {
    remove.mutate(job.id, {
      onSuccess: () => {
        const ui = useUiStore.getState();
        if (ui.review?.job.id === job.id) ui.setReview(null);
        if (ui.selectedJobId === job.id) ui.go(ui.screen, null);
      },
    });
  };

  if (confirming) {
    return (
      <RemoveConfirm
        job={job}
        remove={remove}
        onRemove={doRemove}
        onKeep={() => {
          setConfirming(false);
          requestAnimationFrame(() => removeButton.current?.focus());
        }}
      />
    );
  }

  // A running job's results fill in as they arrive; only a draft has nothing to show.
  const viewable = job.state !== 'draft';
  return (
    <div className="job-actions">
      <div className="button-row">
        {job.state === 'draft' && (
          <button
            type="button"
            className="button primary small"
            onClick={() => void reviewDraft()}
            disabled={review.isPending}
          >
            {review.isPending ? 'Opening…' : 'Review and start'}
          </button>
        )}
        {viewable && (
          <button
            type="button"
            className={`button small ${job.state === 'done' ? 'primary' : 'secondary'}`}
            onClick={() => go('results', job.id)}
          >
            View results
          </button>
        )}
        {job.state === 'failed' && coverage && (
          <button
            type="button"
            className="button primary small"
            onClick={() => runRest.mutate(job.id)}
            disabled={runRest.isPending}
            aria-describedby={`${job.id}-failure`}
          >
            Run the rest
          </button>
        )}
        {stoppable && (
          <button
            type="button"
            className="button secondary small"
            onClick={() => stop.mutate(job.id)}
            disabled={stop.isPending}
            aria-describedby={tasks > 0 ? `${job.id}-stop` : undefined}
            title="No new requests; answers already on their way are kept. Continue carries on."
          >
            <svg className="button-icon" viewBox="0 0 16 16" aria-hidden="true">
              <rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />
            </svg>
            {stop.isPending ? 'Stopping…' : 'Stop'}
          </button>
        )}
        {continuable && (
          <button
            type="button"
            className="button primary small"
            onClick={() => resume.mutate(job.id)}
            disabled={resume.isPending}
            aria-describedby={`${job.id}-hold`}
          >
            Continue
          </button>
        )}
        {job.paused && !job.hold && (
          <button
            type="button"
            className="button primary small"
            onClick={() => resume.mutate(job.id)}
            disabled={resume.isPending}
          >
            Resume
          </button>
        )}
        {job.state === 'failed' && !coverage && !NO_TRY_AGAIN.has(job.failure?.code ?? '') && (
          <button
            type="button"
            className="button primary small"
            onClick={() => resume.mutate(job.id)}
            disabled={resume.isPending}
          >
            Try again
          </button>
        )}
        {!active && (
          <button
            ref={removeButton}
            type="button"
            className="button ghost small job-remove"
            onClick={() => (job.state === 'draft' ? doRemove() : setConfirming(true))}
            disabled={remove.isPending}
          >
            Remove
          </button>
        )}
      </div>
      {stoppable && tasks > 0 && (
        <p className="hint" id={`${job.id}-stop`} data-testid="stop-note">
          {tasks === 1
            ? 'Stop sends nothing new, but a bulk task already sent cannot be cancelled at the service: its results are still fetched and kept.'
            : `Stop sends nothing new, but the ${formatNumber(tasks)} bulk tasks already sent cannot be cancelled at the service: their results are still fetched and kept.`}
        </p>
      )}
      {error && <ErrorNotice error={error} />}
    </div>
  );
}

function RemoveConfirm({
  job,
  remove,
  onRemove,
  onKeep,
}: {
  job: JobView;
  remove: ReturnType<typeof useRemoveJob>;
  onRemove: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="job-confirm" role="group" aria-label={`Remove ${job.fileName}?`}>
      <p>
        Remove this job and its results? You paid for them: export the results first if you still
        need them. Your original file is not touched.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button danger small"
          onClick={onRemove}
          disabled={remove.isPending}
        >
          Remove job and results
        </button>
        <button type="button" className="button secondary small" autoFocus onClick={onKeep}>
          Keep it
        </button>
      </div>
      {remove.isError && <ErrorNotice error={remove.error} />}
    </div>
  );
}
