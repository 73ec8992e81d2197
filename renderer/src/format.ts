// Money, counts and times for the user's locale. Balances arrive in micros of USD;
// money is shown by the one rule of electron/common/money.ts.
import { balanceAfter, money, moneyDecimals, moneyExact } from '../../electron/common/money';
//
// Formatters are cached by locale and options: building an Intl formatter costs
// far more than using one, and tables format thousands of cells while scrolling.
const formatters = new Map<
  string,
  Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat
>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string | undefined,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${locale ?? ''}|${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

const numberFormat = (locale?: string, options?: Intl.NumberFormatOptions) =>
  cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale?: string, options?: Intl.DateTimeFormatOptions) =>
  cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options));
const relativeFormat = (locale?: string, options?: Intl.RelativeTimeFormatOptions) =>
  cached('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
/** An amount, exactly ("$0.12", "$0.004"); `decimals` is its group's (common/money.ts says why). */
export const formatUsd = (micros: number, locale?: string, decimals?: number): string =>
  money(micros, { locale, decimals });

/** The exact amount, for a tooltip, a price per address or a limit typed: "$0.004". */
export const formatUsdExact = (micros: number, locale?: string): string =>
  moneyExact(micros, locale);

export { balanceAfter, moneyDecimals };

export function formatRelativeTime(iso: string, now = Date.now(), locale?: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = relativeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 45) return rtf.format(0, 'second');
  if (abs < 45 * 60) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}

// --- Counts, sizes and durations (import, jobs and quick check screens) ---

/**
 * The user's own locale's count formatter, made once and used without a
 * lookup: the rows table formats a row number per row on every scroll frame,
 * and making formatters there showed up as the costliest function in a
 * profile of scrolling a million rows.
 */
const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** A count for the user's locale: 12,345 in en-US, 12 345 in fr-FR. */
export function formatNumber(value: number, locale?: string): string {
  if (locale === undefined) return countFormat.format(value);
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A share as a percentage: 0.973 → "97%" (one decimal below 10%: "4.5%"). */
export function formatPercent(share: number, locale?: string): string {
  return numberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: share > 0 && share < 0.1 ? 1 : 0,
  }).format(share);
}

/**
 * A range of shares, as an interval reads: 0.74–0.88 → "74–88%" (one decimal
 * when it starts below 10%: "4.5–9.8%"). The locale places the sign: "74–88 %".
 */
export function formatPercentRange(low: number, high: number, locale?: string): string {
  const digits = low > 0 && low < 0.1 ? 1 : 0;
  const fixed = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const from = numberFormat(locale, fixed).format(low * 100);
  const to = numberFormat(locale, { style: 'percent', ...fixed }).format(high);
  return `${from}–${to}`;
}

/**
 * A part of a whole with one decimal, as the results show outcomes: "41.7%".
 * A share too small to show as 0.1% still reads as more than nothing (252 of
 * a million is "<0.1%", not "0.0%"); nothing, or nothing of nothing, is "0%".
 */
export function formatShare(part: number, whole: number, locale?: string): string {
  if (whole <= 0 || part <= 0) return numberFormat(locale, { style: 'percent' }).format(0);
  const percent = numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const share = part / whole;
  if (share < 0.001) return `<${percent.format(0.001)}`;
  return percent.format(share);
}

/** A file size in decimal units, as file managers show it: 1.2 MB, 834 KB, 512 bytes. */
export function formatBytes(bytes: number, locale?: string): string {
  const units = [
    [1e9, 'gigabyte'],
    [1e6, 'megabyte'],
    [1e3, 'kilobyte'],
  ] as const;
  for (const [size, unit] of units) {
    if (bytes >= size) {
      return numberFormat(locale, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: bytes >= size * 100 ? 0 : 1,
      }).format(bytes / size);
    }
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: 'byte',
    unitDisplay: 'long',
  }).format(bytes);
}

/** A duration for elapsed and countdown displays: "12s", "3m 41s", "1h 02m". */
export function formatDuration(ms: number, locale?: string): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const unit = (value: number, u: 'hour' | 'minute' | 'second', pad = false) =>
    numberFormat(locale, {
      style: 'unit',
      unit: u,
      unitDisplay: 'narrow',
      minimumIntegerDigits: pad ? 2 : 1,
    }).format(value);
  if (h > 0) return `${unit(h, 'hour')} ${unit(m, 'minute', true)}`;
  if (m > 0) return `${unit(m, 'minute')} ${unit(s, 'second', true)}`;
  return unit(s, 'second');
}

/** A day, without its time: "Mar 3, 2026". */
export function formatDate(iso: string, locale?: string): string {
  return dateFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A date and its time, whatever the day: "Mar 3, 2026, 2:05 PM". */
export function formatDateTime(iso: string, locale?: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A time of day, with the date when it is not today: "2:05 PM", "Mar 3, 2:05 PM". */
export function formatTimeOfDay(iso: string, now = Date.now(), locale?: string): string {
  const at = new Date(iso);
  const sameDay = new Date(now).toDateString() === at.toDateString();
  return dateFormat(
    locale,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(at);
}
