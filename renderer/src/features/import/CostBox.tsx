// What checking the list costs: for Email + avatar, the addresses by the
// avatar check's coverage with each group's cost (CoverageGroups.tsx); the
// price per address and where it comes from, how many addresses are sent, the
// estimated charge, the balance now and after, what the free steps saved
// (FreeSavings.tsx), whether it goes over the spending limit, and whether it
// goes as bulk tasks (how many).
import type { EstimateView, JobProduct } from '../../../../electron/ipc/contract';
import { CoverageGroups } from './CoverageGroups';
import { useAccount } from '../../api/hooks';
import { formatNumber, formatUsd, formatUsdExact } from '../../format';
import { useUiStore } from '../../state/ui-store';
import { FreeSavings } from './FreeSavings';
import { priceSourceWords, routeNote } from './review-words';
import './savings.css';

export function CostBox({
  estimate,
  product,
  pending,
  busy,
}: {
  estimate: EstimateView | undefined;
  product: JobProduct;
  pending: boolean;
  /** Starting or sampling: the choices wait. */
  busy: boolean;
}) {
  const demo = useAccount().data?.mode === 'demo';
  const openSettings = useUiStore((s) => s.openSettings);
  const others = useUiStore((s) => s.others);
  const setOthers = useUiStore((s) => s.setOthers);
  const dash = <span className="placeholder">—</span>;
  const known = estimate && estimate.estimateMicros !== null;
  const balance = estimate?.balanceMicros ?? null;
  const after = known && balance !== null ? balance - (estimate.estimateMicros ?? 0) : null;
  const short = balance !== null && (balance <= 0 || (after !== null && after < 0));
  const source = estimate ? priceSourceWords(estimate.priceSource, demo) : null;
  return (
    <div className="cost" aria-busy={pending}>
      {product === 'avatar' && estimate?.coverage && (
        <CoverageGroups
          coverage={estimate.coverage}
          others={others}
          onOthers={setOthers}
          disabled={busy}
        />
      )}
      <dl className="money" data-testid="estimate">
        <div className="has-source">
          <dt>Price per address</dt>
          <dd>
            {estimate
              ? estimate.unitPriceMicros !== null
                ? formatUsdExact(estimate.unitPriceMicros)
                : 'Not known yet'
              : dash}
          </dd>
          {source && (
            <dd className="money-source" data-testid="price-source">
              {source}
            </dd>
          )}
        </div>
        {estimate && estimate.toSend !== estimate.unique && (
          <div>
            <dt>To send</dt>
            <dd data-testid="estimate-to-send">
              {formatNumber(estimate.toSend)}
              <span className="money-of"> of {formatNumber(estimate.unique)}</span>
            </dd>
          </div>
        )}
        <div className="is-total">
          <dt>Estimated charge</dt>
          <dd data-testid="estimate-charge">
            {estimate && known ? `up to ${formatUsd(estimate.estimateMicros ?? 0)}` : dash}
          </dd>
        </div>
        <div>
          <dt>Balance now</dt>
          <dd>{balance !== null ? formatUsd(balance) : estimate ? 'Not known now' : dash}</dd>
        </div>
        <div className={short ? 'is-short' : undefined}>
          <dt>Balance after</dt>
          <dd data-testid="estimate-after">{after !== null ? formatUsd(after) : dash}</dd>
        </div>
      </dl>
      {estimate && !known && (
        <div className="cost-note stack-sm" data-testid="price-unknown">
          <p className="hint">
            No estimate yet: the price per address is not known until your first{' '}
            {product === 'avatar' ? 'avatar ' : ''}check. Enter the price from your plan in Settings
            to see the cost, and what the free steps save, before you start.
          </p>
          <button type="button" className="button secondary small" onClick={openSettings}>
            Enter your plan’s price…
          </button>
        </div>
      )}
      {estimate && <FreeSavings estimate={estimate} />}
      {estimate?.overLimit && estimate.limitMicros !== null && (
        <p className="notice notice-warning" data-testid="over-limit">
          {known
            ? `Over your spending limit of ${formatUsd(estimate.limitMicros)} per job.`
            : `Your spending limit is ${formatUsd(estimate.limitMicros)} per job, and this list’s cost is not known yet.`}{' '}
          Start asks you first.
        </p>
      )}
      {short && (
        <p className="notice notice-warning" role="status">
          Your balance does not cover this list. Add funds to your account first; Start checks your
          balance again and charges nothing if it is still short.
        </p>
      )}
      {estimate && known && (
        <p className="hint cost-note">
          You pay only for addresses that get a result; unknown ones are not charged.
        </p>
      )}
      {estimate && estimate.toSend > 0 && <p className="hint route-note">{routeNote(estimate)}</p>}
    </div>
  );
}
