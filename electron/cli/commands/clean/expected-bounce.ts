// What `clean` says of the saved rows before they are sent: the hard bounces
// to expect (risk/forecast.ts), and a warning when that is over the user's
// limit (the app's setting, 2% by default). Only a choice of rows is judged
// (--keep or --domain): the default file keeps every row with its status, a
// report to sort, not a list to send as it is.
import type { Jobs } from '../../../jobs/jobs';
import type { KeptForecast } from '../../../jobs/results/forecast';
import { parseKeep } from '../../args/keep';
import { t } from '../../output/say';

export async function expectedBounce(
  jobs: Jobs,
  jobId: string,
  wanted: { keep?: string | undefined; domain?: string | undefined },
  limitPercent: number | null,
): Promise<KeptForecast & { chosen: boolean }> {
  const filter = parseKeep(wanted.keep, wanted.domain);
  const chosen = filter !== 'all';
  const f = await jobs.forecast(jobId, filter, chosen ? limitPercent : null);
  return { ...f, chosen };
}

/** The summary's line (stdout), said for a choice of rows only. */
export function bounceLines(f: KeptForecast & { chosen: boolean }): string[] {
  if (!f.chosen || f.kept.rows === 0) return [];
  return [t('cli.clean.expectedBounce', { rows: f.kept.rows, low: f.kept.low, high: f.kept.high })];
}

/** The warning (stderr) when the upper end is over the limit. */
export function bounceWarnings(f: KeptForecast & { chosen: boolean }): string[] {
  if (!f.over || f.limit === null) return [];
  return [t('cli.clean.bounceOver', { high: f.kept.high, limit: f.limit, low_risk: f.risks.low })];
}

/** --json's expected_bounce: always given, so scripts can hold their own limit. */
export const bounceJson = (f: KeptForecast & { chosen: boolean }) => ({
  rows: f.kept.rows,
  low: f.kept.low,
  high: f.kept.high,
  basis: f.kept.basis,
  classes: f.kept.classes.map((c) => ({ class: c.cls, rows: c.rows, low: c.low, high: c.high })),
  limit: f.limit,
  over: f.over,
  risk: f.risks,
  low_risk_only: { rows: f.lowRisk.rows, low: f.lowRisk.low, high: f.lowRisk.high },
});
