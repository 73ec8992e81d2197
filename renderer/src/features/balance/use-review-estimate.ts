// What the list under review is estimated to cost, for the header's
// low-balance warning (low-balance.ts).
import { useEstimate, useJob } from '../../api/job-hooks';
import { useUiStore } from '../../state/ui-store';

/**
 * The estimate of the list under review (the same cached query the review
 * panel shows), while it is not started: a started job's estimate is spent.
 */
export function useReviewEstimate(): number | null {
  const jobId = useUiStore((s) => s.review?.job.id ?? null);
  const product = useUiStore((s) => s.product);
  const skip = useUiStore((s) => s.skip);
  const job = useJob(jobId);
  const estimate = useEstimate(jobId, product, skip);
  if (!job || job.state !== 'draft') return null;
  return estimate.data?.estimateMicros ?? null;
}
