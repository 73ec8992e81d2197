// What else can be done with a job, in its details: its results while it runs
// or after it stopped (the row's button is for the next step), and Remove,
// which asks first when the job has results that were paid for. A running
// job's note on bulk tasks already sent is here too, since Stop cannot take
// those back.
import { useRef, useState } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { canStop, isActive, jobName, sentTasks } from '../job-words';
import { primaryAction } from './primary-action';
import type { JobCommands } from './use-job-commands';

export function JobActions({ job, commands }: { job: JobView; commands: JobCommands }) {
  const [confirming, setConfirming] = useState(false);
  const t = useT();
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
            ? t('jobs.stop.noteOne')
            : t('jobs.stop.noteMany', { count: formatNumber(tasks) })}
        </p>
      )}
      {(results || removable) && (
        <div className="button-row">
          {results && (
            <button type="button" className="button secondary small" onClick={commands.openResults}>
              {t('jobs.action.results')}
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
              {t('jobs.action.remove')}
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
  const t = useT();
  return (
    <div
      className="danger-confirm"
      role="group"
      aria-label={t('jobs.remove.label', { name: jobName(job) })}
    >
      <p>{t('jobs.remove.body')}</p>
      <div className="button-row">
        <button
          type="button"
          className="button danger small"
          onClick={commands.remove.run}
          disabled={commands.remove.pending}
        >
          {t('jobs.remove.confirm')}
        </button>
        <button type="button" className="button secondary small" autoFocus onClick={onKeep}>
          {t('common.keepIt')}
        </button>
      </div>
      {commands.remove.error && <ErrorNotice error={commands.remove.error} />}
    </div>
  );
}
