// A write-back's report: while it runs, its progress (main pushes each step);
// once done, what was written, left as it was, refused by the platform (with
// the first reasons) and retired; when it stopped, why, what was written,
// and Try again, which carries on where it stopped.
import { useId } from 'react';
import type { WriteBackReport } from '../../../../../electron/common/platform-views';
import { useWriteBackProgress, type useStartWriteBack } from '../../../api/platform-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatDateTime, formatNumber } from '../../../format';
import { ProgressBar } from '../../import/reading/ProgressBar';
import { FREE_NOTE, failureWords, progressLine, reportLines, reportTitle } from './writeback-words';

interface Props {
  report: WriteBackReport;
  jobId: string;
  start: ReturnType<typeof useStartWriteBack>;
  /** Shows the plan again, for another write-back. */
  onAgain: () => void;
}

export function WriteBackReportView({ report, jobId, start, onAgain }: Props) {
  const id = useId();
  const progress = useWriteBackProgress((s) => s.byJob[jobId]);
  const writing = report.state === 'writing';
  const line = progressLine(report, progress);

  return (
    <div className="writeback-form" data-testid="writeback-report" data-state={report.state}>
      <div className="drawer-body">
        <div className={`writeback-outcome is-${report.state}`} role="status">
          <p className="writeback-outcome-title" id={`${id}-title`}>
            {reportTitle(report)}
          </p>
          {report.finishedAt && (
            <p className="hint">
              <span data-user-value>{report.listName}</span>, finished{' '}
              {formatDateTime(report.finishedAt)}
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
            <p className="hint">{line}. It carries on if you close this panel, or List Cleaner.</p>
          </div>
        )}
        {report.state === 'failed' && (
          <div className="notice notice-error" role="alert">
            <div>
              {failureWords(report).map((w) => (
                <p key={w}>{w}</p>
              ))}
            </div>
          </div>
        )}
        <dl className="writeback-counts" data-testid="writeback-counts">
          {reportLines(report).map((l) => (
            <div key={l.key} className="writeback-count" data-testid={`report-${l.key}`}>
              <dt>{l.label}</dt>
              <dd className="num">{formatNumber(l.count)}</dd>
            </div>
          ))}
        </dl>
        {report.refusals.length > 0 && <Refusals report={report} />}
        <p className="hint">{FREE_NOTE}</p>
      </div>
      {!writing && (
        <div className="drawer-footer">
          {start.isError && (
            <ErrorNotice error={start.error} title="The write-back did not start" />
          )}
          <div className="button-row">
            {report.state === 'failed' && (
              <button
                type="button"
                className="button primary"
                aria-disabled={start.isPending || undefined}
                onClick={() => !start.isPending && start.mutate(report.retire)}
              >
                {start.isPending ? 'Starting…' : 'Try again'}
              </button>
            )}
            <button
              type="button"
              className={`button ${report.state === 'failed' ? 'secondary' : 'primary'}`}
              onClick={onAgain}
            >
              Write back again…
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The first members the platform refused, each with its own reason. */
function Refusals({ report }: { report: WriteBackReport }) {
  const shown = report.refusals;
  const more = report.counts.refused + report.counts.retireRefused - shown.length;
  return (
    <section className="writeback-refusals" aria-label="Members refused">
      <p className="writeback-refusals-title">
        {more > 0 ? `The first ${formatNumber(shown.length)} refused` : 'Refused'}, with the
        platform&apos;s reason
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
      <p className="hint">
        Refused members keep what they had. Fix them in the platform, or leave them: a later
        write-back tries them again.
      </p>
    </section>
  );
}
