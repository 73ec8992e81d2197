import { useEffect, useState } from 'react';
import { useBalance } from '../../api/hooks';
import { errorMessage } from '../../api/call';
import { formatRelativeTime, formatUsd, formatUsdExact } from '../../format';

/** Re-renders every 30 s so "updated 2 minutes ago" stays true. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

export function BalanceDisplay() {
  const balance = useBalance(true);
  const now = useNow();
  const refreshing = balance.isFetching;

  let amount = '—';
  let exact: string | undefined;
  let caption = 'Reading balance…';
  if (balance.data) {
    amount = formatUsd(balance.data.balanceMicros);
    exact = formatUsdExact(balance.data.balanceMicros);
    caption = `Updated ${formatRelativeTime(balance.data.fetchedAt, now)}`;
  }
  if (balance.isError) caption = 'Balance unavailable';

  return (
    <div className="balance" role="group" aria-label="Account balance">
      <div className="balance-text">
        <span className="balance-label">Balance</span>
        <span
          className="balance-amount"
          data-testid="balance-amount"
          title={exact}
          aria-live="polite"
        >
          {amount}
        </span>
        <span className={`balance-caption ${balance.isError ? 'is-error' : ''}`}>{caption}</span>
      </div>
      <button
        type="button"
        className={`icon-button ${refreshing ? 'is-spinning' : ''}`}
        onClick={() => void balance.refetch()}
        disabled={refreshing}
        aria-label="Refresh balance"
      >
        <svg viewBox="0 0 20 20" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M16 10a6 6 0 1 1-1.8-4.3M16 3.5v3.2h-3.2"
          />
        </svg>
      </button>
      {balance.isError && (
        <span className="visually-hidden" role="alert">
          {errorMessage(balance.error)}
        </span>
      )}
    </div>
  );
}
