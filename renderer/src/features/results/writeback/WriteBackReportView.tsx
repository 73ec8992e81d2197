// A write-back's report: while it runs, its progress (main pushes each step);
// once done, what was written, left as it was, refused by the platform (with
// the first reasons) and retired; when it stopped, why, what was written,
// and Try again, which carries on where it stopped.
import { useId } from 'react';
import { platformListName } from '../../../../../electron/common/words/platform-list-name';
import type { WriteBackReport } from '../../../../../electron/common/views/platform-views';
import { useWriteBackProgress, type useStartWriteBack } from '../../../api/platform-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatDateTime, formatNumber } from '../../../format';
import { useRich, useT } from '../../../i18n/words';
import { ProgressBar } from '../../import/reading/ProgressBar';
import { failureWords, freeNote, progressLine, reportLines, reportTitle } from './writeback-words';

interface Props {
  report: WriteBackReport;
  jobId: string;
  start: ReturnType<typeof useStartWriteBack>;
  /** Shows the plan again, for another write-back. */
  onAgain: () => void;
}

export function WriteBackReportView({ report, jobId, start, onAgain }: Props) {
  const t = useT();
  const rich = useRich();
  const id = useId();
  const progress = useWriteBackProgress((s) => s.byJob[jobId]);
  const writing = report.state === 'writing';
  const line = progressLine(t, report, progress);

  return (
    <div className="writeback-form" data-testid="writeback-report" data-state={report.state}>
      <div className="drawer-body">
        <div className={`writeback-outcome is-${report.state}`} role="status">
          <p className="writeback-outcome-title" id={`${id}-title`}>
            {reportTitle(t, report)}
          </p>
          {report.finishedAt && (
            <p className="hint">
              {rich('writeback.report.finished', {
                listName: platformListName(t, report.platform, report.listName),
                when: formatDateTime(report.finishedAt),
                value: (chunks) => <span data-user-value>{chunks}</span>,
              })}
            </p>
          )}
        </div>
        {writing && (
          <div className="writeback-progress">
            <ProgressBar
              value={progress && progress.total > 0 ? progress.done / progress.total : null}
              labelledBy={`${id}-title`}
              valueText={line}
            />
            <p className="hint">{t('writeback.progress.carriesOn', { line })}</p>
          </div>
        )}
        {report.state === 'failed' && (
          <div className="notice notice-error" role="alert">
            <div>
              {failureWords(t, report).map((w) => (
                <p key={w}>{w}</p>
              ))}
            </div>
          </div>
        )}
        <dl className="writeback-counts" data-testid="writeback-counts">
          {reportLines(t, report).map((l) => (
            <div key={l.key} className="writeback-count" data-testid={`report-${l.key}`}>
              <dt>{l.label}</dt>
              <dd className="num">{formatNumber(l.count)}</dd>
            </div>
          ))}
        </dl>
        {report.refusals.length > 0 && <Refusals report={report} />}
        <p className="hint">{freeNote(t)}</p>
      </div>
      {!writing && (
        <div className="drawer-footer">
          {start.isError && <ErrorNotice error={start.error} title={t('writeback.error.start')} />}
          <div className="button-row">
            {report.state === 'failed' && (
              <button
                type="button"
                className="button primary"
                aria-disabled={start.isPending || undefined}
                onClick={() => !start.isPending && start.mutate(report.retire)}
              >
                {start.isPending ? t('writeback.starting') : t('writeback.report.tryAgain')}
              </button>
            )}
            <button
              type="button"
              className={`button ${report.state === 'failed' ? 'secondary' : 'primary'}`}
              onClick={onAgain}
            >
              {t('writeback.report.again')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The first members the platform refused, each with its own reason. */
function Refusals({ report }: { report: WriteBackReport }) {
  const t = useT();
  const shown = report.refusals;
  const more = report.counts.refused + report.counts.retireRefused - shown.length;
  return (
    <section className="writeback-refusals" aria-label={t('writeback.refusals.label')}>
      <p className="writeback-refusals-title">
        {more > 0
          ? t('writeback.refusals.first', {
              n: shown.length,
              count: formatNumber(shown.length),
            })
          : t('writeback.refusals.all')}
      </p>
      <ul>
        {shown.map((r) => (
          <li key={r.email}>
            <span className="writeback-email" data-user-value>
              {r.email}
            </span>
            <span className="hint">{r.reason}</span>
          </li>
        ))}
      </ul>
      <p className="hint">{t('writeback.refusals.hint')}</p>
    </section>
  );
}
