// Start, under the estimate. When the estimate goes over the spending limit
// (or its cost cannot be told against the limit), Start asks main to go over
// (overLimit: true), and main asks the user in its own dialog, with the
// amounts side by side: the window cannot start a job over the limit alone.
import type { EstimateView } from '../../../../electron/ipc/contract';
import { startLabel } from './review-words';

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
  return (
    <button
      type="button"
      className="button primary start-button"
      onClick={() => onStart(estimate?.overLimit === true)}
      disabled={pending || blocked}
      aria-describedby={blocked ? 'start-blocked' : undefined}
    >
      {pending ? 'Starting…' : startLabel(unique, estimate)}
    </button>
  );
}
