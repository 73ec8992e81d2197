// Money and time for the user's locale. Balances arrive in micros of USD.
const MICROS_PER_USD = 1_000_000;

export function formatUsd(micros: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(
    micros / MICROS_PER_USD,
  );
}

/** Full precision, for the tooltip: $24.999123 rather than $25.00. */
export function formatUsdExact(micros: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(micros / MICROS_PER_USD);
}

export function formatRelativeTime(iso: string, now = Date.now(), locale?: string): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 45) return rtf.format(0, 'second');
  if (abs < 45 * 60) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86400), 'day');
}
