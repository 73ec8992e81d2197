import { describe, expect, it } from 'vitest';
import {
  balanceAfter,
  decimalsNeeded,
  money,
  moneyDecimals,
  moneyExact,
  parseMoney,
  sumMicros,
  usd,
  usdExact,
} from '../../../electron/common/money';

const LOCALES = ['en-US', 'de-DE', 'ru-RU', 'pt-BR', 'fr-FR', 'es-ES'];

describe('money shown exactly', () => {
  it('has a currency sign and two decimals when cents say it all', () => {
    expect(usd(120_000)).toBe('$0.12');
    expect(usd(25_000_000)).toBe('$25.00');
    expect(usd(1_234_570_000)).toBe('$1,234.57');
    expect(usd(0)).toBe('$0.00');
  });

  it('shows the decimals an amount needs, never "< $0.01" and never rounded', () => {
    expect(usd(4_000)).toBe('$0.004');
    expect(usd(1)).toBe('$0.000001');
    expect(usd(12_000)).toBe('$0.012');
    expect(usd(4_216_666)).toBe('$4.216666');
    expect(usd(-94_000)).toBe('-$0.094');
    expect(usd(-0)).toBe('$0.00');
    expect(decimalsNeeded(10_000)).toBe(2);
    expect(decimalsNeeded(1_000)).toBe(3);
    expect(decimalsNeeded(100)).toBe(4);
    expect(decimalsNeeded(7)).toBe(6);
  });

  it('keeps a price and a typed limit exact', () => {
    expect(usdExact(1_000)).toBe('$0.001');
    expect(usdExact(12_500_000)).toBe('$12.50');
    expect(moneyExact(24_999_123, 'en-US')).toBe('$24.999123');
  });

  it('follows the reader’s locale', () => {
    expect(money(120_000, { locale: 'de-DE' })).toMatch(/^0,12\s\$$/);
    expect(money(4_000, { locale: 'de-DE' })).toMatch(/^0,004\s\$$/);
  });

  it('shows figures of one group at one precision', () => {
    const group = [10_000, 4_000, 14_000];
    const decimals = moneyDecimals(group);
    expect(group.map((m) => money(m, { locale: 'en-US', decimals }))).toEqual([
      '$0.010',
      '$0.004',
      '$0.014',
    ]);
  });
});

describe('figures shown together add up as shown', () => {
  // A seeded generator, so a failure is the same failure on every run.
  function* amounts(seed: number): Generator<number> {
    let x = seed;
    for (;;) {
      x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
      const scale = [1, 1_000, 10_000, 1_234, 3_000][x % 5] as number;
      yield (x % 9_000) * scale;
    }
  }

  it.each(LOCALES)('the shown parts of a total add up to the shown total (%s)', (locale) => {
    const next = amounts(LOCALES.indexOf(locale) + 7);
    for (let round = 0; round < 200; round += 1) {
      const parts = Array.from({ length: 1 + (round % 6) }, () => next.next().value as number);
      const total = sumMicros(parts);
      const decimals = moneyDecimals([total, ...parts]);
      const shown = parts.map((p) => money(p, { locale, decimals }));
      const read = shown.map((s) => parseMoney(s, locale));
      expect(read).toEqual(parts);
      expect(sumMicros(read as number[])).toBe(
        parseMoney(money(total, { locale, decimals }), locale),
      );
    }
  });

  it.each(LOCALES)('balance − estimate = balance after, as shown (%s)', (locale) => {
    const cases: Array<[number, number]> = [
      [25_000_000, 25_000],
      [25_000_000, 5_000],
      [24_995_000, 420_000],
      [1_234_567, 999_999],
      [30_000, 124_000],
    ];
    for (const [balance, estimate] of cases) {
      const after = balanceAfter(balance, estimate);
      const decimals = moneyDecimals([balance, estimate, after]);
      const read = (m: number) => parseMoney(money(m, { locale, decimals }), locale) as number;
      expect(read(balance) - read(estimate)).toBe(read(after));
    }
  });

  it('says what an estimate over the balance leaves, exactly', () => {
    expect(usd(balanceAfter(30_000, 124_000))).toBe('-$0.094');
  });

  it('an estimate of 12 at $0.001 is what the job charges, not "up to $0.02"', () => {
    expect(usd(12 * 1_000)).toBe('$0.012');
  });

  it('reads back only one amount', () => {
    expect(parseMoney('$1,234.5678', 'en-US')).toBe(1_234_567_800);
    expect(parseMoney('up to $0.01', 'en-US')).toBeNull();
    expect(parseMoney('$0.01 $0.02', 'en-US')).toBeNull();
  });
});
