// The results' header, which stays in view while the tabs scroll under it:
// the list's name, what it was (product, rows, when, what it cost), its
// grade once every address has its outcome, the job's state, and the
// actions (Export); and, for a list checked long ago, the reminder to check
// it again. Compact on purpose: it is on screen the whole time.
import type { ReactNode } from 'react';
import type { JobView, RowStatusName } from '../../../../electron/ipc/contract';
import { listGrade } from '../../../../electron/common/grade';
import { formatDateTime, formatNumber, formatUsd, formatUsdExact } from '../../format';
import { useT } from '../../i18n/words';
import { holdWords, jobName, productWords } from '../jobs/job-words';
import { RecheckReminder } from '../jobs/RecheckReminder';
import { stateLabel } from './outcomes';

interface Props {
  job: JobView;
  /** The outcome counts, once read: a finished job's grade comes from them. */
  statuses?: Record<RowStatusName, number>;
  actions?: ReactNode;
}

export function ResultsHeader({ job, statuses, actions }: Props) {
  const t = useT();
  const done = job.state === 'done';
  const grade = done && statuses ? listGrade(statuses, t, (n) => formatNumber(n)) : null;
  const state = job.hold ? holdWords(job.hold.reason, t) : stateLabel(job.state, t);
  return (
    <header className="results-header" data-testid="results-header">
      {grade && (
        <div
          className={`results-grade grade-mark is-${grade.letter.toLowerCase()}`}
          data-testid="header-grade"
          title={t('results.header.gradeTitle', { letter: grade.letter, score: grade.score })}
        >
          <span aria-hidden="true">{grade.letter}</span>
          <span className="visually-hidden">
            {t('results.header.grade', { letter: grade.letter, score: grade.score })}
          </span>
        </div>
      )}
      <div className="results-heading">
        <h1 className="results-title" title={jobName(job)}>
          {jobName(job)}
        </h1>
        <p className="results-facts">
          <Facts job={job} />
        </p>
        {done && <RecheckReminder job={job} />}
      </div>
      <span className={`results-state is-${job.hold ? 'held' : job.state}`} data-testid="job-state">
        {job.resumed && !done ? t('results.state.resumed', { state }) : state}
      </span>
      {actions && <div className="results-actions">{actions}</div>}
    </header>
  );
}

/** "Email · 150 rows · finished Mar 3, 2026, 2:05 PM · $0.14 charged", the charge exact on hover. */
function Facts({ job }: { job: JobView }) {
  const t = useT();
  const facts: ReactNode[] = [];
  if (job.product) facts.push(productWords(job.product, t));
  facts.push(t('results.facts.rows', { n: job.rows, count: formatNumber(job.rows) }));
  if (job.state === 'done' && job.finishedAt) {
    facts.push(t('results.facts.finished', { when: formatDateTime(job.finishedAt) }));
  }
  if (job.state === 'done' && job.chargedMicros !== null) {
    facts.push(
      <span key="charged" title={formatUsdExact(job.chargedMicros)}>
        {t('results.facts.charged', { amount: formatUsd(job.chargedMicros) })}
      </span>,
    );
  }
  // Answers lost (on the way, or in flight at a kill) and checked again: said beside the charge.
  const twice = job.mayBeChargedTwice;
  if (twice.addresses > 0) {
    facts.push(
      <span key="twice" data-testid="header-charged-twice">
        {twice.upToMicros === null
          ? t('results.facts.chargedTwice', {
              n: twice.addresses,
              count: formatNumber(twice.addresses),
            })
          : t('results.facts.chargedTwiceUpTo', { amount: formatUsd(twice.upToMicros) })}
      </span>,
    );
  }
  return facts.map((fact, i) => (
    <span key={i}>
      {i > 0 && ' · '}
      {fact}
    </span>
  ));
}
