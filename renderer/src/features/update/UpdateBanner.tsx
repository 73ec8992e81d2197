// The banner above the app that offers an update main has downloaded, or on
// Linux says one is out and links to its release page (shell/updates.ts).
import { useJobs } from '../../api/job-hooks';
import { useRestartToUpdate, useUpdate } from '../../api/hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { RELEASES_PAGE } from '../../../../electron/common/urls/release-page';
import { useT } from '../../i18n/words';
import './update.css';

/**
 * A downloaded update, offered as "Restart to update": never while a job
 * runs here (main refuses it too), and installed anyway when the app quits.
 */
export function UpdateBanner() {
  const update = useUpdate();
  const jobs = useJobs();
  const restart = useRestartToUpdate();
  const t = useT();
  if (update.data?.state === 'available') {
    // Linux: main installs nothing; the page opens in the browser through main's help links.
    return (
      <div className="app-banner update-banner" role="status" data-testid="update-banner">
        <p>{update.data.message}</p>
        <a
          className="button primary small"
          href={RELEASES_PAGE}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('update.download')}
          <span className="visually-hidden"> {t('common.opensInBrowser')}</span>
        </a>
      </div>
    );
  }
  if (update.data?.state !== 'ready') return null;
  const busy = jobs.data?.some((j) => j.running || j.state === 'queued') ?? false;
  const ready = update.data.version
    ? t('update.readyVersion', { version: update.data.version })
    : t('update.readyNew');
  return (
    <div className="app-banner update-banner" role="status" data-testid="update-banner">
      <p>
        <strong>{ready}</strong> {busy ? t('update.busy') : t('update.idle')}
      </p>
      <button
        type="button"
        className="button primary small"
        disabled={busy || restart.isPending}
        onClick={() => restart.mutate()}
      >
        {t('update.restart')}
      </button>
      {restart.error && <ErrorNotice error={restart.error} />}
    </div>
  );
}
