// The visible sum of a finished job: every row of the file, term by term, to
// the file's own count, with what was charged for the paid term. See
// money/row-sum.ts for how each term is counted.
import { useId, type ReactNode } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatNumber, formatUsd, formatUsdExact } from '../../../format';
import { useRich, useT } from '../../../i18n/words';
import { rowSum } from '../money/row-sum';

export function RowSum({ job }: { job: JobView }) {
  const captionId = useId();
  const t = useT();
  const sum = rowSum(job);
  const count = formatNumber;
  const leftOut = [
    job.disposable > 0 ? t('jobs.sum.disposable', { count: count(job.disposable) }) : null,
    job.role > 0 ? t('jobs.sum.role', { count: count(job.role) }) : null,
    job.noMail > 0 ? t('jobs.sum.noMail', { count: count(job.noMail) }) : null,
    job.notCovered > 0 ? t('jobs.sum.notCovered', { count: count(job.notCovered) }) : null,
    job.suppressed > 0 ? t('jobs.sum.suppressed', { count: count(job.suppressed) }) : null,
    job.blocked > 0 ? t('jobs.sum.blocked', { count: count(job.blocked) }) : null,
  ].filter((part): part is string => part !== null);
  const terms = [
    {
      key: 'checked',
      value: sum.checked,
      label: t('jobs.sum.checked'),
      detail:
        sum.noAnswer > 0
          ? t('jobs.sum.checkedSplit', {
              paid: count(sum.paid),
              noAnswer: count(sum.noAnswer),
            })
          : t('jobs.sum.paid'),
    },
    {
      key: 'reused',
      value: sum.reused,
      label: t('jobs.sum.reused'),
      detail: t('jobs.sum.free'),
    },
    {
      key: 'left-out',
      value: sum.leftOut,
      label: t('jobs.sum.leftOut'),
      detail: leftOut.length > 0 ? leftOut.join(', ') : t('jobs.sum.notSent'),
    },
    {
      key: 'repeats',
      value: sum.repeats,
      label: t('jobs.sum.repeats'),
      detail: t('jobs.sum.repeatsDetail'),
    },
    {
      key: 'not-addresses',
      value: sum.notAddresses,
      label: t('jobs.sum.notAddresses'),
      detail: t('jobs.sum.notAddressesDetail'),
    },
  ];
  const rows = { n: sum.rows, count: count(sum.rows), gap: count(Math.abs(sum.gap)) };
  return (
    <div className="row-sum" data-testid="row-sum">
      <table aria-labelledby={captionId}>
        <caption id={captionId}>{t('jobs.sum.caption')}</caption>
        <tbody>
          {terms.map((t, i) => (
            <tr key={t.key} data-testid={`sum-${t.key}`}>
              <td className="row-sum-op" aria-hidden="true">
                {i === 0 ? '' : '+'}
              </td>
              <td className="row-sum-value num">{formatNumber(t.value)}</td>
              <td className="row-sum-label">
                {t.label}
                <span className="row-sum-detail"> · {t.detail}</span>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="sum-total" className={sum.gap === 0 ? 'is-even' : 'is-off'}>
            <td className="row-sum-op" aria-hidden="true">
              =
            </td>
            <td className="row-sum-value num">{formatNumber(sum.total)}</td>
            <td className="row-sum-label">
              {sum.gap === 0
                ? // The figure beside it is the file's count: said once.
                  t('jobs.sum.rowsInFile', { n: sum.rows })
                : sum.gap < 0
                  ? t('jobs.sum.short', rows)
                  : t('jobs.sum.over', rows)}
            </td>
          </tr>
        </tfoot>
      </table>
      <ChargeSum job={job} paid={sum.paid} />
    </div>
  );
}

/** What the paid term cost: the amount, and the price it multiplies when one product was charged. */
function ChargeSum({ job, paid }: { job: JobView; paid: number }) {
  const t = useT();
  const rich = useRich();
  const charged = job.chargedMicros;
  const unit = job.unitPriceMicros;
  const checks = { n: paid, count: formatNumber(paid) };
  if (charged === null) {
    return (
      <p className="row-sum-charge" data-testid="sum-charge">
        {t('jobs.sum.noPrice', checks)}
      </p>
    );
  }
  // An Email + avatar job may also have paid Email answers, at another price.
  const oneProduct = unit !== null && charged === paid * unit && job.paidAsEmail === 0;
  const money = (chunks: ReactNode[]) => (
    <strong title={formatUsdExact(charged)} className="num">
      {chunks}
    </strong>
  );
  return (
    <p className="row-sum-charge" data-testid="sum-charge">
      {oneProduct && paid > 0
        ? rich('jobs.sum.chargedAt', {
            ...checks,
            price: formatUsd(charged),
            unit: formatUsdExact(unit),
            money,
          })
        : rich('jobs.sum.charged', { ...checks, price: formatUsd(charged), money })}
    </p>
  );
}
