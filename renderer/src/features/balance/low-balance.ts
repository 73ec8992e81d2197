// When the header warns that the balance is low: under 1 USD, or under what
// the list being reviewed is estimated to cost with the product chosen for
// it. Checks stop when the balance runs out, so the warning comes before the
// user presses Start, not after.
import { useEstimate, useJob } from '../../api/job-hooks';
import { useUiStore } from '../../state/ui-store';

export const LOW_BALANCE_MICROS = 1_000_000;

export interface LowBalance {
  reason: 'floor' | 'estimate';
  thresholdMicros: number;
}

/**
 * The estimate of the list under review (the same cached query the review
 * panel shows), while it is not started: a started job's estimate is spent.
 */
export function useReviewEstimate(): number | null {
  const jobId = useUiStore((s) => s.review?.job.id ?? null);
  const product = useUiStore((s) => s.product);
  const job = useJob(jobId);
  const estimate = useEstimate(jobId, product);
  if (!job || job.state !== 'draft') return null;
  return estimate.data?.estimateMicros ?? null;
}

export function lowBalance(
  balanceMicros: number,
  estimateMicros: number | null,
): LowBalance | null {
  if (estimateMicros !== null && balanceMicros < estimateMicros) {
    return { reason: 'estimate', thresholdMicros: estimateMicros };
  }
  if (balanceMicros < LOW_BALANCE_MICROS) {
    return { reason: 'floor', thresholdMicros: LOW_BALANCE_MICROS };
  }
  return null;
}
