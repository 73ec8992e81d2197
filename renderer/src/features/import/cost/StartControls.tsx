// Check, under the estimate, saying what it sends and costs. When the estimate goes
// over the spending limit (or its cost cannot be told against the limit), Check asks main to go over
// (overLimit: true), and main asks the user in its own dialog, with the
// amounts side by side: the window cannot start a job over the limit alone.
import type { EstimateView } from '../../../../../electron/ipc/contract';
import { startWords } from '../review/review-words';
import { useT } from '../../../i18n/words';

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
  /** Why Check cannot go on (the id of the notice that says so), or null. */
  blocked: string | null;
  onStart: (overLimit: boolean) => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="button primary start-button"
      onClick={() => onStart(estimate?.overLimit === true)}
      disabled={pending || blocked !== null}
      aria-describedby={blocked ?? undefined}
    >
      {pending ? t('cost.start.starting') : <StartWords {...startWords(unique, estimate, t)} />}
    </button>
  );
}

/**
 * Two lines that never wrap: the action, and under it what it costs as its caption ("Check 140
 * addresses" / "up to $0.14"). A label and an amount in one line wrapped at whatever word the
 * column's width fell on; the name read out is still one sentence, "… · up to $0.14".
 */
function StartWords({ what, cost }: { what: string; cost: string | null }) {
  if (cost === null) return <span className="start-what">{what}</span>;
  return (
    <span className="start-words">
      <span className="start-what">{what}</span>
      <span className="visually-hidden"> · </span>
      <span className="start-cost" data-testid="start-cost">
        {cost}
      </span>
    </span>
  );
}
