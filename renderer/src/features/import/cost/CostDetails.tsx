// How the estimate is worked out, behind a disclosure under Check: the price
// per address and where it comes from, how many of the list are sent, what
// the addresses not paid for would have cost (FreeSavings.tsx), and that only
// addresses with a result are charged.
import type { EstimateView } from '../../../../../electron/ipc/contract';
import { useAccount } from '../../../api/hooks';
import { formatNumber, formatUsdExact } from '../../../format';
import { Savings } from './FreeSavings';
import { priceSourceWords } from '../review/review-words';
import { useT } from '../../../i18n/words';

export function CostDetails({ estimate }: { estimate: EstimateView }) {
  const demo = useAccount().data?.mode === 'demo';
  const t = useT();
  const source = priceSourceWords(estimate.priceSource, demo, t);
  return (
    <details className="disclosure cost-details" data-testid="cost-details">
      <summary>{t('cost.details.title')}</summary>
      <dl className="money">
        <div className="has-source">
          <dt>{t('cost.details.price')}</dt>
          <dd data-testid="unit-price">
            {estimate.unitPriceMicros !== null
              ? formatUsdExact(estimate.unitPriceMicros)
              : t('cost.notKnownYet')}
          </dd>
          {source && (
            <dd className="money-source" data-testid="price-source">
              {source}
            </dd>
          )}
        </div>
        <div>
          <dt>{t('cost.details.sent')}</dt>
          <dd data-testid="estimate-to-send">
            {formatNumber(estimate.toSend)}
            {estimate.toSend !== estimate.unique && (
              <span className="money-of">
                {' '}
                {t('cost.details.sentOf', { total: formatNumber(estimate.unique) })}
              </span>
            )}
          </dd>
        </div>
      </dl>
      <Savings estimate={estimate} />
      {estimate.estimateMicros !== null && (
        <p className="hint cost-note">{t('cost.details.onlyResults')}</p>
      )}
    </details>
  );
}
