// "Check a sample first", in the review: up to 100 random addresses of those
// that would be sent are checked now (one paid multi check), and the share
// deliverable is projected for the whole list with its 95% interval, before
// the rest is paid for. The sample's answers count toward the job and are
// never paid again; the product is then the sample's.
import type { EstimateView, SampleView } from '../../../../../electron/common/views/views';
import { useSampleJob } from '../../../api/job-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber, formatTimeOfDay, formatUsd, formatUsdExact } from '../../../format';
import { useUiStore } from '../../../state/ui-store';
import { balanceCovers } from '../../../../../electron/common/money';
import { useRich, useT } from '../../../i18n/words';
import { PRODUCT_IDS } from '../review/ProductChoice';
import { SAMPLE_SIZE, sampleLine } from '../review/review-words';

export function SampleResult({ sample }: { sample: SampleView }) {
  const t = useT();
  const rich = useRich();
  const chargedMicros = sample.chargedMicros;
  return (
    <div
      className="sample is-done"
      data-testid="sample-result"
      role="group"
      aria-label={t('cost.sample.title')}
    >
      <h3 className="card-label">{t('cost.sample.title')}</h3>
      <p className="sample-share" data-testid="sample-share">
        {sampleLine(sample, t)}
      </p>
      <p className="hint sample-counts">
        {t('cost.sample.counts', {
          deliverable: formatNumber(sample.deliverable),
          undeliverable: formatNumber(sample.undeliverable),
          unknown: formatNumber(sample.unknown),
          product: t(PRODUCT_IDS[sample.product]),
          time: formatTimeOfDay(sample.checkedAt),
        })}
      </p>
      <p className="hint" data-testid="sample-cost">
        {chargedMicros !== null
          ? rich('cost.sample.cost', {
              charged: (chunks) => <span title={formatUsdExact(chargedMicros)}>{chunks}</span>,
              charge: formatUsd(chargedMicros),
            })
          : t('cost.sample.costUnknown')}
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
  const t = useT();
  if (!review) return null;
  if (review.sample) return <SampleResult sample={review.sample} />;
  // A sample as big as what is sent is the list itself: Start does that.
  if (!estimate || estimate.toSend <= SAMPLE_SIZE) return null;

  const size = Math.min(SAMPLE_SIZE, estimate.toSend);
  const price = estimate.unitPriceMicros;
  // Offered only where the balance pays for it, by the rule the core refuses a sample by.
  const sampleCost = price === null ? null : size * price;
  if (estimate.balanceMicros !== null && !balanceCovers(estimate.balanceMicros, sampleCost)) {
    return null;
  }
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
        {sample.isPending ? t('cost.sample.checking') : t('cost.sample.button')}
      </button>
      <p className="hint" id="sample-hint">
        {price !== null
          ? t('cost.sample.hintPriced', {
              n: size,
              count: formatNumber(size),
              cost: formatUsd(sampleCost ?? 0),
            })
          : t('cost.sample.hint', { n: size, count: formatNumber(size) })}
      </p>
      {sample.isError && <ErrorNotice error={sample.error} title={t('cost.sample.failed')} />}
    </div>
  );
}
