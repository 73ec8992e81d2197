// The review's sentences about money and samples, as pure functions of the
// estimate and the sample: the Start button's words, the over-limit question,
// the reused line, where the price comes from, and the sample's projection;
// each in the language of the caller's `t`.
import type { EstimateView, SampleView } from '../../../../../electron/common/views/views';
import type { Translate } from '../../../../../electron/common/i18n/message';
import {
  formatDate,
  formatNumber,
  formatPercent,
  formatPercentRange,
  formatUsdExact,
  formatUsd,
} from '../../../format';

/** The most addresses a sample checks: one multi check. */
export const SAMPLE_SIZE = 100;

/** "82% deliverable (95%: 74–88%) from a sample of 100" */
export function sampleLine(sample: SampleView, t: Translate): string {
  return t('cost.sample.line', {
    share: formatPercent(sample.share),
    range: formatPercentRange(sample.low, sample.high),
    n: sample.size,
    size: formatNumber(sample.size),
  });
}

/**
 * The Check button's words in their two parts: what is sent (or that nothing
 * needs paying for), and what it costs once the price is known.
 */
export function startWords(
  unique: number,
  estimate: EstimateView | undefined,
  t: Translate,
): { what: string; cost: string | null } {
  const check = (n: number) => t('cost.start.check', { n, count: formatNumber(n) });
  if (!estimate) return { what: check(unique), cost: null };
  if (estimate.toSend === 0) return { what: t('cost.start.finish'), cost: null };
  return {
    what: check(estimate.toSend),
    cost:
      estimate.estimateMicros !== null
        ? t('cost.upTo', { amount: formatUsd(estimate.estimateMicros) })
        : null,
  };
}

/** The Check button's words in one line: "Check 140 addresses · up to $0.14". */
export function startLabel(
  unique: number,
  estimate: EstimateView | undefined,
  t: Translate,
): string {
  const { what, cost } = startWords(unique, estimate, t);
  return cost === null ? what : `${what} · ${cost}`;
}

/** What the over-limit question says, in one sentence. */
export function overLimitText(estimate: EstimateView, t: Translate): string {
  const limit = estimate.limitMicros !== null ? formatUsdExact(estimate.limitMicros) : null;
  if (estimate.estimateMicros === null) {
    return limit === null
      ? t('cost.overLimit.priceUnknown')
      : t('cost.overLimit.priceUnknownOf', { limit });
  }
  const charge = formatUsd(estimate.estimateMicros);
  return limit === null
    ? t('cost.overLimit.over', { charge })
    : t('cost.overLimit.overOf', { charge, limit });
}

/** Where the price per address comes from, in the user's words. */
export function priceSourceWords(
  source: EstimateView['priceSource'],
  demo: boolean,
  t: Translate,
): string | null {
  switch (source) {
    case 'known':
      return demo ? t('cost.priceSource.demo') : t('cost.priceSource.published');
    case 'learned':
      return t('cost.priceSource.learned');
    case 'entered':
      return t('cost.priceSource.entered');
    default:
      return null;
  }
}

/** "between Mar 3, 2026 and Mar 10, 2026", or one day when both are the same. */
export function checkedWhen(
  oldest: string | null,
  newest: string | null,
  t: Translate,
): string | null {
  if (oldest === null || newest === null) return null;
  const from = formatDate(oldest);
  const to = formatDate(newest);
  return from === to ? t('cost.reused.on', { date: from }) : t('cost.reused.between', { from, to });
}

/** "30 addresses checked in the last 30 days: reused, free. Last checked between …" */
export function reusedLine(reused: EstimateView['reused'], t: Translate): string {
  const line = t('cost.reused.line', {
    n: reused.count,
    count: formatNumber(reused.count),
    days: reused.days,
    dayCount: formatNumber(reused.days),
  });
  const when = checkedWhen(reused.oldest, reused.newest, t);
  return when ? `${line} ${t('cost.reused.lastChecked', { when })}` : line;
}

/**
 * How the addresses go: right away, as a bulk task, or in as many bulk tasks
 * as the service's limits of a file make of them ("Sent in 20 bulk tasks").
 */
export function routeNote(
  estimate: Pick<EstimateView, 'route' | 'bulkTasks'>,
  t: Translate,
): string {
  if (estimate.route !== 'bulk') return t('cost.route.multi');
  return estimate.bulkTasks > 1
    ? t('cost.route.bulkTasks', {
        n: estimate.bulkTasks,
        count: formatNumber(estimate.bulkTasks),
      })
    : t('cost.route.bulkTask');
}
