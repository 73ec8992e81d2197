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
import { useT } from '../../i18n/words';
import type { Translate } from '../../../../electron/common/i18n/message';
import { useUiStore } from '../../state/ui-store';
import { freeFacts } from '../jobs/free-facts';
import { holdWords, jobName } from '../jobs/job-words';
// The screen's stylesheet before its parts' (summary, export, rows): they load in this order.
import './results.css';
import { ResultsHeader } from './ResultsHeader';
import { ResultsTabs, type ResultsTab } from './ResultsTabs';
import { OutcomeSummary, ProviderSummary } from './overview/SummaryCharts';
import { QualityGrade } from './overview/QualityGrade';
import { ExportDrawer } from './export/ExportDrawer';
import { ExportPanel } from './export/ExportPanel';
import { WriteBackAction } from './writeback/WriteBackAction';
import { KeepCleanAction } from '../watches/KeepCleanAction';
import { ROWS_CARD_ID, RowsTable } from './rows/RowsTable';
import { DomainTable } from './domains/DomainTable';
import { BouncesPanel } from './bounces/BouncesPanel';
import { useFilterStore } from './rows/row-filter';
import { stateLabel } from './outcomes';

export function ResultsScreen() {
  const t = useT();
  const jobId = useUiStore((s) => s.selectedJobId);
  const go = useUiStore((s) => s.go);
  const job = useJob(jobId);

  if (jobId === null) {
    return (
      <div className="results-empty-state">
        <h1 className="page-title">{t('results.title')}</h1>
        <p className="lead">{t('results.chooseJob')}</p>
        <button type="button" className="button primary" onClick={() => go('jobs')}>
          {t('results.goToJobs')}
        </button>
      </div>
    );
  }
  if (!job) {
    return (
      <div className="results-empty-state" aria-busy="true">
        <h1 className="page-title">{t('results.title')}</h1>
        <p className="lead">{t('results.readingJob')}</p>
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
  const t = useT();
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
        <div
          className="results-loading"
          aria-busy="true"
          aria-label={t('results.readingResults')}
        />
      </>
    );
  }
  if (summary.isError) {
    return (
      <>
        <ResultsHeader job={job} />
        {failure}
        <ErrorNotice error={summary.error} title={t('results.unreadable')} />
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
    {
      key: 'overview',
      label: t('results.tab.overview'),
      content: () => <Overview job={job} data={data} />,
    },
    {
      key: 'domains',
      label: t('domains.title'),
      content: () => <DomainTable jobId={job.id} onDomain={showDomain} />,
    },
    {
      key: 'rows',
      label: t('rows.title'),
      badge: formatNumber(job.rows),
      content: () => <Rows job={job} data={data} />,
    },
    // A bounce report is matched to verdicts every address has: a finished job's only.
    ...(done
      ? [
          {
            key: 'bounces' as const,
            label: t('results.tab.bounces'),
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
              <KeepCleanAction job={job} />
              <button
                type="button"
                className="button primary"
                ref={exportButton}
                aria-haspopup="dialog"
                onClick={() => setExporting(true)}
              >
                {t('results.export')}
              </button>
            </>
          ) : null
        }
      />
      {failure}
      <ResultsTabs label={t('results.title')} tabs={tabs} selected={tab} onSelect={setTab} />
      {done && (
        <ExportDrawer
          open={exporting}
          title={t('results.exportTitle')}
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
  const t = useT();
  const reported = providersReported(data.providers);
  return (
    <>
      <QualityGrade statuses={data.statuses} complete={job.state === 'done'} />
      {/* Each summary has the screen's width: the outcome table's sentences need it. */}
      <OutcomeSummary
        statuses={data.statuses}
        free={freeFacts(job, t)}
        note={reported ? null : unreportedProviders(job.product, t)}
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

function unreportedProviders(product: JobView['product'], t: Translate): string {
  return product === 'avatar'
    ? t('results.providers.notByAvatar')
    : t('results.providers.notByBulk', { count: formatNumber(1000) });
}

function FailedResults({ job }: { job: JobView }) {
  const t = useT();
  const go = useUiStore((s) => s.go);
  const missing = job.unique - job.checked;
  const failure = (
    <div className="notice notice-error results-failure" role="alert">
      <div>
        <p className="notice-title">{t('results.failed.title')}</p>
        <p>{job.failure?.message ?? t('results.failed.noReason')}</p>
        {missing > 0 && (
          <p>
            {t(
              job.failure?.charged === 'no'
                ? 'results.failed.missingFree'
                : 'results.failed.missing',
              {
                missing: formatNumber(missing),
                n: job.unique,
                unique: formatNumber(job.unique),
              },
            )}
          </p>
        )}
        <p>{t('results.failed.continue')}</p>
      </div>
      <button type="button" className="button secondary small" onClick={() => go('jobs')}>
        {t('results.goToJobs')}
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
  const t = useT();
  const labelId = useId();
  if (job.state === 'draft') {
    return (
      <section className="card results-card">
        <p className="results-waiting-title">{t('results.draft.title')}</p>
        <p className="hint">{t('results.draft.hint')}</p>
      </section>
    );
  }
  const share = job.unique > 0 ? job.checked / job.unique : 0;
  return (
    <section className="card results-card results-waiting" aria-labelledby={labelId}>
      <p className="results-waiting-title" id={labelId}>
        {t('results.progress', {
          state: job.hold ? holdWords(job.hold.reason, t) : stateLabel(job.state, t),
          checked: formatNumber(job.checked),
          n: job.unique,
          unique: formatNumber(job.unique),
        })}
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
          {t('results.held', { message: job.hold.message })}
        </p>
      ) : (
        <p className="hint">{t('results.running')}</p>
      )}
    </section>
  );
}
