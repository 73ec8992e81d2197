// What checking the list costs, as the decision needs it: for Email +
// avatar, the addresses by the avatar check's coverage with each group's cost
// (CoverageGroups.tsx); then three exact figures that add up as shown (balance
// now, the estimate, the balance after; one precision for the three), and what stands in the way:
// a balance that does not cover it, the spending limit, a price not known
// yet. How the estimate is worked out is in CostDetails.tsx.
import type { EstimateView, JobProduct } from '../../../../../electron/ipc/contract';
import { CoverageGroups } from './CoverageGroups';
import {
  balanceAfter,
  formatRelativeTime,
  formatUsd,
  formatUsdExact,
  moneyDecimals,
} from '../../../format';
import { useBalance } from '../../../api/hooks';
import { useNow } from '../../balance/BalanceDisplay';
import { useUiStore } from '../../../state/ui-store';
import { AddFundsLink } from '../../../components/AddFundsLink';
import { useT, useWords } from '../../../i18n/words';
import './savings.css';

/** The balance does not cover the estimate: Check waits for funds. */
export function balanceShort(estimate: EstimateView | undefined): boolean {
  const balance = estimate?.balanceMicros ?? null;
  if (balance === null) return false;
  if (balance <= 0) return true;
  const charge = estimate?.estimateMicros ?? null;
  // The service decides on exact amounts: a balance of $0.124 covers an estimate of $0.124.
  return charge !== null && balance < charge;
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
  const t = useT();
  const dash = <span className="placeholder">—</span>;
  const charge = estimate?.estimateMicros ?? null;
  const balance = estimate?.balanceMicros ?? null;
  const short = balanceShort(estimate);
  // The service not answering now: the last balance read, with its time
  // (kept across restarts, account.ts), never a bare "not known". Not used for
  // the balance after: that is worked out from a balance read now only.
  const language = useWords((s) => s.translator.language);
  const now = useNow();
  const lastRead = useBalance(estimate !== undefined && balance === null).data;
  const after = charge !== null && balance !== null ? balanceAfter(balance, charge) : null;
  const decimals = moneyDecimals([balance ?? 0, charge ?? 0, after ?? 0]);
  const shown = (m: number) => formatUsd(m, undefined, decimals);
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
          <dt>{t('cost.balanceNow')}</dt>
          <dd
            data-testid="estimate-balance"
            title={balance !== null ? formatUsdExact(balance) : undefined}
          >
            {balance !== null ? (
              shown(balance)
            ) : lastRead ? (
              <>
                {formatUsd(lastRead.balanceMicros)}{' '}
                <span className="hint" data-testid="estimate-balance-read">
                  {t('balance.lastRead', {
                    when: formatRelativeTime(lastRead.fetchedAt, now, language),
                  })}
                </span>
              </>
            ) : estimate ? (
              t('cost.notKnownNow')
            ) : (
              dash
            )}
          </dd>
        </div>
        <div>
          <dt>{t('cost.estimatedCharge')}</dt>
          <dd
            data-testid="estimate-charge"
            title={charge !== null ? formatUsdExact(charge) : undefined}
          >
            {charge !== null
              ? t('cost.upTo', { amount: shown(charge) })
              : estimate
                ? t('cost.notKnownYet')
                : dash}
          </dd>
        </div>
        <div className={`is-total${short ? ' is-short' : ''}`}>
          <dt>{t('cost.balanceAfter')}</dt>
          <dd data-testid="estimate-after">{after !== null ? shown(after) : dash}</dd>
        </div>
      </dl>
      {estimate && charge === null && (
        <div className="cost-note stack-sm" data-testid="price-unknown">
          <p className="hint">
            {product === 'avatar' ? t('cost.priceUnknownAvatar') : t('cost.priceUnknown')}
          </p>
          <button
            type="button"
            className="button secondary small"
            onClick={() => openSettings('spending')}
          >
            {t('cost.enterPrice')}
          </button>
        </div>
      )}
      {estimate?.overLimit && estimate.limitMicros !== null && (
        <p className="notice notice-warning" data-testid="over-limit">
          {charge !== null
            ? t('cost.overLimit.notice', { limit: formatUsdExact(estimate.limitMicros) })
            : t('cost.overLimit.noticeUnknown', { limit: formatUsdExact(estimate.limitMicros) })}
        </p>
      )}
      {short && <BalanceShortNotice />}
    </div>
  );
}

/** Why Check is disabled while the balance is short, and the ways on. */
function BalanceShortNotice() {
  const t = useT();
  return (
    <div
      className="notice notice-warning"
      role="status"
      id="start-blocked-balance"
      data-testid="balance-short"
    >
      <p>{t('cost.balanceShort')}</p>
      <AddFundsLink className="button primary small" />
    </div>
  );
}
