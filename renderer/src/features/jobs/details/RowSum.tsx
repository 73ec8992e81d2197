// The visible sum of a finished job: every row of the file, term by term, to
// the file's own count, with what was charged for the paid term. See
// money/row-sum.ts for how each term is counted.
import { useId } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatNumber, formatUsd, formatUsdExact, plural } from '../../../format';
import { rowSum } from '../money/row-sum';

export function RowSum({ job }: { job: JobView }) {
  const captionId = useId();
  const sum = rowSum(job);
  const leftOut = [
    job.disposable > 0 ? `${formatNumber(job.disposable)} disposable` : null,
    job.role > 0 ? `${formatNumber(job.role)} role` : null,
    job.noMail > 0 ? `${formatNumber(job.noMail)} at domains with no mail server` : null,
    job.notCovered > 0 ? `${formatNumber(job.notCovered)} not covered by avatar` : null,
    job.suppressed > 0 ? `${formatNumber(job.suppressed)} suppressed` : null,
    job.blocked > 0 ? `${formatNumber(job.blocked)} blocked by a rule` : null,
  ].filter((part): part is string => part !== null);
  const terms = [
    {
      key: 'checked',
      value: sum.checked,
      label: 'checked by the service',
      detail:
        sum.noAnswer > 0
          ? `${formatNumber(sum.paid)} paid, ${formatNumber(sum.noAnswer)} without an answer, not charged`
          : 'paid',
    },
    { key: 'reused', value: sum.reused, label: 'reused from earlier checks', detail: 'free' },
    {
      key: 'left-out',
      value: sum.leftOut,
      label: 'left out by free checks',
      detail: leftOut.length > 0 ? leftOut.join(', ') : 'not sent, free',
    },
    { key: 'repeats', value: sum.repeats, label: 'repeats', detail: 'an address already above' },
    {
      key: 'not-addresses',
      value: sum.notAddresses,
      label: 'not addresses',
      detail: 'empty or not an email address',
    },
  ];
  return (
    <div className="row-sum" data-testid="row-sum">
      <table aria-labelledby={captionId}>
        <caption id={captionId}>Where the file’s rows went</caption>
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
                  sum.rows === 1
                  ? 'row in the file'
                  : 'rows in the file'
                : `of the file’s ${plural(sum.rows, 'row', 'rows')}: ${formatNumber(Math.abs(sum.gap))} ${sum.gap < 0 ? 'not accounted for' : 'counted twice'}`}
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
  const charged = job.chargedMicros;
  const unit = job.unitPriceMicros;
  if (charged === null) {
    return (
      <p className="row-sum-charge" data-testid="sum-charge">
        {plural(paid, 'paid check', 'paid checks')}: the charge shows once the service reports its
        price.
      </p>
    );
  }
  // An Email + avatar job may also have paid Email answers, at another price.
  const oneProduct = unit !== null && charged === paid * unit && job.paidAsEmail === 0;
  return (
    <p className="row-sum-charge" data-testid="sum-charge">
      Charged{' '}
      <strong title={formatUsdExact(charged)} className="num">
        {formatUsd(charged)}
      </strong>{' '}
      for {plural(paid, 'paid check', 'paid checks')}
      {oneProduct && paid > 0 && <> at {formatUsdExact(unit)} each</>}. Answers reused, left out or
      without an answer cost nothing.
    </p>
  );
}
