// Amounts typed in Settings (a spending limit, a plan's price per address):
// read digit by digit into micros of USD, never through a float, and a comma
// that could be a decimal one refused rather than guessed.
import { describe, expect, it } from 'vitest';
import { english } from '../../../electron/common/i18n/message';
import { parseUsd, readAmount, usdInputText } from '../../../renderer/src/money-input';

const { t } = english;

describe('parseUsd', () => {
  it.each([
    ['25', 25_000_000],
    ['25.5', 25_500_000],
    ['$ 12.50', 12_500_000],
    ['0.0008', 800],
    ['.002', 2_000],
    ['0.000001', 1],
    ['1,000', 1_000_000_000],
    ['12,345.67', 12_345_670_000],
    ['  3 USD ', 3_000_000],
    ['7.', 7_000_000],
    ['0', 0],
  ])('reads "%s" as %d micros', (text, micros) => {
    expect(parseUsd(text, t)).toEqual({ ok: true, micros });
  });

  it('reads 0.1 + 0.2 style amounts exactly', () => {
    expect(parseUsd('0.3', t)).toEqual({ ok: true, micros: 300_000 });
    expect(parseUsd('1.005', t)).toEqual({ ok: true, micros: 1_005_000 });
  });

  it.each([
    ['0,002', /dot/],
    ['12,5', /dot/],
    ['1,00', /dot/],
    ['abc', /amount in US dollars/],
    ['-5', /amount in US dollars/],
    ['1e3', /amount in US dollars/],
    ['', /amount in US dollars/],
    ['0.0000001', /six decimals/],
  ])('refuses "%s" with the reason', (text, reason) => {
    const parsed = parseUsd(text, t);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(reason);
  });

  it('refuses an amount too large to hold exactly', () => {
    expect(parseUsd('99999999999999', t)).toMatchObject({ ok: false, message: /too large/ });
  });
});

describe('readAmount', () => {
  it('takes an empty field as none, and refuses 0', () => {
    expect(readAmount('  ', t)).toEqual({ ok: true, micros: null });
    expect(readAmount('0.00', t)).toMatchObject({ ok: false, message: /more than 0/ });
    expect(readAmount('10', t)).toEqual({ ok: true, micros: 10_000_000 });
  });
});

describe('usdInputText', () => {
  it.each([
    [5_000_000, '5.00'],
    [5_500_000, '5.50'],
    [2_500, '0.0025'],
    [1, '0.000001'],
    [1_234_567_891, '1234.567891'],
  ])('shows %d micros as "%s"', (micros, text) => {
    expect(usdInputText(micros)).toBe(text);
  });

  it('reads back what it shows', () => {
    for (const micros of [1, 800, 2_500, 1_000_000, 123_456_789]) {
      expect(parseUsd(usdInputText(micros), t)).toEqual({ ok: true, micros });
    }
  });
});
