// A run's report: what it read, paid for, reused, wrote, and the verdicts
// that changed; a run that stopped says why and what to do; a run that
// stopped at its retire ceiling offers to retire them this once (main asks
// first, naming the count). The job that checked the members opens in Results.
import type { WatchRunView } from '../../../../electron/common/views/watch-views';
import { useRunWatch } from '../../api/watch-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime, formatNumber, formatUsdExact } from '../../format';
import { useT } from '../../i18n/words';
import { useUiStore } from '../../state/ui-store';
import { changeWords, runWords } from './watch-words';

export function RunReport({ run }: { run: WatchRunView }) {
  const t = useT();
  const go = useUiStore((s) => s.go);
  const answer = useRunWatch();
  const rows: [string, number][] = [
    [t('watches.report.read'), run.counts.read],
    [t('watches.report.new'), run.counts.new],
    [t('watches.report.paid'), run.counts.paid],
    [t('watches.report.reused'), run.counts.reused],
    [t('watches.report.written'), run.counts.written],
    [t('watches.report.unchanged'), run.counts.unchanged],
    [t('watches.report.refused'), run.counts.refused],
    [t('watches.report.retired'), run.counts.retired],
  ];
  return (
    <div className="drawer-body stack" data-testid="run-report">
      <p className="hint">
        {t('watches.report.when', {
          when: formatDateTime(run.startedAt),
          trigger: run.trigger,
        })}
      </p>
      <p className={run.outcome === 'done' ? '' : 'watch-problem'} data-testid="run-outcome">
        {runWords(t, run)}
      </p>
      {run.files === null && (
        <dl className="watch-report-counts">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatNumber(value)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('watches.report.charged')}</dt>
            <dd>
              {run.chargedMicros === null
                ? t('watches.chargedUnknown')
                : formatUsdExact(run.chargedMicros)}
            </dd>
          </div>
        </dl>
      )}
      <section aria-labelledby={`changed-${run.id}`}>
        <h3 id={`changed-${run.id}`}>
          {t('watches.report.changedTitle', { written: run.outcome === 'done' ? 'yes' : 'no' })}
        </h3>
        {run.changed.length === 0 ? (
          <p className="hint">{t('watches.report.noChange')}</p>
        ) : (
          <ul data-testid="run-changes">
            {run.changed.map((c) => (
              <li key={`${c.from}>${c.to}`}>{changeWords(t, c)}</li>
            ))}
          </ul>
        )}
      </section>
      {answer.isError && <ErrorNotice error={answer.error} />}
      <div className="button-row">
        {run.outcome === 'needs-answer' && run.question !== null && (
          <button
            type="button"
            className="button primary"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ watchId: run.watchId, retireOverCeiling: true })}
          >
            {t('watches.report.retireOnce', { count: run.question.retire })}
          </button>
        )}
        {run.jobId !== null && (
          <button
            type="button"
            className="button secondary"
            onClick={() => go('results', run.jobId)}
          >
            {t('watches.report.openJob')}
          </button>
        )}
      </div>
    </div>
  );
}
