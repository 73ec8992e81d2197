// The jobs as a history: found by file name, and, once there are many, by
// month, each month's heading saying how many jobs, addresses and dollars it
// took. Every job stays a card of its own (JobCard.tsx).
import { useId, useRef, useState } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { JobCard } from '../details/JobCard';
import { GROUP_ABOVE, groupByMonth, monthFacts, searchJobs, shownWords } from './history';

/** `jobs`: every job, newest first. */
export function JobHistory({ jobs, now }: { jobs: readonly JobView[]; now: number }) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const countId = useId();
  const shown = searchJobs(jobs, query);
  // Grouped by how many jobs there are, not how many match: the layout stays put while typing.
  const grouped = jobs.length > GROUP_ABOVE;
  const clear = () => {
    setQuery('');
    input.current?.focus();
  };

  return (
    <>
      {jobs.length > 1 && (
        <div className="job-search" role="search">
          <label htmlFor={inputId} className="visually-hidden">
            Search jobs by file name
          </label>
          <svg className="job-search-icon" viewBox="0 0 16 16" aria-hidden="true">
            <circle cx="7" cy="7" r="4.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="m10.5 10.5 3.2 3.2" stroke="currentColor" strokeWidth="1.6" />
          </svg>
          <input
            ref={input}
            id={inputId}
            type="search"
            placeholder="Search by file name"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-describedby={countId}
          />
          <p className="job-search-count" id={countId} role="status" data-testid="jobs-shown">
            {shownWords(shown.length, jobs.length, query.trim() !== '')}
          </p>
        </div>
      )}

      {shown.length === 0 ? (
        <NoMatch query={query.trim()} onClear={clear} />
      ) : grouped ? (
        <Months jobs={shown} now={now} />
      ) : (
        <ul className="job-list" aria-label="Jobs, newest first">
          {shown.map((job) => (
            <li key={job.id}>
              <JobCard job={job} now={now} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Months({ jobs, now }: { jobs: readonly JobView[]; now: number }) {
  const baseId = useId();
  return (
    <div className="job-months">
      {groupByMonth(jobs).map((month) => {
        const headingId = `${baseId}-${month.key}`;
        return (
          <section
            key={month.key}
            className="job-month"
            aria-labelledby={headingId}
            aria-describedby={`${headingId}-facts`}
            data-testid="job-month"
          >
            <div className="job-month-head">
              <h2 id={headingId} className="job-month-title">
                {month.label}
              </h2>
              <p className="job-month-facts" id={`${headingId}-facts`} data-testid="month-facts">
                {monthFacts(month)}
              </p>
            </div>
            <ul className="job-list" aria-label={`Jobs of ${month.label}, newest first`}>
              {month.jobs.map((job) => (
                <li key={job.id}>
                  <JobCard job={job} now={now} level={3} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function NoMatch({ query, onClear }: { query: string; onClear: () => void }) {
  const titleId = useId();
  return (
    <section className="card jobs-empty" aria-labelledby={titleId} data-testid="jobs-no-match">
      <h2 id={titleId} className="jobs-empty-title">
        No job’s file name has “<span className="file-name">{query}</span>”
      </h2>
      <p className="hint">
        The search looks at file names only, whatever their capitals and accents. Try part of the
        name, or show every job again.
      </p>
      <button type="button" className="button secondary small" onClick={onClear}>
        Clear the search
      </button>
    </section>
  );
}
