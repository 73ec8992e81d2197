// What checking the list costs: the price per address, the estimated charge,
// the balance now and after, and whether it goes as a bulk task.
import type { EstimateView, JobProduct } from '../../../../electron/ipc/contract';
import { formatUsd, formatUsdExact } from '../../format';

export function CostBox({
  estimate,
  product,
  pending,
}: {
  estimate: EstimateView | undefined;
  product: JobProduct;
  pending: boolean;
}) {
  const dash = <span className="placeholder">—</span>;
  const known = estimate && estimate.estimateMicros !== null;
  const after = known ? estimate.balanceMicros - (estimate.estimateMicros ?? 0) : null;
  const short = estimate && (estimate.balanceMicros <= 0 || (after !== null && after < 0));
  return (
    <div className="cost" aria-busy={pending}>
      <dl className="money" data-testid="estimate">
        <div>
          <dt>Price per address</dt>
          <dd>
            {estimate
              ? estimate.unitPriceMicros !== null
                ? formatUsdExact(estimate.unitPriceMicros)
                : 'Not known yet'
              : dash}
          </dd>
        </div>
        <div className="is-total">
          <dt>Estimated charge</dt>
          <dd data-testid="estimate-charge">
            {estimate && known ? `up to ${formatUsd(estimate.estimateMicros ?? 0)}` : dash}
          </dd>
        </div>
        <div>
          <dt>Balance now</dt>
          <dd>{estimate ? formatUsd(estimate.balanceMicros) : dash}</dd>
        </div>
        <div className={short ? 'is-short' : undefined}>
          <dt>Balance after</dt>
          <dd data-testid="estimate-after">{after !== null ? formatUsd(after) : dash}</dd>
        </div>
      </dl>
      {estimate && !known && (
        <p className="hint cost-note" data-testid="price-unknown">
          No estimate yet: the price per address is not known until your first{' '}
          {product === 'avatar' ? 'avatar ' : ''}check. You pay only for addresses that get a
          result.
        </p>
      )}
      {estimate && known && (
        <p className="hint cost-note">
          You pay only for addresses that get a result; unknown ones are not charged.
        </p>
      )}
      {short && (
        <p className="notice notice-warning" role="status">
          Your balance does not cover this list. Add funds to your account first; Start checks your
          balance again and charges nothing if it is still short.
        </p>
      )}
      {estimate && (
        <p className="hint route-note">
          {estimate.route === 'bulk'
            ? 'Sent as a bulk task: the service usually needs a few minutes. You may close List Cleaner meanwhile; it carries on when you come back.'
            : 'Checked right away, up to 100 addresses at a time.'}
        </p>
      )}
    </div>
  );
}
