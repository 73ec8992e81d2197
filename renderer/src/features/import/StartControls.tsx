// Start, under the estimate. When the estimate goes over the spending limit
// (or its cost cannot be told against the limit), Start first asks, in place,
// with the amounts side by side; only "Start anyway" sends the job with the
// user's consent to go over (overLimit: true).
import { useRef, useState } from 'react';
import type { EstimateView } from '../../../../electron/ipc/contract';
import { formatUsd } from '../../format';
import { overLimitText, startLabel } from './review-words';

export function StartControls({
  unique,
  estimate,
  pending,
  blocked,
  onStart,
}: {
  unique: number;
  estimate: EstimateView | undefined;
  /** Start (or a sample) is under way. */
  pending: boolean;
  /** Nothing in the chosen column can be checked. */
  blocked: boolean;
  onStart: (overLimit: boolean) => void;
}) {
  const [asking, setAsking] = useState(false);
  const startButton = useRef<HTMLButtonElement>(null);

  if (asking && estimate?.overLimit) {
    return (
      <div
        className="start-confirm"
        role="group"
        aria-labelledby="over-limit-title"
        aria-describedby="over-limit-text"
        data-testid="over-limit-confirm"
      >
        <p className="notice-title" id="over-limit-title">
          Over your spending limit
        </p>
        <p id="over-limit-text">
          {overLimitText(estimate)}{' '}
          {estimate.estimateMicros !== null
            ? `Starting anyway lets this job spend up to ${formatUsd(estimate.estimateMicros)}, and no more.`
            : 'Start anyway, or enter your plan’s price in Settings first.'}
        </p>
        <div className="button-row">
          <button
            type="button"
            className="button primary small"
            onClick={() => {
              setAsking(false);
              onStart(true);
            }}
            disabled={pending}
          >
            {estimate.estimateMicros !== null
              ? `Start anyway, up to ${formatUsd(estimate.estimateMicros)}`
              : 'Start anyway'}
          </button>
          <button
            type="button"
            className="button secondary small"
            autoFocus
            onClick={() => {
              setAsking(false);
              requestAnimationFrame(() => startButton.current?.focus());
            }}
          >
            Don’t start
          </button>
        </div>
      </div>
    );
  }

  return (
    <button
      ref={startButton}
      type="button"
      className="button primary start-button"
      onClick={() => (estimate?.overLimit ? setAsking(true) : onStart(false))}
      disabled={pending || blocked}
      aria-describedby={blocked ? 'start-blocked' : undefined}
    >
      {pending ? 'Starting…' : startLabel(unique, estimate)}
    </button>
  );
}
