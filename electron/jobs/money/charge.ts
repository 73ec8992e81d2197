// A job's charge, frozen in job.json when a run ends (held, done or failed),
// from what the service answered: the paid answers at the unit prices known
// then, or, when no price is known yet, what the balance moved by while the
// job ran alone. Every screen then shows the same number for the job (its row,
// the month's total, Team history and spend), and a price learned or typed
// later does not rewrite what a finished job cost (issue 48). While a job has
// more paid answers than its frozen charge covers (it is running again), its
// charge is worked out live, as before.
import { z } from 'zod';

export const frozenCharge = z.object({
  micros: z.number().int().min(0),
  /** `prices`: paid answers × unit prices; `balance`: what the balance moved by for this job alone. */
  basis: z.enum(['prices', 'balance']),
  /** The paid answers it covers. */
  paid: z.number().int().min(0),
  at: z.string(),
});
export type FrozenCharge = z.infer<typeof frozenCharge>;

export interface RunEnd {
  /** The charge frozen before this run, if any. */
  previous: FrozenCharge | null;
  /** Paid answers now, and when the run started. */
  paid: number;
  paidBefore: number;
  /** The paid answers at the unit prices known now; null when one is not known. */
  priced: number | null;
  /**
   * What the balance fell by during the run, when it fell for this job only
   * (it ran alone, waited out nothing and sent no bulk task, whose reservation
   * moves the balance by more than is charged); null otherwise.
   */
  moved: number | null;
  at: string;
}

/** The charge to keep in job.json at the end of a run; null when it cannot be known. */
export function freezeCharge(end: RunEnd): FrozenCharge | null {
  const { paid, at } = end;
  if (end.priced !== null) return { micros: end.priced, basis: 'prices', paid, at };
  if (end.moved === null || end.moved < 0) return null;
  // The move counts only this run: what came before must be known to the micro.
  const before =
    end.paidBefore === 0
      ? 0
      : end.previous !== null && end.previous.paid === end.paidBefore
        ? end.previous.micros
        : null;
  return before === null ? null : { micros: before + end.moved, basis: 'balance', paid, at };
}

/**
 * The charge a job shows: the frozen one while it covers every paid answer,
 * else the live one (`live`: the paid answers at the prices known now).
 */
export const shownCharge = (
  frozen: FrozenCharge | null,
  paid: number,
  live: number | null,
): number | null => (frozen !== null && frozen.paid === paid ? frozen.micros : live);
