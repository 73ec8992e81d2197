// The banner above the app that offers an update main has downloaded (shell/updates.ts).
import { useJobs } from '../../api/job-hooks';
import { useRestartToUpdate, useUpdate } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import './update.css';

/**
 * A downloaded update, offered as "Restart to update": never while a job
 * runs here (main refuses it too), and installed anyway when the app quits.
 */
export function UpdateBanner() {
  const update = useUpdate();
  const jobs = useJobs();
  const restart = useRestartToUpdate();
  if (update.data?.state !== 'ready') return null;
  const busy = jobs.data?.some((j) => j.running || j.state === 'queued') ?? false;
  const version = update.data.version ? `List Cleaner ${update.data.version}` : 'A new version';
  return (
    <div className="app-banner update-banner" role="status" data-testid="update-banner">
      <p>
        <strong>{version} is ready.</strong>{' '}
        {busy
          ? 'Restart once your jobs are done, or quit: it installs then.'
          : 'Restart to start using it; your jobs and results are kept.'}
      </p>
      <button
        type="button"
        className="button primary small"
        disabled={busy || restart.isPending}
        onClick={() => restart.mutate()}
      >
        Restart to update
      </button>
      {restart.error && <ErrorNotice error={restart.error} />}
    </div>
  );
}
