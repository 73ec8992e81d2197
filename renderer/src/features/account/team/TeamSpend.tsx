// The Account screen's Team spend: what each person's finished jobs on this
// account cost, month by month for the last twelve months, from the team
// store. A person is the OS user who ran the jobs (the computers are named);
// each month's people add up to the month's total, and the months to the
// year's, as shown (spend-words.ts). Months with no jobs are left out.
import { useTeamSpend } from '../../../api/team-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber, formatUsdExact } from '../../../format';
import { machinesWords, monthLabel, spendTable, spendWords } from './spend-words';
import { useT } from '../../../i18n/words';
import '../../jobs/team/team-jobs.css';
import './team.css';

export function TeamSpend() {
  const spend = useTeamSpend();
  const t = useT();
  const table = spend.data ? spendTable(spend.data) : null;
  return (
    <section
      className="card team-spend"
      aria-labelledby="team-spend-title"
      data-testid="team-spend"
    >
      <h2 id="team-spend-title" className="card-label">
        {t('team.spend.title')}
      </h2>
      {spend.isPending && <p className="hint">{t('team.spend.reading')}</p>}
      {spend.isError && (
        <div className="stack-sm">
          <ErrorNotice error={spend.error} title={t('team.spend.failed')} />
          <button
            type="button"
            className="button secondary small"
            onClick={() => void spend.refetch()}
          >
            {t('team.spend.tryAgain')}
          </button>
        </div>
      )}
      {spend.data && table && (
        <>
          <p className="hint">
            {t('team.spend.hint', {
              from: monthLabel(spend.data.from),
              to: monthLabel(spend.data.to),
            })}
          </p>
          {table.months.length === 0 ? (
            <p className="hint" data-testid="team-spend-empty">
              {t('team.spend.empty')}
            </p>
          ) : (
            <div className="team-table-wrap">
              <table className="team-table">
                <thead>
                  <tr>
                    <th scope="col">{t('team.spend.person')}</th>
                    <th scope="col">{t('team.spend.computersColumn')}</th>
                    <th scope="col" className="num">
                      {t('team.spend.jobs')}
                    </th>
                    <th scope="col" className="num">
                      {t('team.spend.charged')}
                    </th>
                  </tr>
                </thead>
                {table.months.map((month) => (
                  <tbody key={month.key} data-testid="team-spend-month">
                    <tr className="team-spend-month">
                      <th scope="colgroup" colSpan={4}>
                        {month.label}
                      </th>
                    </tr>
                    {month.people.map((p) => (
                      <tr key={p.osUser} data-testid="team-spend-person">
                        <th scope="row" data-user-value>
                          {p.osUser}
                        </th>
                        <td className="team-sub-cell" data-user-value>
                          {machinesWords(p.machines, t)}
                        </td>
                        <td className="num">{formatNumber(p.jobs)}</td>
                        <td
                          className="num"
                          title={formatUsdExact(p.micros)}
                          data-testid="team-spend-charged"
                        >
                          {spendWords(p, t, undefined, table.decimals)}
                        </td>
                      </tr>
                    ))}
                    <tr className="team-spend-total" data-testid="team-spend-month-total">
                      <th scope="row" colSpan={2}>
                        {t('team.spend.monthTotal', { month: month.label })}
                      </th>
                      <td className="num">{formatNumber(month.jobs)}</td>
                      <td className="num" title={formatUsdExact(month.micros)}>
                        {spendWords(month, t, undefined, table.decimals)}
                      </td>
                    </tr>
                  </tbody>
                ))}
                <tfoot>
                  <tr data-testid="team-spend-total">
                    <th scope="row" colSpan={2}>
                      {t('team.spend.allMonths', { months: table.months.length })}
                    </th>
                    <td className="num">{formatNumber(table.jobs)}</td>
                    <td className="num" title={formatUsdExact(table.micros)}>
                      {spendWords(table, t, undefined, table.decimals)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          {table.unknownCharges > 0 && <p className="hint">{t('team.spend.unknownHint')}</p>}
        </>
      )}
    </section>
  );
}
