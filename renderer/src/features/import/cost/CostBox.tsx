// What checking the list costs, as the decision needs it: for Email +
// avatar, the addresses by the avatar check's coverage with each group's cost
// (CoverageGroups.tsx); then three figures that add up as shown (balance now,
// the estimate rounded up, the balance after), and what stands in the way:
// a balance that does not cover it, the spending limit, a price not known
// yet. How the estimate is worked out is in CostDetails.tsx.
import type { EstimateView, JobProduct } from '../../../../../electron/ipc/contract';
import { CoverageGroups } from './CoverageGroups';
import { balanceAfterShown, formatUsd, formatUsdExact, formatUsdUpTo } from '../../../format';
import { useUiStore } from '../../../state/ui-store';
import { AddFundsLink } from '../../../components/AddFundsLink';
import './savings.css';

/** The balance does not cover the estimate: Check waits for funds. */
export function balanceShort(estimate: EstimateView | undefined): boolean {
  const balance = estimate?.balanceMicros ?? null;
  if (balance === null) return false;
  if (balance <= 0) return true;
  const charge = estimate?.estimateMicros ?? null;
  return charge !== null && balanceAfterShown(balance, charge) < 0;
}

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
  const openSettings = useUiStore((s) => s.openSettings);
  const others = useUiStore((s) => s.others);
  const setOthers = useUiStore((s) => s.setOthers);
  const dash = <span className="placeholder">—</span>;
  const charge = estimate?.estimateMicros ?? null;
  const balance = estimate?.balanceMicros ?? null;
  const after = charge !== null && balance !== null ? balanceAfterShown(balance, charge) : null;
  const short = balanceShort(estimate);
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
        <div>
          <dt>Balance now</dt>
          <dd
            data-testid="estimate-balance"
            title={balance !== null ? formatUsdExact(balance) : undefined}
          >
            {balance !== null ? formatUsd(balance) : estimate ? 'Not known now' : dash}
          </dd>
        </div>
        <div>
          <dt>Estimated charge</dt>
          <dd
            data-testid="estimate-charge"
            title={charge !== null ? formatUsdExact(charge) : undefined}
          >
            {charge !== null ? `up to ${formatUsdUpTo(charge)}` : estimate ? 'Not known yet' : dash}
          </dd>
        </div>
        <div className={`is-total${short ? ' is-short' : ''}`}>
          <dt>Balance after</dt>
          <dd data-testid="estimate-after">{after !== null ? formatUsd(after) : dash}</dd>
        </div>
      </dl>
      {estimate && charge === null && (
        <div className="cost-note stack-sm" data-testid="price-unknown">
          <p className="hint">
            The price per address is not known until your first{' '}
            {product === 'avatar' ? 'avatar ' : ''}check. Enter the price from your plan to see the
            cost before you check.
          </p>
          <button type="button" className="button secondary small" onClick={openSettings}>
            Enter your plan’s price…
          </button>
        </div>
      )}
      {estimate?.overLimit && estimate.limitMicros !== null && (
        <p className="notice notice-warning" data-testid="over-limit">
          {charge !== null
            ? `Over your spending limit of ${formatUsdExact(estimate.limitMicros)} per job.`
            : `Your spending limit is ${formatUsdExact(estimate.limitMicros)} per job, and this list’s cost is not known yet.`}{' '}
          Check asks you first.
        </p>
      )}
      {short && <BalanceShortNotice />}
    </div>
  );
}

/** Why Check is disabled while the balance is short, and the ways on. */
function BalanceShortNotice() {
  return (
    <div
      className="notice notice-warning"
      role="status"
      id="start-blocked-balance"
      data-testid="balance-short"
    >
      <p>
        Your balance does not cover this list. Add funds to your account, then refresh the balance
        at the top of the window; nothing is charged until you check.
      </p>
      <AddFundsLink className="button primary small" />
    </div>
  );
}
