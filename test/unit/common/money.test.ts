import { describe, expect, it } from 'vitest';
import {
  balanceAfterShown,
  centsOf,
  money,
  moneyOfCents,
  shareCents,
  moneyExact,
  shownMicros,
  usd,
  usdExact,
} from '../../../electron/common/money';

const cents = (micros: number) => micros / 10_000;

describe('money shown one way', () => {
  it('has a currency sign and two decimals', () => {
    expect(usd(124_000)).toBe('$0.12');
    expect(usd(25_000_000)).toBe('$25.00');
    expect(usd(1_234_567_890)).toBe('$1,234.57');
    expect(usd(0)).toBe('$0.00');
  });

  it('says "< $0.01" for a positive amount under a cent, never "$0.00"', () => {
    expect(usd(8_000)).toBe('< $0.01');
    expect(usd(1)).toBe('< $0.01');
    expect(money(4_000, { locale: 'en-US' })).toBe('< $0.01');
  });

  it('rounds an estimate up, so "up to" never understates', () => {
    expect(usd(20_001, 'up')).toBe('$0.03');
    expect(usd(8_000, 'up')).toBe('$0.01');
    expect(usd(30_000, 'up')).toBe('$0.03');
    expect(centsOf(419_999, 'up')).toBe(42);
    expect(usd(0, 'up')).toBe('$0.00');
  });

  it('keeps a price and a typed limit exact', () => {
    expect(usdExact(1_000)).toBe('$0.001');
    expect(usdExact(12_500_000)).toBe('$12.50');
    expect(moneyExact(24_999_123, 'en-US')).toBe('$24.999123');
  });

  it('follows the reader’s locale', () => {
    expect(money(124_000, { locale: 'de-DE' })).toMatch(/^0,12\s\$$/);
    expect(money(4_000, { locale: 'de-DE' })).toMatch(/^< 0,01\s\$$/);
  });
});

describe('figures shown together add up', () => {
  // Balance, estimate and balance after, each as shown: shown balance − shown estimate = shown after.
  const cases: Array<[number, number]> = [
    [25_000_000, 25_000], // "up to $0.03" with "$24.98 after" was shown before
    [25_000_000, 5_000], // "up to $0.01" with "$25.00 after" was shown before
    [24_995_000, 420_000],
    [1_234_567, 999_999],
    [10_000, 10_001],
  ];
  it.each(cases)('balance %i less estimate %i', (balance, estimate) => {
    const after = balanceAfterShown(balance, estimate);
    expect(cents(shownMicros(balance)) - cents(shownMicros(estimate, 'up'))).toBe(cents(after));
    const parse = (s: string) => Number(s.replace(/[^0-9.-]/g, ''));
    expect(parse(usd(balance)) - parse(usd(estimate, 'up'))).toBeCloseTo(parse(usd(after)), 10);
  });

  it('shows what an estimate over the balance leaves: less than nothing', () => {
    expect(usd(balanceAfterShown(10_000, 30_000))).toBe('-$0.02');
  });
});

describe('a list of amounts and its total', () => {
  it('adds up as shown, the largest remainders taking the odd cents', () => {
    const { total, cents } = shareCents([4_000, 4_000, 4_000]);
    expect(total).toBe(1);
    expect(cents).toEqual([1, 0, 0]);
    expect(
      cents.map((c, i) => moneyOfCents(c, [4_000, 4_000, 4_000][i] as number, 'en-US')),
    ).toEqual(['$0.01', '< $0.01', '< $0.01']);
    const many = shareCents([999_100_000, 125_000, 336_700]);
    expect(many.cents.reduce((a, b) => a + b, 0)).toBe(many.total);
  });
});
