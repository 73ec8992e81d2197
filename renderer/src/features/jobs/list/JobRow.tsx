// One job as a row of the Jobs screen: its name, state, counts, charge and one
// primary action; the rest (progress, waits, holds, bulk tasks, the sum of
// its rows) opens in place below it. The name is the disclosure button, so
// Tab reaches it and Enter or Space opens it; aria-expanded says which.
import { useId, useState } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatTimeOfDay } from '../../../format';
import { useT } from '../../../i18n/words';
import { PrimaryActionButton } from '../actions/PrimaryActionButton';
import { useJobCommands } from '../actions/use-job-commands';
import { JobDetails } from '../details/JobDetails';
import { badgeWords, isActive, jobName, productWords } from '../job-words';
import { RecheckReminder } from '../RecheckReminder';
import { chargeLine } from '../money/charge-words';
import { countsWords, rowsWords } from './row-words';
import { Chevron } from './Chevron';

/**
 * `level`: the name's heading level, 3 under a month's heading. `newest`: the newest job of all,
 * open at first. `decimals`: the month's one precision for money (history.ts), so its rows add
 * up to it.
 */
export function JobRow({
  job,
  now,
  level = 2,
  newest = false,
  decimals,
}: {
  job: JobView;
  now: number;
  level?: 2 | 3;
  newest?: boolean;
  decimals?: number;
}) {
  const titleId = useId();
  const detailsId = useId();
  // Folded by default, so a history of finished jobs is a list of lines; open at first: the
  // newest job, and one under way (a draft started from the review too). One seen under way
  // stays open after, until the screen is left: a job that finishes while watched does not
  // fold away under the user's eyes. A click decides from then on.
  const active = isActive(job);
  const [seenActive, setSeenActive] = useState(active);
  if (active && !seenActive) setSeenActive(true);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (seenActive || newest);
  const commands = useJobCommands(job);
  const t = useT();
  const badge = badgeWords(job, t);
  const charge = chargeLine(job, t, decimals);
  const Title = level === 3 ? 'h3' : 'h2';
  return (
    <article
      className={`job-row is-${job.state}${open ? ' is-open' : ''}`}
      aria-labelledby={titleId}
      data-testid="job"
      data-state={job.state}
    >
      <div className="job-line">
        <div className="job-name">
          <Title className="job-title">
            <button
              type="button"
              className="job-toggle"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setChosen(!open)}
            >
              <Chevron />
              <span id={titleId} className="file-name">
                {jobName(job)}
              </span>
            </button>
          </Title>
          <p className="job-meta">
            {job.product ? productWords(job.product, t) : t('jobs.row.noProduct')}
            <span aria-hidden="true"> · </span>
            {rowsWords(job.rows, t)}
            <span aria-hidden="true"> · </span>
            {t('jobs.row.added', { time: formatTimeOfDay(job.createdAt, now) })}
          </p>
        </div>
        <p className="job-counts num" data-testid="job-counts">
          {countsWords(job, t)}
        </p>
        <p className="job-charge">
          {charge && (
            <>
              {charge.amount !== null && (
                <span
                  className="job-charge-amount num"
                  title={charge.exact ?? undefined}
                  data-testid={job.state === 'done' ? 'job-charged' : 'job-charged-so-far'}
                >
                  {charge.amount}
                </span>
              )}
              <span className="job-charge-note" data-testid="job-charge-note">
                {charge.note}
              </span>
            </>
          )}
        </p>
        <p className="job-state">
          <span className={`badge badge-state is-${badge.tone}`} data-testid="job-state">
            {badge.text}
          </span>
        </p>
        <div className="job-primary">
          <PrimaryActionButton job={job} commands={commands} />
        </div>
      </div>
      {commands.error && <ErrorNotice error={commands.error} />}
      {/* A reminder is there to be seen: under the row, not behind its disclosure. */}
      {job.state === 'done' && (
        <div className="job-row-note">
          <RecheckReminder job={job} now={now} />
        </div>
      )}
      <div id={detailsId} className="job-details" hidden={!open}>
        <JobDetails job={job} now={now} commands={commands} />
      </div>
    </article>
  );
}
