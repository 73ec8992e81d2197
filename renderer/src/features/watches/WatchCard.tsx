// One watch: its source and schedule, the next run, the last run in words,
// the health chart, the month's spend against its cap; Run now, Pause or
// Resume, Remove (main asks first), and its runs, each opening its report.
import { useState } from 'react';
import type { WatchRunView, WatchView } from '../../../../electron/common/views/watch-views';
import {
  usePauseWatch,
  useRemoveWatch,
  useResumeWatch,
  useRunWatch,
  useWatchRuns,
} from '../../api/watch-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../format';
import { useT } from '../../i18n/words';
import { HealthChart } from './HealthChart';
import { nextWords, runWords, scheduleWords, sourceWords, spendWords } from './watch-words';

function RunList({ watchId, onOpen }: { watchId: string; onOpen(run: WatchRunView): void }) {
  const t = useT();
  const runs = useWatchRuns(watchId);
  if (runs.isError) return <ErrorNotice error={runs.error} />;
  if (!runs.data) return <p className="hint">{t('watches.runs.reading')}</p>;
  if (runs.data.length === 0) return <p className="hint">{t('watches.runs.none')}</p>;
  return (
    <ul className="watch-runs" data-testid="watch-runs">
      {runs.data.map((run) => (
        <li key={run.id}>
          <button type="button" className="button ghost small" onClick={() => onOpen(run)}>
            {t('watches.runs.open', {
              when: formatDateTime(run.startedAt),
              outcome: run.outcome === 'needs-answer' ? 'question' : run.outcome,
            })}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function WatchCard({
  watch,
  now,
  onOpenRun,
}: {
  watch: WatchView;
  now: number;
  onOpenRun(run: WatchRunView): void;
}) {
  const t = useT();
  const [history, setHistory] = useState(false);
  const run = useRunWatch();
  const pause = usePauseWatch();
  const resume = useResumeWatch();
  const remove = useRemoveWatch();
  const failed = [run, pause, resume, remove].find((m) => m.isError);
  const titleId = `watch-${watch.id}`;
  const busy = watch.running || run.isPending;
  return (
    <section
      className="card watch-card stack-sm"
      aria-labelledby={titleId}
      data-testid="watch-card"
    >
      <div className="watch-card-head">
        <div>
          <h2 id={titleId} className="watch-name">
            {watch.name}
          </h2>
          <p className="hint">{sourceWords(t, watch)}</p>
        </div>
        <span className="watch-state" data-testid="watch-next">
          {busy ? t('watches.next.running') : nextWords(t, watch, now)}
        </span>
      </div>
      <p className="hint">
        {watch.source.kind === 'platform'
          ? t('watches.scheduleLine', {
              schedule: scheduleWords(t, watch),
              days: watch.recheckDays,
            })
          : t('watches.folderLine', { days: watch.recheckDays })}
        {watch.retire !== null &&
          ' ' +
            t('watches.retireLine', {
              mode: watch.retire.mode,
              ceiling: watch.retire.ceilingBp / 100,
            })}
      </p>
      <div className="watch-card-body">
        <div className="stack-sm">
          <p data-testid="watch-last">
            {watch.lastRun === null
              ? t('watches.last.never')
              : t('watches.last.run', {
                  when: formatDateTime(watch.lastRun.startedAt),
                  words: runWords(t, watch.lastRun),
                })}
          </p>
          <p className="hint" data-testid="watch-spend">
            {spendWords(t, watch)}
          </p>
        </div>
        <HealthChart watch={watch} />
      </div>
      {failed?.error && <ErrorNotice error={failed.error} />}
      <div className="button-row">
        <button
          type="button"
          className="button primary small"
          disabled={busy}
          onClick={() => run.mutate({ watchId: watch.id })}
        >
          {busy ? t('watches.running') : t('watches.runNow')}
        </button>
        {watch.state === 'active' ? (
          <button
            type="button"
            className="button secondary small"
            disabled={pause.isPending}
            onClick={() => pause.mutate(watch.id)}
          >
            {t('watches.pause')}
          </button>
        ) : (
          <button
            type="button"
            className="button secondary small"
            disabled={resume.isPending}
            onClick={() => resume.mutate(watch.id)}
          >
            {t('watches.resume')}
          </button>
        )}
        {watch.lastRun !== null && (
          <button
            type="button"
            className="button secondary small"
            onClick={() => watch.lastRun && onOpenRun(watch.lastRun)}
          >
            {t('watches.openLast')}
          </button>
        )}
        <button
          type="button"
          className="button ghost small"
          aria-expanded={history}
          onClick={() => setHistory((h) => !h)}
        >
          {t('watches.history')}
        </button>
        <button
          type="button"
          className="button danger small"
          disabled={remove.isPending || busy}
          onClick={() => remove.mutate(watch.id)}
        >
          {t('watches.remove')}
        </button>
      </div>
      {history && <RunList watchId={watch.id} onOpen={onOpenRun} />}
    </section>
  );
}
