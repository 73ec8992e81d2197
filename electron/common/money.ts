// Money shown one way everywhere, in the window and on the command line.
//
// The rule (issue 48): money is kept in whole micros of a dollar; a total is
// the sum of the same micros as its parts; and a figure is shown exactly,
// with as many decimals as it needs (two at least, six at most: "$0.12",
// "$0.004", "$4.216666"). Nothing is rounded, so the shown parts of any total
// add up to the shown total, on one screen and across screens (a month in
// Team spend is the sum of its jobs in Team history, to the micro). Rounding
// to cents, even with the odd cents shared by largest remainder, cannot
// promise that across screens, and it misstates a part: "$0.01" for $0.004,
// "< $0.01" beside a "$0.01" that is less than the sum of two of them.
//
// Figures shown together (a table's column, a card, a sum written out) take
// one precision, the most any of them needs (`moneyDecimals`), so a column
// lines up and "$0.010 + $0.004 = $0.014" reads as one sum.
//
// An estimate is the exact price of what is sent ("up to $0.012": up to,
// because undetermined answers are free), and the balance after it is the
// balance less the estimate, exactly.
// No dependencies: the core, the command line and the window share it.

const MICROS_PER_USD = 1_000_000;
const MIN_DECIMALS = 2;
const MAX_DECIMALS = 6;

/** The fewest decimals (2 to 6) that show an amount of micros exactly. */
export function decimalsNeeded(micros: number): number {
  const m = Math.abs(Math.round(micros));
  for (let d = MIN_DECIMALS; d < MAX_DECIMALS; d += 1) {
    if (m % 10 ** (MAX_DECIMALS - d) === 0) return d;
  }
  return MAX_DECIMALS;
}

/** The one precision for figures shown together: the most any of them needs. */
export const moneyDecimals = (figures: readonly number[]): number =>
  figures.reduce((most, m) => Math.max(most, decimalsNeeded(m)), MIN_DECIMALS);

/** The sum of amounts in micros: a total is always the sum of its parts' micros. */
export const sumMicros = (parts: readonly number[]): number =>
  parts.reduce((total, p) => total + p, 0);

const formatters = new Map<string, Intl.NumberFormat>();
function currency(locale: string | undefined, decimals: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: MAX_DECIMALS,
    });
    formatters.set(key, f);
  }
  return f;
}

export interface MoneyOptions {
  /** The reader's locale (the window's); the command line says its own. */
  locale?: string;
  /** The group's precision (`moneyDecimals`), so figures shown together line up. */
  decimals?: number;
}

/**
 * An amount, exactly: "$0.12", "$0.004", "-$0.094". Never rounded: with the
 * group's `decimals` it shows at least that many, and always all it needs.
 */
export function money(micros: number, options: MoneyOptions = {}): string {
  const whole = Math.round(micros);
  const decimals = Math.max(options.decimals ?? MIN_DECIMALS, decimalsNeeded(whole));
  // `+ 0` turns -0 into 0, which Intl would write "-$0.00".
  return currency(options.locale, decimals).format(whole / MICROS_PER_USD + 0);
}

/** The same exact amount; kept for tooltips, prices and typed limits ("$0.001", "$12.50"). */
export const moneyExact = (micros: number, locale?: string): string => money(micros, { locale });

/** The balance after an estimate: the balance less the estimate, exactly. */
export const balanceAfter = (balanceMicros: number, estimateMicros: number): number =>
  balanceMicros - estimateMicros;

/**
 * Does a balance pay for a charge? Not a balance of nothing, and not less than
 * a known charge: the service decides on exact amounts, so $0.124 covers
 * $0.124. One rule for the core that refuses a sample and the window that
 * offers one: a $0.10 sample is never offered on a $0.03 balance.
 */
export const balanceCovers = (balanceMicros: number, chargeMicros: number | null): boolean =>
  balanceMicros > 0 && (chargeMicros === null || chargeMicros <= balanceMicros);

/** The core's money in words, in en-US: "$0.12", "$0.012". */
export const usd = (micros: number): string => money(micros, { locale: 'en-US' });

/** A price or a limit the user set: "$0.001", "$12.50". */
export const usdExact = (micros: number): string => money(micros, { locale: 'en-US' });

/**
 * Micros of an amount as `money` writes it in `locale` ("$1,234.5678",
 * "1.234,5678 $", "-0,094 $"), read back by the locale's own symbols; null
 * for text that is not one amount. The test that reads every figure on a
 * screen parses with it, independently of the micros the figure was made of.
 */
export function parseMoney(text: string, locale?: string): number | null {
  const parts = currency(locale, MIN_DECIMALS).formatToParts(-12_345_678.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const symbol = parts.find((p) => p.type === 'currency')?.value ?? '$';
  // Spaces of every width are a group sign or the gap around the symbol alike.
  const plain = text.replace(/[\s\u00a0\u202f]/g, '');
  const sign = /^[-\u2212]/.test(plain) || /^\(.*\)$/.test(plain) ? -1 : 1;
  const body = plain
    .replace(/^[-\u2212(]/, '')
    .replace(/\)$/, '')
    .replace(symbol.replace(/\s/g, ''), '');
  const grouped = group.trim() === '' ? body : body.split(group).join('');
  const [whole = '', fraction = '', extra] = grouped.split(decimal);
  if (extra !== undefined || !/^\d+$/.test(whole) || !/^\d{0,6}$/.test(fraction)) return null;
  return sign * (Number(whole) * MICROS_PER_USD + Number(fraction.padEnd(6, '0')));
}
