// What else can be done with a job, in its details: its results while it runs
// or after it stopped (the row's button is for the next step), and Remove,
// which asks first when the job has results that were paid for. A running
// job's note on bulk tasks already sent is here too, since Stop cannot take
// those back.
import { useRef, useState } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../format';
import { canStop, isActive, jobName, sentTasks } from '../job-words';
import { primaryAction } from './primary-action';
import type { JobCommands } from './use-job-commands';

export function JobActions({ job, commands }: { job: JobView; commands: JobCommands }) {
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const tasks = sentTasks(job);
  // A running job's results fill in as they arrive; with no answer yet there is nothing to show.
  const results = job.state !== 'draft' && job.checked > 0 && primaryAction(job) !== 'results';
  const removable = !isActive(job);

  if (confirming) {
    return (
      <RemoveConfirm
        job={job}
        commands={commands}
        onKeep={() => {
          setConfirming(false);
          requestAnimationFrame(() => removeButton.current?.focus());
        }}
      />
    );
  }

  return (
    <div className="job-actions">
      {canStop(job) && tasks > 0 && (
        <p className="hint" id={`${job.id}-stop`} data-testid="stop-note">
          {tasks === 1
            ? 'Stop sends nothing new, but a bulk task already sent cannot be cancelled at the service: its results are still fetched and kept.'
            : `Stop sends nothing new, but the ${formatNumber(tasks)} bulk tasks already sent cannot be cancelled at the service: their results are still fetched and kept.`}
        </p>
      )}
      {(results || removable) && (
        <div className="button-row">
          {results && (
            <button type="button" className="button secondary small" onClick={commands.openResults}>
              Open results
            </button>
          )}
          {removable && (
            <button
              ref={removeButton}
              type="button"
              className="button ghost small job-remove"
              onClick={() => (job.state === 'draft' ? commands.remove.run() : setConfirming(true))}
              disabled={commands.remove.pending}
            >
              Remove
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function RemoveConfirm({
  job,
  commands,
  onKeep,
}: {
  job: JobView;
  commands: JobCommands;
  onKeep: () => void;
}) {
  return (
    <div className="danger-confirm" role="group" aria-label={`Remove ${jobName(job)}?`}>
      <p>
        Remove this job and its results? You paid for them: export the results first if you still
        need them. Your original file is not touched.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button danger small"
          onClick={commands.remove.run}
          disabled={commands.remove.pending}
        >
          Remove job and results
        </button>
        <button type="button" className="button secondary small" autoFocus onClick={onKeep}>
          Keep it
        </button>
      </div>
      {commands.remove.error && <ErrorNotice error={commands.remove.error} />}
    </div>
  );
}
