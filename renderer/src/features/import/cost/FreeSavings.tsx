// What the free steps take off the bill: the addresses answered within the
// reuse window (taken from the memory of answers already paid for, with when
// they were checked), those the suppression list and the rules keep out (and
// let through), and those the sample checked already (FreeLines, beside
// the estimate); and in money what the addresses not paid for would have
// cost, each line and their sum in cents that add up as shown (Savings, in
// the estimate's details). While the price is not known, no sum is shown.
import type { EstimateView } from '../../../../../electron/ipc/contract';
import { moneyDecimals, sumMicros } from '../../../../../electron/common/money';
import { formatNumber, formatUsd, formatUsdExact } from '../../../format';
import { withheldSentences } from '../../../../../electron/common/words/withheld-words';
import { reusedLine } from '../review/review-words';
import { useT } from '../../../i18n/words';

export function FreeLines({ estimate }: { estimate: EstimateView }) {
  const { reused, sampled } = estimate;
  const t = useT();
  return (
    <>
      {withheldSentences(estimate.withheld, (n) => formatNumber(n), t).map((line) => (
        <p
          key={line.key}
          className={`free-line is-${line.key}`}
          data-testid={`estimate-${line.key}`}
        >
          {line.text}
        </p>
      ))}
      {reused.count > 0 && (
        <p className="free-line is-reused" data-testid="estimate-reused">
          {reusedLine(reused, t)}
        </p>
      )}
      {reused.count === 0 && reused.days === 0 && (
        <p className="hint" data-testid="reuse-off">
          {t('cost.reused.off')}
        </p>
      )}
      {sampled > 0 && (
        <p className="free-line" data-testid="estimate-sampled">
          {t('cost.sampled', { n: sampled, count: formatNumber(sampled) })}
        </p>
      )}
    </>
  );
}

export function Savings({ estimate }: { estimate: EstimateView }) {
  const { savings, unitPriceMicros } = estimate;
  const t = useT();
  if (!savings || unitPriceMicros === null) return null;
  const rows = [
    {
      key: 'cleaned',
      label: t('cost.saved.cleaned'),
      value: savings.cleanedMicros,
    },
    { key: 'skipped', label: t('cost.saved.skipped'), value: savings.skippedMicros },
    { key: 'reused', label: t('cost.saved.reused'), value: savings.reusedMicros },
    {
      key: 'withheld',
      label: t('cost.saved.withheld'),
      value: savings.withheldMicros,
    },
  ].filter((r) => r.value > 0);
  if (rows.length === 0) return null;
  // Exact, at one precision: the total is the sum of the rows' micros, as shown.
  const totalMicros = sumMicros(rows.map((r) => r.value));
  const decimals = moneyDecimals([totalMicros, ...rows.map((r) => r.value)]);
  return (
    <div className="savings" data-testid="estimate-savings">
      <h3 className="card-label">{t('cost.saved.title')}</h3>
      <p className="hint">{t('cost.saved.hint', { price: formatUsdExact(unitPriceMicros) })}</p>
      <dl className="money savings-list">
        {rows.map((r) => (
          <div key={r.key} data-testid={`saved-${r.key}`}>
            <dt>{r.label}</dt>
            <dd title={formatUsdExact(r.value)}>{formatUsd(r.value, undefined, decimals)}</dd>
          </div>
        ))}
        {rows.length > 1 && (
          <div className="is-total">
            <dt>{t('cost.saved.total')}</dt>
            <dd data-testid="saved-total" title={formatUsdExact(totalMicros)}>
              {formatUsd(totalMicros, undefined, decimals)}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
