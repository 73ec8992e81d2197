// The hard-bounce rate to expect if a set of rows were sent now, as a range,
// and the gate that asks before such a list is saved to be sent. Each row that
// a platform would mail falls in one class (deliverable by the answer's age,
// unknown, undeliverable, not checked); each class has a stated default range.
// The defaults are assumptions, not measurements: they are here with their
// reasons, shown as "default" wherever used, and in the README.
import type { RowStatusName } from '../common/model';
import type { RiskInputs } from './table';

export const FORECAST_CLASSES = ['D0', 'D8', 'D31', 'D91', 'D181', 'U', 'X', 'N'] as const;
export type ForecastClass = (typeof FORECAST_CLASSES)[number];

/** Percent of the class's rows expected to hard-bounce, low and high. */
export const DEFAULT_RATES: Record<ForecastClass, readonly [low: number, high: number]> = {
  // Verifiers guarantee at least 97.5–99% accuracy on "valid" when mailed within 48–72 h
  // (ZeroBounce's and DeBounce's written guarantees).
  D0: [0.2, 1],
  // As D0 plus up to a month of list decay.
  D8: [0.5, 2],
  // Lists decay about 2% a month (about 22% a year).
  D31: [1, 4],
  D91: [2, 8],
  D181: [4, 15],
  // The service could not tell: greylisting and slow servers are mostly real, dead domains are not.
  U: [5, 30],
  // The service said "not registered", or the domain takes no mail.
  X: [50, 100],
  // Never checked: its age and source are unknown.
  N: [2, 25],
};

/** Statuses no platform would mail: they are left out of a forecast. */
const NOT_MAILED = new Set<RowStatusName>(['invalid', 'duplicate', 'suppressed', 'blocked']);

/** A row's class, or null for a row nobody would mail. */
export function forecastClass(
  x: Pick<RiskInputs, 'status' | 'ageDays' | 'noMail'>,
): ForecastClass | null {
  if (NOT_MAILED.has(x.status)) return null;
  if (x.status === 'undeliverable' || x.status === 'disposable' || x.noMail) return 'X';
  if (x.status === 'unknown') return 'U';
  if (x.status !== 'deliverable') return 'N';
  const age = x.ageDays ?? 0;
  if (age <= 7) return 'D0';
  if (age <= 30) return 'D8';
  if (age <= 90) return 'D31';
  if (age <= 180) return 'D91';
  return 'D181';
}

export interface Forecast {
  /** Rows that would be mailed. */
  rows: number;
  /** Expected hard bounces, percent, rounded to one decimal; 0 for no rows. */
  low: number;
  high: number;
  /** The rows of each class that has any, in FORECAST_CLASSES order, with the range used. */
  classes: Array<{ cls: ForecastClass; rows: number; low: number; high: number }>;
  /** Where the rates came from: the stated defaults (no user history is read yet). */
  basis: 'defaults';
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The range for rows counted by class: Σ n·low / N … Σ n·high / N. */
export function forecastOf(counts: Partial<Record<ForecastClass, number>>): Forecast {
  let rows = 0;
  let low = 0;
  let high = 0;
  const classes: Forecast['classes'] = [];
  for (const cls of FORECAST_CLASSES) {
    const n = counts[cls] ?? 0;
    if (n === 0) continue;
    const [lo, hi] = DEFAULT_RATES[cls];
    rows += n;
    low += n * lo;
    high += n * hi;
    classes.push({ cls, rows: n, low: lo, high: hi });
  }
  return rows === 0
    ? { rows, low: 0, high: 0, classes, basis: 'defaults' }
    : { rows, low: round1(low / rows), high: round1(high / rows), classes, basis: 'defaults' };
}

/**
 * The default limit, percent. Brevo suspends campaigns over a 2% hard-bounce
 * rate, and HubSpot says many mailbox providers prefer bounce rates under 2%
 * (HubSpot suspends at 5%); Klaviyo calls 1.5% critical.
 */
export const DEFAULT_GATE_PERCENT = 2;
export const GATE_PERCENT_BOUNDS = { min: 0.1, max: 10 } as const;

/** The published figures shown beside the forecast. */
export const BOUNCE_THRESHOLDS = [
  { who: 'Klaviyo', percent: 1.5 },
  { who: 'Brevo', percent: 2 },
  { who: 'HubSpot', percent: 5 },
] as const;

/** Over the limit when the range's upper end is: a default errs toward asking. */
export const overGate = (f: Forecast, limitPercent: number | null): boolean =>
  limitPercent !== null && f.rows > 0 && f.high > limitPercent;
