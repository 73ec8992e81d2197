// The balance in the header: the amount, how long ago it was read, a refresh button, and the
// low-balance warning (low-balance.ts).
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useBalance } from '../../api/hooks';
import { queryKeys } from '../../api/query-keys';
import { errorMessage } from '../../api/call';
import { formatRelativeTime, formatUsd, formatUsdExact } from '../../format';
import { lowBalance } from './low-balance';
import { useReviewEstimate } from './use-review-estimate';
import { useT, useWords } from '../../i18n/words';
import './balance.css';

/** Re-renders every 30 s so "updated 2 minutes ago" stays true. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

export function BalanceDisplay() {
  const balance = useBalance(true);
  const client = useQueryClient();
  const now = useNow();
  const refreshing = balance.isFetching;
  const estimate = useReviewEstimate();
  const t = useT();
  const language = useWords((s) => s.translator.language);
  const low = balance.data ? lowBalance(balance.data.balanceMicros, estimate) : null;
  const lowText =
    low?.reason === 'estimate'
      ? t('balance.lowEstimate', { estimate: formatUsd(low.thresholdMicros) })
      : low
        ? t('balance.lowUnder', { threshold: formatUsd(low.thresholdMicros) })
        : '';

  let amount = '—';
  let exact: string | undefined;
  let caption = t('balance.reading');
  // The service did not answer (main's last reading, or this window's): the
  // amount is the last one read, said with its time, in amber. Red is only for
  // no figure at all: a last reading is not a money problem.
  const unavailable = balance.isError && !balance.data;
  const stale = balance.data !== undefined && (balance.isError || balance.data.stale === true);
  if (balance.data) {
    amount = formatUsd(balance.data.balanceMicros);
    exact = formatUsdExact(balance.data.balanceMicros);
    // "now", "2 minutes ago" are words: the window's language says them, where numbers keep the locale's.
    const when = formatRelativeTime(balance.data.fetchedAt, now, language);
    caption = stale ? t('balance.lastRead', { when }) : t('balance.updated', { when });
  }
  if (unavailable) caption = t('balance.unavailable');

  return (
    <div className={`balance ${low ? 'is-low' : ''}`} role="group" aria-label={t('balance.group')}>
      <div className="balance-text">
        <span className="balance-label">{t('balance.label')}</span>
        <span
          className="balance-amount"
          data-testid="balance-amount"
          title={exact}
          aria-live="polite"
        >
          {amount}
        </span>
        <span
          className={`balance-caption ${unavailable ? 'is-error' : stale ? 'is-stale' : ''}`}
          data-testid="balance-caption"
        >
          {caption}
        </span>
      </div>
      {low && (
        <span className="balance-warning" title={lowText} data-testid="balance-warning">
          <svg viewBox="0 0 20 20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M8.6 2.8a1.6 1.6 0 0 1 2.8 0l6.9 12.3a1.6 1.6 0 0 1-1.4 2.4H3.1a1.6 1.6 0 0 1-1.4-2.4L8.6 2.8ZM10 7a1 1 0 0 0-1 1v3.5a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8.6a1.2 1.2 0 1 0 0-2.4 1.2 1.2 0 0 0 0 2.4Z"
            />
          </svg>
          {t('balance.low')}
          <span className="visually-hidden">. {lowText}</span>
        </span>
      )}
      <button
        type="button"
        className={`icon-button ${refreshing ? 'is-spinning' : ''}`}
        onClick={() => {
          void balance.refetch();
          // A review's estimate holds the balance it was worked out with: it follows.
          void client.invalidateQueries({ queryKey: queryKeys.jobs.estimates() });
        }}
        disabled={refreshing}
        aria-label={t('balance.refresh')}
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
      {unavailable && (
        <span className="visually-hidden" role="alert">
          {errorMessage(balance.error)}
        </span>
      )}
    </div>
  );
}
