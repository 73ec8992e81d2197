// The jobs as a history: found by file name, and, once they span more than a
// month, by month, each month's heading saying how many lists, addresses and
// dollars it took; months before the newest fold (MonthSection.tsx). Every
// job is a row of its own (JobRow.tsx), folded but for the newest and those under way.
import { useId, useRef, useState } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { useRich, useT } from '../../../i18n/words';
import { groupByMonth, groupsByMonth, searchJobs, shownWords } from './history';
import { JobRow } from './JobRow';
import { MonthSection } from './MonthSection';

/** `jobs`: every job, newest first. */
export function JobHistory({ jobs, now }: { jobs: readonly JobView[]; now: number }) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const countId = useId();
  const t = useT();
  const shown = searchJobs(jobs, query);
  // Grouped by all the jobs, not those that match: the layout stays put while typing.
  const grouped = groupsByMonth(jobs);
  const searching = query.trim() !== '';
  const clear = () => {
    setQuery('');
    input.current?.focus();
  };

  return (
    <>
      {jobs.length > 1 && (
        <div className="job-search" role="search">
          <label htmlFor={inputId} className="visually-hidden">
            {t('jobs.search.label')}
          </label>
          <svg className="job-search-icon" viewBox="0 0 16 16" aria-hidden="true">
            <circle cx="7" cy="7" r="4.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="m10.5 10.5 3.2 3.2" stroke="currentColor" strokeWidth="1.6" />
          </svg>
          <input
            ref={input}
            id={inputId}
            type="search"
            placeholder={t('jobs.search.placeholder')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-describedby={countId}
          />
          <p className="job-search-count" id={countId} role="status" data-testid="jobs-shown">
            {shownWords(shown.length, jobs.length, query.trim() !== '', t)}
          </p>
        </div>
      )}

      {shown.length === 0 ? (
        <NoMatch query={query.trim()} onClear={clear} />
      ) : grouped ? (
        <div className="job-months">
          {groupByMonth(shown).map((month, i) => (
            <MonthSection
              key={month.key}
              month={month}
              now={now}
              newest={i === 0}
              newestJobId={jobs[0]?.id}
              searching={searching}
            />
          ))}
        </div>
      ) : (
        <ul className="job-list" aria-label={t('jobs.list.label')}>
          {shown.map((job) => (
            <li key={job.id}>
              <JobRow job={job} now={now} newest={job.id === jobs[0]?.id} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function NoMatch({ query, onClear }: { query: string; onClear: () => void }) {
  const titleId = useId();
  const t = useT();
  const rich = useRich();
  return (
    <section className="card jobs-empty" aria-labelledby={titleId} data-testid="jobs-no-match">
      <h2 id={titleId} className="jobs-empty-title">
        {rich('jobs.search.noMatch', {
          query,
          typed: (chunks) => <span className="file-name">{chunks}</span>,
        })}
      </h2>
      <p className="hint">{t('jobs.search.noMatchHint')}</p>
      <button type="button" className="button secondary small" onClick={onClear}>
        {t('jobs.search.clear')}
      </button>
    </section>
  );
}
