// "Check a sample first", in the review: up to 100 random addresses of those
// that would be sent are checked now (one paid multi check), and the share
// deliverable is projected for the whole list with its 95% interval, before
// the rest is paid for. The sample's answers count toward the job and are
// never paid again; the product is then the sample's.
import type { EstimateView, SampleView } from '../../../../../electron/common/views';
import { useSampleJob } from '../../../api/job-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import {
  formatNumber,
  formatTimeOfDay,
  formatUsd,
  formatUsdExact,
  formatUsdUpTo,
  plural,
} from '../../../format';
import { useUiStore } from '../../../state/ui-store';
import { PRODUCT_WORDS } from '../../jobs/job-words';
import { SAMPLE_SIZE, sampleLine } from '../review/review-words';

export function SampleResult({ sample }: { sample: SampleView }) {
  return (
    <div className="sample is-done" data-testid="sample-result" role="group" aria-label="Sample">
      <h3 className="card-label">Sample</h3>
      <p className="sample-share" data-testid="sample-share">
        {sampleLine(sample)}
      </p>
      <p className="hint sample-counts">
        {formatNumber(sample.deliverable)} deliverable · {formatNumber(sample.undeliverable)}{' '}
        undeliverable · {formatNumber(sample.unknown)} unknown, checked as{' '}
        {PRODUCT_WORDS[sample.product]} at {formatTimeOfDay(sample.checkedAt)}.
      </p>
      <p className="hint" data-testid="sample-cost">
        {sample.chargedMicros !== null ? (
          <>
            The sample cost{' '}
            <span title={formatUsdExact(sample.chargedMicros)}>
              {formatUsd(sample.chargedMicros)}
            </span>
            .{' '}
          </>
        ) : (
          'What the sample cost shows on your balance. '
        )}
        Its answers count toward this list and are not paid for again.
      </p>
    </div>
  );
}

export function SampleCheck({
  estimate,
  busy,
}: {
  estimate: EstimateView | undefined;
  /** Start is under way: no sample now. */
  busy: boolean;
}) {
  const review = useUiStore((s) => s.review);
  const product = useUiStore((s) => s.product);
  const skip = useUiStore((s) => s.skip);
  const others = useUiStore((s) => s.others);
  const sample = useSampleJob();
  if (!review) return null;
  if (review.sample) return <SampleResult sample={review.sample} />;
  // A sample as big as what is sent is the list itself: Start does that.
  if (!estimate || estimate.toSend <= SAMPLE_SIZE) return null;

  const size = Math.min(SAMPLE_SIZE, estimate.toSend);
  const cost =
    estimate.unitPriceMicros !== null
      ? `, up to ${formatUsdUpTo(size * estimate.unitPriceMicros)}`
      : '';
  const run = async () => {
    try {
      const view = await sample.mutateAsync({
        jobId: review.job.id,
        product,
        skip,
        ...(product === 'avatar' ? { others } : {}),
      });
      useUiStore.getState().setReview(view);
    } catch {
      // Shown below the button; nothing else changed.
    }
  };
  return (
    <div className="sample" data-testid="sample">
      <button
        type="button"
        className="button secondary small"
        onClick={() => void run()}
        disabled={busy || sample.isPending}
        aria-describedby="sample-hint"
      >
        {sample.isPending ? 'Checking the sample…' : 'Check a sample first'}
      </button>
      <p className="hint" id="sample-hint">
        Not sure the list is worth it? {plural(size, 'random address', 'random addresses')} checked
        now (paid{cost}) tell how much of it is deliverable before you pay for the rest. They count
        toward the list: never paid twice.
      </p>
      {sample.isError && <ErrorNotice error={sample.error} title="The sample was not checked" />}
    </div>
  );
}
