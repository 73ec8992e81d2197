// One month of the history: a heading that opens and folds it ("October 2026
// · 14 lists"), what its jobs checked and cost, and its jobs as rows. The
// newest month, and any month with a job under way, is open at first; while a
// search is typed every month shows its matches, so none hides in a fold.
import { useId, useState } from 'react';
import { useT } from '../../../i18n/words';
import { isActive } from '../job-words';
import type { JobView } from '../../../../../electron/ipc/contract';
import { monthFacts, monthTitle, type MonthGroup } from './history';
import { JobRow } from './JobRow';
import { Chevron } from './Chevron';

export function MonthSection({
  month,
  now,
  newest,
  newestJobId,
  searching,
}: {
  month: MonthGroup<JobView>;
  now: number;
  newest: boolean;
  /** The newest job of all, open at first (JobRow). */
  newestJobId: string | undefined;
  searching: boolean;
}) {
  const baseId = useId();
  const t = useT();
  const [open, setOpen] = useState(() => newest || month.jobs.some(isActive));
  const shown = open || searching;
  const headingId = `${baseId}-heading`;
  const listId = `${baseId}-jobs`;
  return (
    <section
      className={`job-month${shown ? ' is-open' : ''}`}
      aria-labelledby={headingId}
      aria-describedby={`${baseId}-facts`}
      data-testid="job-month"
    >
      <div className="job-month-head">
        <h2 className="job-month-title">
          <button
            id={headingId}
            type="button"
            className="job-month-toggle"
            aria-expanded={shown}
            aria-controls={listId}
            disabled={searching}
            onClick={() => setOpen((o) => !o)}
          >
            <Chevron />
            {monthTitle(month, t)}
          </button>
        </h2>
        <p className="job-month-facts" id={`${baseId}-facts`} data-testid="month-facts">
          {monthFacts(month, t)}
        </p>
      </div>
      <ul
        id={listId}
        className="job-list"
        aria-label={t('jobs.month.listLabel', { month: month.label })}
        hidden={!shown}
      >
        {month.jobs.map((job) => (
          <li key={job.id}>
            <JobRow
              job={job}
              now={now}
              level={3}
              newest={job.id === newestJobId}
              decimals={month.decimals}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
