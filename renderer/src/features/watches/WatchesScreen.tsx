// The Watches screen: every list kept clean on a schedule, as a card each
// (WatchCard.tsx), the switch that lets them run with the app closed, and a
// hot folder added through main's own folder dialogs. A run's report opens
// in the side panel.
import { useRef, useState } from 'react';
import type { WatchRunView } from '../../../../electron/common/views/watch-views';
import {
  useAddFolderWatch,
  useSetWatchScheduler,
  useWatchScheduler,
  useWatches,
} from '../../api/watch-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../format';
import { useT } from '../../i18n/words';
import { useUiStore } from '../../state/ui-store';
import { ExportDrawer } from '../results/export/ExportDrawer';
import { useNow } from '../jobs/use-now';
import { RunReport } from './RunReport';
import { WatchCard } from './WatchCard';
import './watches.css';

const FOLDER_RECHECK_DAYS = 90;

function SchedulerSwitch() {
  const t = useT();
  const state = useWatchScheduler();
  const set = useSetWatchScheduler();
  const on = set.isPending ? (set.variables ?? false) : (state.data?.on ?? false);
  return (
    <section
      className="card stack-sm"
      aria-labelledby="watch-scheduler"
      data-testid="watch-scheduler"
    >
      <h2 id="watch-scheduler" className="card-label">
        {t('watches.scheduler.title')}
      </h2>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={state.data === undefined || set.isPending}
          onChange={(e) => set.mutate(e.target.checked)}
        />
        <span>{t('watches.scheduler.switch')}</span>
      </label>
      <p className="hint" data-testid="watch-scheduler-state">
        {state.data?.on
          ? t('watches.scheduler.on', { kind: state.data.kind, files: state.data.files.join(', ') })
          : t('watches.scheduler.off')}
      </p>
      {set.isError && <ErrorNotice error={set.error} />}
    </section>
  );
}

export function WatchesScreen() {
  const t = useT();
  const watches = useWatches();
  const go = useUiStore((s) => s.go);
  const addFolder = useAddFolderWatch();
  const [report, setReport] = useState<WatchRunView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const now = useNow(true, 60_000);
  const list = watches.data ?? [];
  const openRun = (run: WatchRunView) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setReport(run);
  };
  return (
    <div className="watches-screen stack">
      <div className="page-head">
        <h1 className="page-title" tabIndex={-1}>
          {t('watches.title')}
        </h1>
        <button
          type="button"
          className="button secondary small"
          disabled={addFolder.isPending}
          onClick={() => addFolder.mutate({ product: 'email', recheckDays: FOLDER_RECHECK_DAYS })}
        >
          {t('watches.addFolder')}
        </button>
      </div>
      <p className="hint">{t('watches.intro')}</p>
      {addFolder.isError && <ErrorNotice error={addFolder.error} />}
      {watches.isError && <ErrorNotice error={watches.error} title={t('watches.readFailed')} />}
      {watches.isSuccess && list.length === 0 && (
        <section
          className="card stack-sm"
          aria-labelledby="watches-empty"
          data-testid="watches-empty"
        >
          <h2 id="watches-empty" className="card-label">
            {t('watches.empty.title')}
          </h2>
          <p className="hint">{t('watches.empty.body')}</p>
          <div className="button-row">
            <button type="button" className="button primary small" onClick={() => go('jobs')}>
              {t('watches.empty.action')}
            </button>
          </div>
        </section>
      )}
      {list.map((w) => (
        <WatchCard key={w.id} watch={w} now={now} onOpenRun={openRun} />
      ))}
      <SchedulerSwitch />
      <ExportDrawer
        open={report !== null}
        title={
          report === null
            ? ''
            : t('watches.report.title', { when: formatDateTime(report.startedAt) })
        }
        onClose={() => setReport(null)}
        returnFocus={() => opener.current}
        testId="run-report-drawer"
      >
        {report !== null && <RunReport run={report} />}
      </ExportDrawer>
    </div>
  );
}
