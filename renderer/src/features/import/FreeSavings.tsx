// What the free steps take off the bill, under the estimate: the addresses
// answered within the reuse window (taken from the memory of answers already
// paid for, with when they were checked), those the sample checked already,
// and in money what cleaning up, leaving out and reusing saved. While the
// price per address is not known, it says so instead of showing a sum.
import type { EstimateView } from '../../../../electron/ipc/contract';
import { formatUsd, formatUsdExact, plural } from '../../format';
import { reusedLine } from './review-words';

export function FreeSavings({ estimate }: { estimate: EstimateView }) {
  const { reused, sampled, savings } = estimate;
  const rows = savings
    ? [
        {
          key: 'cleaned',
          label: 'Cleaned up (invalid, repeats)',
          value: savings.cleanedMicros,
        },
        { key: 'skipped', label: 'Left out (don’t pay for)', value: savings.skippedMicros },
        { key: 'reused', label: 'Reused answers', value: savings.reusedMicros },
      ].filter((r) => r.value > 0)
    : [];
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  // Under a dollar, fractions of a cent count (4 addresses at $0.001), and the sum adds up.
  const money = total < 1_000_000 ? formatUsdExact : formatUsd;
  return (
    <>
      {reused.count > 0 && (
        <p className="free-line is-reused" data-testid="estimate-reused">
          {reusedLine(reused)}
        </p>
      )}
      {reused.count === 0 && reused.days === 0 && (
        <p className="hint" data-testid="reuse-off">
          Answers already paid for are not reused: turned off in Settings.
        </p>
      )}
      {sampled > 0 && (
        <p className="free-line" data-testid="estimate-sampled">
          {plural(sampled, 'address', 'addresses')} checked by the sample already: not paid again.
        </p>
      )}
      {rows.length > 0 && (
        <div className="savings" data-testid="estimate-savings">
          <h3 className="card-label">Saved before paying</h3>
          <dl className="money savings-list">
            {rows.map((r) => (
              <div key={r.key} data-testid={`saved-${r.key}`}>
                <dt>{r.label}</dt>
                <dd title={formatUsdExact(r.value)}>{money(r.value)}</dd>
              </div>
            ))}
            {rows.length > 1 && (
              <div className="is-total">
                <dt>In all</dt>
                <dd data-testid="saved-total" title={formatUsdExact(total)}>
                  {money(total)}
                </dd>
              </div>
            )}
          </dl>
        </div>
      )}
    </>
  );
}
