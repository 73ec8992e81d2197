// The Jobs screen's Team tab: the finished jobs of everyone on this account
// who shares the team store, newest first, a page at a time; read only. Each
// says its list, who ran it on which computer, when, the product, what it
// found and what it cost; never a row or an address (the store holds none).
import { useState } from 'react';
import { useTeamHistory } from '../../../api/team-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatDateTime, formatUsdExact, plural } from '../../../format';
import { chargedWords, pageWords, productWords, restWords, resultWords } from './team-words';
import './team-jobs.css';

export const TEAM_PAGE = 50;

export function TeamJobs() {
  const [offset, setOffset] = useState(0);
  const history = useTeamHistory(offset, TEAM_PAGE);
  const page = history.data;

  if (history.isPending || (!history.isError && page === undefined))
    return <p className="hint">Reading the team’s jobs…</p>;
  if (history.isError) {
    return (
      <div className="stack-sm">
        <ErrorNotice error={history.error} title="The team’s jobs could not be read" />
        <button
          type="button"
          className="button secondary small"
          onClick={() => void history.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (page === undefined) return null;
  if (page.total === 0) {
    return (
      <section className="card jobs-empty" aria-labelledby="team-empty-title">
        <h2 id="team-empty-title" className="jobs-empty-title">
          No finished jobs in the team store yet
        </h2>
        <p className="hint">
          Each list anyone on your team finishes with this account appears here: its name, who
          checked it, its counts and its charge. Never its addresses.
        </p>
      </section>
    );
  }
  const more = offset + page.jobs.length < page.total;
  return (
    <section className="team-jobs" aria-labelledby="team-jobs-title" data-testid="team-jobs">
      <div className="team-jobs-head">
        <h2 id="team-jobs-title" className="visually-hidden">
          The team’s finished jobs
        </h2>
        <p className="hint" role="status" data-testid="team-jobs-shown">
          {pageWords(offset, page.jobs.length, page.total)}, newest first. Read only: each stays
          with whoever checked it.
        </p>
        <button
          type="button"
          className="button ghost small"
          onClick={() => void history.refetch()}
          disabled={history.isFetching}
        >
          {history.isFetching ? 'Reading…' : 'Refresh'}
        </button>
      </div>
      {page.unreadable > 0 && (
        <p className="notice notice-warning" data-testid="team-jobs-unreadable">
          {plural(page.unreadable, 'job', 'jobs')} on this page could not be read: written by
          another version of List Cleaner, or damaged. Updating List Cleaner may show{' '}
          {page.unreadable === 1 ? 'it' : 'them'}.
        </p>
      )}
      <div className="team-table-wrap">
        <table className="team-table">
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Checked by</th>
              <th scope="col">Finished</th>
              <th scope="col">Product</th>
              <th scope="col">Result</th>
              <th scope="col" className="num">
                Charged
              </th>
            </tr>
          </thead>
          <tbody>
            {page.jobs.map((job) => {
              const rest = restWords(job);
              return (
                <tr key={job.id} data-testid="team-job">
                  <th scope="row">
                    <span className="file-name" data-user-value>
                      {job.listName}
                    </span>
                    <span className="team-sub">{plural(job.rows, 'row', 'rows')}</span>
                  </th>
                  <td data-testid="team-job-who">
                    <span data-user-value>{job.osUser}</span>
                    {job.here && <span className="badge team-you">you</span>}
                    <span className="team-sub">
                      on <span data-user-value>{job.machine}</span>
                    </span>
                  </td>
                  <td>{formatDateTime(job.finishedAt)}</td>
                  <td>{productWords(job.product)}</td>
                  <td className="num-cell">
                    <span className="num">{resultWords(job)}</span>
                    {rest && <span className="team-sub num">{rest}</span>}
                  </td>
                  <td
                    className="num"
                    data-testid="team-job-charged"
                    title={
                      job.chargedMicros === null
                        ? 'Paid for at a price List Cleaner had not learned on that computer'
                        : formatUsdExact(job.chargedMicros)
                    }
                  >
                    {chargedWords(job)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {(offset > 0 || more) && (
        <div className="button-row team-pages">
          <button
            type="button"
            className="button secondary small"
            disabled={offset === 0 || history.isFetching}
            onClick={() => setOffset(Math.max(0, offset - TEAM_PAGE))}
          >
            Newer
          </button>
          <button
            type="button"
            className="button secondary small"
            disabled={!more || history.isFetching}
            onClick={() => setOffset(offset + TEAM_PAGE)}
          >
            Older
          </button>
        </div>
      )}
    </section>
  );
}
