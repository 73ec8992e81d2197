// The review's sentences about money and samples, as pure functions of the
// estimate and the sample: the Start button's words, the over-limit question,
// the reused line, where the price comes from, and the sample's projection.
import type { EstimateView, SampleView } from '../../../../../electron/common/views';
import {
  formatDate,
  formatNumber,
  formatPercent,
  formatPercentRange,
  formatUsdExact,
  formatUsdUpTo,
  plural,
} from '../../../format';

/** The most addresses a sample checks: one multi check. */
export const SAMPLE_SIZE = 100;

/** "82% deliverable (95%: 74–88%) from a sample of 100" */
export function sampleLine(sample: SampleView): string {
  return `${formatPercent(sample.share)} deliverable (95%: ${formatPercentRange(sample.low, sample.high)}) from a sample of ${formatNumber(sample.size)}`;
}

/**
 * The Check button's words in their two parts: what is sent (or that nothing
 * needs paying for), and what it costs once the price is known.
 */
export function startWords(
  unique: number,
  estimate: EstimateView | undefined,
): { what: string; cost: string | null } {
  if (!estimate) return { what: `Check ${plural(unique, 'address', 'addresses')}`, cost: null };
  if (estimate.toSend === 0) return { what: 'Finish without paying', cost: null };
  return {
    what: `Check ${plural(estimate.toSend, 'address', 'addresses')}`,
    cost:
      estimate.estimateMicros !== null ? `up to ${formatUsdUpTo(estimate.estimateMicros)}` : null,
  };
}

/** The Check button's words in one line: "Check 140 addresses · up to $0.14". */
export function startLabel(unique: number, estimate: EstimateView | undefined): string {
  const { what, cost } = startWords(unique, estimate);
  return cost === null ? what : `${what} · ${cost}`;
}

/** What the over-limit question says, in one sentence. */
export function overLimitText(estimate: EstimateView): string {
  const limit = estimate.limitMicros !== null ? ` of ${formatUsdExact(estimate.limitMicros)}` : '';
  if (estimate.estimateMicros === null) {
    return `The price per address is not known yet, so this list’s cost cannot be checked against your limit${limit} per job.`;
  }
  return `This list is estimated at up to ${formatUsdUpTo(estimate.estimateMicros)}, over your limit${limit} per job.`;
}

/** Where the price per address comes from, in the user's words. */
export function priceSourceWords(
  source: EstimateView['priceSource'],
  demo: boolean,
): string | null {
  switch (source) {
    case 'known':
      return demo ? 'The demo account’s price' : 'The service’s published price';
    case 'learned':
      return 'Learned from a charge on your account';
    case 'entered':
      return 'Your plan’s price, entered in Settings';
    default:
      return null;
  }
}

/** "between Mar 3, 2026 and Mar 10, 2026", or one day when both are the same. */
export function checkedWhen(oldest: string | null, newest: string | null): string | null {
  if (oldest === null || newest === null) return null;
  const from = formatDate(oldest);
  const to = formatDate(newest);
  return from === to ? `on ${from}` : `between ${from} and ${to}`;
}

/** "30 addresses checked in the last 30 days: reused, free. Last checked between …" */
export function reusedLine(reused: EstimateView['reused']): string {
  const when = checkedWhen(reused.oldest, reused.newest);
  return `${plural(reused.count, 'address', 'addresses')} checked in the last ${plural(reused.days, 'day', 'days')}: reused, free.${when ? ` Last checked ${when}.` : ''}`;
}

/**
 * How the addresses go: right away, as a bulk task, or in as many bulk tasks
 * as the service's limits of a file make of them ("Sent in 20 bulk tasks").
 */
export function routeNote(estimate: Pick<EstimateView, 'route' | 'bulkTasks'>): string {
  if (estimate.route !== 'bulk') return 'Checked right away, up to 100 addresses at a time.';
  const sent =
    estimate.bulkTasks > 1
      ? `Sent in ${formatNumber(estimate.bulkTasks)} bulk tasks`
      : 'Sent as a bulk task';
  return `${sent}: the service usually needs a few minutes. You may close List Cleaner meanwhile; it carries on when you come back.`;
}
