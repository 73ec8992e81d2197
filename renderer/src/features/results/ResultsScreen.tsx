// The results of one job: what it was, how its rows came out (by outcome and
// by provider), every row in a table that scrolls through a million, and the
// export. A job still running shows its progress instead, and says the
// results appear here when it finishes.
import { useId } from 'react';
import type { JobView } from '../../../../electron/ipc/contract';
import { useJob, useJobSummary } from '../../api/job-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime, formatNumber, formatUsd, plural } from '../../format';
import { useUiStore } from '../../state/ui-store';
import { freeFacts } from '../jobs/free-facts';
import { HOLD_WORDS, PRODUCT_WORDS } from '../jobs/job-words';
import { RecheckReminder } from '../jobs/RecheckReminder';
// The screen's stylesheet before its parts' (summary, export, rows): they load in this order.
import './results.css';
import { OutcomeSummary, ProviderSummary } from './overview/SummaryCharts';
import { ExportPanel } from './export/ExportPanel';
import { ROWS_CARD_ID, RowsTable } from './rows/RowsTable';
import { QualityGrade } from './overview/QualityGrade';
import { DomainTable } from './domains/DomainTable';
import { useFilterStore } from './rows/row-filter';
import { STATE_LABEL } from './outcomes';

export function ResultsScreen() {
  const jobId = useUiStore((s) => s.selectedJobId);
  const go = useUiStore((s) => s.go);
  const job = useJob(jobId);

  if (jobId === null) {
    return (
      <div className="results-empty-state">
        <h1 className="page-title">Results</h1>
        <p className="lead">Choose a job on the Jobs screen to see its results.</p>
        <button type="button" className="button primary" onClick={() => go('jobs')}>
          Go to Jobs
        </button>
      </div>
    );
  }
  if (!job) {
    return (
      <div className="results-empty-state" aria-busy="true">
        <h1 className="page-title">Results</h1>
        <p className="lead">Reading the job…</p>
      </div>
    );
  }
  return (
    <div className="results">
      <ResultsHeader job={job} />
      {job.state === 'done' ? (
        <DoneResults job={job} />
      ) : job.state === 'failed' ? (
        <FailedResults job={job} />
      ) : (
        <NotDoneYet job={job} />
      )}
    </div>
  );
}

function ResultsHeader({ job }: { job: JobView }) {
  const facts: string[] = [];
  if (job.product) facts.push(PRODUCT_WORDS[job.product]);
  facts.push(plural(job.rows, 'row', 'rows'));
  if (job.state === 'done' && job.finishedAt) {
    facts.push(`finished ${formatDateTime(job.finishedAt)}`);
  }
  if (job.state === 'done' && job.chargedMicros !== null) {
    facts.push(`${formatUsd(job.chargedMicros)} charged`);
  }
  return (
    <header className="results-header">
      <div className="results-heading">
        <p className="results-eyebrow">Results</p>
        <h1 className="results-title" title={job.fileName}>
          {job.fileName}
        </h1>
        <p className="results-facts">{facts.join(' · ')}</p>
        {job.state === 'done' && <RecheckReminder job={job} />}
      </div>
      <span className={`results-state is-${job.hold ? 'held' : job.state}`} data-testid="job-state">
        {job.hold ? HOLD_WORDS[job.hold.reason] : STATE_LABEL[job.state]}
        {job.resumed && job.state !== 'done' ? ' (resumed)' : ''}
      </span>
    </header>
  );
}

function DoneResults({ job }: { job: JobView }) {
  const summary = useJobSummary(job.id);
  const go = useUiStore((s) => s.go);
  if (summary.isPending) {
    return <div className="results-loading" aria-busy="true" aria-label="Reading the results" />;
  }
  if (summary.isError) {
    return <ErrorNotice error={summary.error} title="The results could not be read" />;
  }
  const { statuses, providers } = summary.data;
  const reported = providersReported(providers);
  // A domain chosen in the table: the rows filtered to it, brought into view.
  const showDomain = (domain: string) => {
    useFilterStore.getState().toggle(job.id, 'domains', domain, true);
    const rows = document.getElementById(ROWS_CARD_ID);
    rows?.scrollIntoView({ block: 'start' });
    rows?.focus({ preventScroll: true });
  };
  return (
    <>
      <QualityGrade statuses={statuses} complete={job.state === 'done'} />
      <OutcomeSummary
        statuses={statuses}
        free={freeFacts(job)}
        note={reported ? null : unreportedProviders(job.product)}
      />
      <div className={reported ? 'results-columns' : 'results-single'}>
        {job.state === 'done' ? (
          <ExportPanel
            jobId={job.id}
            product={job.product}
            statuses={statuses}
            providers={reported}
            wide={!reported}
            suggestions={summary.data.suggestions}
            defaultFormat={summary.data.exportFormat}
            rows={job.rows}
          />
        ) : (
          <section className="card results-card" aria-label="Export">
            <h2 className="results-card-title">Export</h2>
            <p className="hint results-card-hint">
              A cleaned file can be saved once every address has its outcome. Resume the job on the
              Jobs screen, or remove it and check the list again.
            </p>
            <button type="button" className="button secondary" onClick={() => go('jobs')}>
              Go to Jobs
            </button>
          </section>
        )}
        {reported && <ProviderSummary providers={providers} />}
      </div>
      <DomainTable jobId={job.id} onDomain={showDomain} />
      <RowsTable
        jobId={job.id}
        total={job.rows}
        product={job.product}
        fileName={job.fileName}
        providers={reported}
        statuses={statuses}
        providerCounts={reported ? providers : {}}
      />
    </>
  );
}

/** Bulk checks and avatar checks name no provider: the core counts those as 'not reported'. */
function providersReported(providers: Record<string, number>): boolean {
  return Object.entries(providers).some(([code, n]) => code !== 'not reported' && n > 0);
}

function unreportedProviders(product: JobView['product']): string {
  return product === 'avatar'
    ? 'Avatar checks do not report mailbox providers, so there is no provider breakdown.'
    : 'Lists of 1,000 addresses and more are checked as bulk tasks, which do not report mailbox providers.';
}

function FailedResults({ job }: { job: JobView }) {
  const go = useUiStore((s) => s.go);
  const missing = job.unique - job.checked;
  return (
    <>
      <div className="notice notice-error results-failure" role="alert">
        <div>
          <p className="notice-title">This job stopped before it finished</p>
          <p>{job.failure?.message ?? 'The reason was not recorded.'}</p>
          {missing > 0 && (
            <p>
              {formatNumber(missing)} of {formatNumber(job.unique)} addresses have no outcome yet
              {job.failure?.charged === 'no' ? ', and nothing was charged for them.' : '.'}
            </p>
          )}
        </div>
        <button type="button" className="button secondary small" onClick={() => go('jobs')}>
          Go to Jobs
        </button>
      </div>
      {job.checked > 0 && <DoneResults job={job} />}
    </>
  );
}

function NotDoneYet({ job }: { job: JobView }) {
  const labelId = useId();
  if (job.state === 'draft') {
    return (
      <section className="card results-card">
        <p className="results-waiting-title">This list has not been started yet.</p>
        <p className="hint">
          Start it from the New list screen; its results will appear here when it finishes.
        </p>
      </section>
    );
  }
  const share = job.unique > 0 ? job.checked / job.unique : 0;
  return (
    <section className="card results-card results-waiting" aria-labelledby={labelId}>
      <p className="results-waiting-title" id={labelId}>
        {job.hold ? HOLD_WORDS[job.hold.reason] : STATE_LABEL[job.state]}:{' '}
        {formatNumber(job.checked)} of {formatNumber(job.unique)} addresses have a result
      </p>
      <progress
        className="results-progress"
        max={Math.max(1, job.unique)}
        value={job.checked}
        aria-labelledby={labelId}
      >
        {Math.round(share * 100)}%
      </progress>
      {job.hold ? (
        <p className="hint" data-testid="results-hold">
          {job.hold.message} Continue it on the Jobs screen; what was checked is kept.
        </p>
      ) : (
        <p className="hint">
          The results appear here when the job finishes. You can leave this screen; the job keeps
          going.
        </p>
      )}
    </section>
  );
}
