// The results of one job. A finished job is one screen: a header that stays
// in view (the list's name, its grade, Export, and for a list read from a
// platform, Write back), then Overview, Domains and Rows as tabs
// (ResultsTabs.tsx), and Bounces, where the platform's bounce report is matched; Export and Write back open as drawers over them. A job
// still running shows its progress instead, and says the results appear here
// when it finishes; a failed one says why, above what it did check.
import { useId, useRef, useState, type ReactNode } from 'react';
import type { JobSummaryView, JobView } from '../../../../electron/ipc/contract';
import { useJob, useJobSummary } from '../../api/job-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatNumber } from '../../format';
import { useUiStore } from '../../state/ui-store';
import { freeFacts } from '../jobs/free-facts';
import { HOLD_WORDS, jobName } from '../jobs/job-words';
// The screen's stylesheet before its parts' (summary, export, rows): they load in this order.
import './results.css';
import { ResultsHeader } from './ResultsHeader';
import { ResultsTabs, type ResultsTab } from './ResultsTabs';
import { OutcomeSummary, ProviderSummary } from './overview/SummaryCharts';
import { QualityGrade } from './overview/QualityGrade';
import { ExportDrawer } from './export/ExportDrawer';
import { ExportPanel } from './export/ExportPanel';
import { WriteBackAction } from './writeback/WriteBackAction';
import { ROWS_CARD_ID, RowsTable } from './rows/RowsTable';
import { DomainTable } from './domains/DomainTable';
import { BouncesPanel } from './bounces/BouncesPanel';
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
    // Keyed by job: another job starts on its Overview, with its export closed.
    <div className="results" key={job.id}>
      {job.state === 'done' ? (
        <DoneResults job={job} />
      ) : job.state === 'failed' ? (
        <FailedResults job={job} />
      ) : (
        <>
          <ResultsHeader job={job} />
          <NotDoneYet job={job} />
        </>
      )}
    </div>
  );
}

type TabKey = 'overview' | 'domains' | 'rows' | 'bounces';

/**
 * A finished job's results, or what a failed one did check: the header with
 * its grade and (once every address has its outcome) Export, then the tabs.
 */
function DoneResults({ job, failure }: { job: JobView; failure?: ReactNode }) {
  const summary = useJobSummary(job.id);
  const [tab, setTab] = useState<TabKey>('overview');
  const [exporting, setExporting] = useState(false);
  const exportButton = useRef<HTMLButtonElement>(null);
  const done = job.state === 'done';

  if (summary.isPending) {
    return (
      <>
        <ResultsHeader job={job} />
        {failure}
        <div className="results-loading" aria-busy="true" aria-label="Reading the results" />
      </>
    );
  }
  if (summary.isError) {
    return (
      <>
        <ResultsHeader job={job} />
        {failure}
        <ErrorNotice error={summary.error} title="The results could not be read" />
      </>
    );
  }
  const data = summary.data;
  // A domain chosen in the table: the Rows tab, filtered to it, with the focus on its rows.
  const showDomain = (domain: string) => {
    useFilterStore.getState().toggle(job.id, 'domains', domain, true);
    setTab('rows');
    requestAnimationFrame(() => document.getElementById(ROWS_CARD_ID)?.focus());
  };
  const tabs: ResultsTab<TabKey>[] = [
    { key: 'overview', label: 'Overview', content: () => <Overview job={job} data={data} /> },
    {
      key: 'domains',
      label: 'Domains',
      content: () => <DomainTable jobId={job.id} onDomain={showDomain} />,
    },
    {
      key: 'rows',
      label: 'Rows',
      badge: formatNumber(job.rows),
      content: () => <Rows job={job} data={data} />,
    },
    // A bounce report is matched to verdicts every address has: a finished job's only.
    ...(done
      ? [
          {
            key: 'bounces' as const,
            label: 'Bounces',
            content: () => <BouncesPanel jobId={job.id} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <ResultsHeader
        job={job}
        statuses={data.statuses}
        actions={
          done ? (
            <>
              <WriteBackAction job={job} />
              <button
                type="button"
                className="button primary"
                ref={exportButton}
                aria-haspopup="dialog"
                onClick={() => setExporting(true)}
              >
                Export…
              </button>
            </>
          ) : null
        }
      />
      {failure}
      <ResultsTabs label="Results" tabs={tabs} selected={tab} onSelect={setTab} />
      {done && (
        <ExportDrawer
          open={exporting}
          title="Export"
          onClose={() => setExporting(false)}
          returnFocus={() => exportButton.current}
        >
          <ExportPanel
            jobId={job.id}
            product={job.product}
            statuses={data.statuses}
            providers={providersReported(data.providers)}
            suggestions={data.suggestions}
            defaultFormat={data.exportFormat}
            rows={job.rows}
          />
        </ExportDrawer>
      )}
    </>
  );
}

function Overview({ job, data }: { job: JobView; data: JobSummaryView }) {
  const reported = providersReported(data.providers);
  return (
    <>
      <QualityGrade statuses={data.statuses} complete={job.state === 'done'} />
      {/* Each summary has the screen's width: the outcome table's sentences need it. */}
      <OutcomeSummary
        statuses={data.statuses}
        free={freeFacts(job)}
        note={reported ? null : unreportedProviders(job.product)}
      />
      {reported && <ProviderSummary providers={data.providers} />}
    </>
  );
}

function Rows({ job, data }: { job: JobView; data: JobSummaryView }) {
  const reported = providersReported(data.providers);
  return (
    <RowsTable
      jobId={job.id}
      total={job.rows}
      product={job.product}
      fileName={jobName(job)}
      providers={reported}
      reused={job.reused > 0}
      statuses={data.statuses}
      providerCounts={reported ? data.providers : {}}
    />
  );
}

/** Bulk checks and avatar checks name no provider: the core counts those as 'not reported'. */
function providersReported(providers: Record<string, number>): boolean {
  return Object.entries(providers).some(([code, n]) => code !== 'not reported' && n > 0);
}

function unreportedProviders(product: JobView['product']): string {
  return product === 'avatar'
    ? 'Email + avatar checks do not report mailbox providers, so there is no provider breakdown.'
    : 'Lists of 1,000 addresses and more are checked as bulk tasks, which do not report mailbox providers.';
}

function FailedResults({ job }: { job: JobView }) {
  const go = useUiStore((s) => s.go);
  const missing = job.unique - job.checked;
  const failure = (
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
        <p>
          A cleaned file can be saved once every address has its outcome: continue the job on the
          Jobs screen.
        </p>
      </div>
      <button type="button" className="button secondary small" onClick={() => go('jobs')}>
        Go to Jobs
      </button>
    </div>
  );
  if (job.checked > 0) return <DoneResults job={job} failure={failure} />;
  return (
    <>
      <ResultsHeader job={job} />
      {failure}
    </>
  );
}

function NotDoneYet({ job }: { job: JobView }) {
  const labelId = useId();
  if (job.state === 'draft') {
    return (
      <section className="card results-card">
        <p className="results-waiting-title">This list has not been checked yet.</p>
        <p className="hint">
          Check it from the New list screen; its results will appear here when it finishes.
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
