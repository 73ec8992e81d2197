// The Jobs screen's Team tab: the finished jobs of everyone on this account
// who shares the team store, newest first, a page at a time; read only. Each
// says its list, who ran it on which computer, when, the product, what it
// found and what it cost; never a row or an address (the store holds none).
import { useState } from 'react';
import { useTeamHistory } from '../../../api/team-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatDateTime, formatNumber, formatUsdExact } from '../../../format';
import { useRich, useT } from '../../../i18n/words';
import { rowsWords } from '../list/row-words';
import { chargedWords, pageWords, productWords, restWords, resultWords } from './team-words';
import './team-jobs.css';

export const TEAM_PAGE = 50;

export function TeamJobs() {
  const [offset, setOffset] = useState(0);
  const history = useTeamHistory(offset, TEAM_PAGE);
  const page = history.data;
  const t = useT();
  const rich = useRich();

  if (history.isPending || (!history.isError && page === undefined))
    return <p className="hint">{t('jobs.team.reading')}</p>;
  if (history.isError) {
    return (
      <div className="stack-sm">
        <ErrorNotice error={history.error} title={t('jobs.team.readFailed')} />
        <button
          type="button"
          className="button secondary small"
          onClick={() => void history.refetch()}
        >
          {t('jobs.tryAgain')}
        </button>
      </div>
    );
  }
  if (page === undefined) return null;
  if (page.total === 0) {
    return (
      <section className="card jobs-empty" aria-labelledby="team-empty-title">
        <h2 id="team-empty-title" className="jobs-empty-title">
          {t('jobs.team.emptyTitle')}
        </h2>
        <p className="hint">{t('jobs.team.emptyBody')}</p>
      </section>
    );
  }
  const more = offset + page.jobs.length < page.total;
  return (
    <section className="team-jobs" aria-labelledby="team-jobs-title" data-testid="team-jobs">
      <div className="team-jobs-head">
        <h2 id="team-jobs-title" className="visually-hidden">
          {t('jobs.team.title')}
        </h2>
        <p className="hint" role="status" data-testid="team-jobs-shown">
          {t('jobs.team.shown', { page: pageWords(offset, page.jobs.length, page.total, t) })}
        </p>
        <button
          type="button"
          className="button ghost small"
          onClick={() => void history.refetch()}
          disabled={history.isFetching}
        >
          {history.isFetching ? t('jobs.team.refreshing') : t('jobs.team.refresh')}
        </button>
      </div>
      {page.unreadable > 0 && (
        <p className="notice notice-warning" data-testid="team-jobs-unreadable">
          {t('jobs.team.unreadable', {
            n: page.unreadable,
            count: formatNumber(page.unreadable),
          })}
        </p>
      )}
      <div className="team-table-wrap">
        <table className="team-table">
          <thead>
            <tr>
              <th scope="col">{t('jobs.team.colList')}</th>
              <th scope="col">{t('jobs.team.colWho')}</th>
              <th scope="col">{t('jobs.team.colFinished')}</th>
              <th scope="col">{t('jobs.team.colProduct')}</th>
              <th scope="col">{t('jobs.team.colResult')}</th>
              <th scope="col" className="num">
                {t('jobs.team.colCharged')}
              </th>
            </tr>
          </thead>
          <tbody>
            {page.jobs.map((job) => {
              const rest = restWords(job, t);
              return (
                <tr key={job.id} data-testid="team-job">
                  <th scope="row">
                    <span className="file-name" data-user-value>
                      {job.listName}
                    </span>
                    <span className="team-sub">{rowsWords(job.rows, t)}</span>
                  </th>
                  <td data-testid="team-job-who">
                    <span data-user-value>{job.osUser}</span>
                    {job.here && <span className="badge team-you">{t('jobs.team.you')}</span>}
                    <span className="team-sub">
                      {rich('jobs.team.on', {
                        machine: job.machine,
                        host: (chunks) => <span data-user-value>{chunks}</span>,
                      })}
                    </span>
                  </td>
                  <td>{formatDateTime(job.finishedAt)}</td>
                  <td>{productWords(job.product, t)}</td>
                  <td className="num-cell">
                    <span className="num">{resultWords(job, t)}</span>
                    {rest && <span className="team-sub num">{rest}</span>}
                  </td>
                  <td
                    className="num"
                    data-testid="team-job-charged"
                    title={
                      job.chargedMicros === null
                        ? t('jobs.team.chargeUnknownTitle')
                        : formatUsdExact(job.chargedMicros)
                    }
                  >
                    {chargedWords(job, t)}
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
            {t('jobs.team.newer')}
          </button>
          <button
            type="button"
            className="button secondary small"
            disabled={!more || history.isFetching}
            onClick={() => setOffset(offset + TEAM_PAGE)}
          >
            {t('jobs.team.older')}
          </button>
        </div>
      )}
    </section>
  );
}
