// Money shown one way everywhere, in the window and on the command line: a
// currency sign and two decimals ("$0.12"), "< $0.01" for a positive amount
// under a cent, and the exact amount (up to six decimals) where a tooltip or
// a detail has room. A price per address and a limit the user typed are
// exact: they are rates and choices, not sums, and rounding would misstate
// them ("$0.001 per address", a limit of "$0.005").
//
// Figures shown together must reconcile as shown: an estimate ("up to") is
// rounded up to the cent, so it never understates; a balance is rounded to
// the nearest cent; and the balance after is the shown balance less the shown
// estimate, so "$25.00 − up to $0.03 = $24.97" adds up on the screen.
// No dependencies: the core, the command line and the window share it.

const MICROS_PER_CENT = 10_000;
const MICROS_PER_USD = 1_000_000;

export type Rounding = 'nearest' | 'up';

/** Whole cents of an amount, rounded as asked. */
export function centsOf(micros: number, rounding: Rounding = 'nearest'): number {
  const cents = micros / MICROS_PER_CENT;
  // Rounding half away from zero, as people do; 'up' never understates a cost.
  // `|| 0`: a ceiling of nothing is 0, never -0 (which Intl writes as "-$0.00").
  if (rounding === 'up') return Math.ceil(cents - 1e-9) || 0;
  return Math.sign(cents) * Math.round(Math.abs(cents));
}

/** The amount as shown, in micros: a whole number of cents. */
export const shownMicros = (micros: number, rounding: Rounding = 'nearest'): number =>
  centsOf(micros, rounding) * MICROS_PER_CENT;

const formatters = new Map<string, Intl.NumberFormat>();
function currency(locale: string | undefined, decimals: 'cents' | 'exact'): Intl.NumberFormat {
  const key = `${locale ?? ''}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: decimals === 'cents' ? 2 : 6,
    });
    formatters.set(key, f);
  }
  return f;
}

/** "< $0.01": a positive amount that whole cents would show as nothing. */
const underACent = (locale: string | undefined) => `< ${currency(locale, 'cents').format(0.01)}`;

export interface MoneyOptions {
  /** The reader's locale (the window's); the command line says en-US. */
  locale?: string;
  /** 'up' for an estimate or anything said "up to". */
  rounding?: Rounding;
}

/** "$0.12", "< $0.01" for a positive amount under a cent (never "$0.00" for something). */
export function money(micros: number, options: MoneyOptions = {}): string {
  const { locale, rounding = 'nearest' } = options;
  if (micros > 0 && micros < MICROS_PER_CENT && rounding === 'nearest') {
    return underACent(locale);
  }
  return currency(locale, 'cents').format(centsOf(micros, rounding) / 100);
}

/** The exact amount: "$0.004", "$24.999123"; for tooltips, prices and typed limits. */
export const moneyExact = (micros: number, locale?: string): string =>
  currency(locale, 'exact').format(micros / MICROS_PER_USD);

/**
 * The balance after an estimate, as shown: the shown balance less the shown
 * estimate (rounded up), so the three figures on a screen add up.
 */
export const balanceAfterShown = (balanceMicros: number, estimateMicros: number): number =>
  shownMicros(balanceMicros) - shownMicros(estimateMicros, 'up');

/** The core's and the command line's money in words: "$0.12", in en-US. */
export const usd = (micros: number, rounding: Rounding = 'nearest'): string =>
  money(micros, { locale: 'en-US', rounding });

/** A price or a limit the user set, exact: "$0.001", "$12.50". */
export const usdExact = (micros: number): string => moneyExact(micros, 'en-US');

/**
 * Amounts listed with their total, each in whole cents that add up to the
 * total as shown (the largest remainders take the odd cents): a list of
 * savings, or an estimate's parts, and their sum reconcile on the screen.
 * `rounding` is the total's: 'up' for an estimate. A part given 0 cents of
 * a positive amount shows as "< $0.01".
 */
export function shareCents(
  parts: readonly number[],
  rounding: Rounding = 'nearest',
): { total: number; cents: number[] } {
  const total = centsOf(
    parts.reduce((sum, p) => sum + p, 0),
    rounding,
  );
  const exact = parts.map((p) => p / MICROS_PER_CENT);
  const cents = exact.map(Math.floor);
  let left = total - cents.reduce((sum, c) => sum + c, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left <= 0) break;
    cents[i] = (cents[i] as number) + 1;
    left -= 1;
  }
  return { total, cents };
}

/** Whole cents shown as money; `of` the amount they stand for, to say "< $0.01" rather than "$0.00". */
export function moneyOfCents(cents: number, of: number, locale?: string): string {
  if (cents === 0 && of > 0) return underACent(locale);
  return currency(locale, 'cents').format(cents / 100);
}
