// The window's formatters: money in micros of USD, counts,
// shares, sizes, durations and times, in the user's locale or a given one.
import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  formatShare,
  formatTimeOfDay,
  formatUsd,
  formatUsdExact,
} from '../../../renderer/src/format';

// ICU writes no-break or narrow no-break spaces inside some formats (1,50 $,
// 12 345, 2:05 PM), and which of the two has changed between ICU versions:
// the cases read both as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatUsd and formatUsdExact', () => {
  it.each([
    [0, '$0.00'],
    [1_500_000, '$1.50'],
    [24_999_123, '$24.999123'],
    [4_994_999, '$4.994999'],
    [4_995_000, '$4.995'],
    [1_234_567_000_000, '$1,234,567.00'],
    [-500_000, '-$0.50'],
  ])('shows %i micros exactly, never rounded: %s', (micros, text) => {
    expect(plain(formatUsd(micros, 'en-US'))).toBe(text);
  });

  it.each([
    [24_999_123, '$24.999123'],
    [1_500_000, '$1.50'],
    [1_000, '$0.001'],
    [1, '$0.000001'],
    [0, '$0.00'],
  ])('keeps every micro of %i in the exact form: %s', (micros, text) => {
    expect(plain(formatUsdExact(micros, 'en-US'))).toBe(text);
  });

  it('writes dollars the way the locale does', () => {
    expect(plain(formatUsd(1_234_500_000, 'de-DE'))).toBe('1.234,50 $');
    expect(plain(formatUsd(1_500_000, 'fr-FR'))).toBe('1,50 $US');
    expect(plain(formatUsdExact(24_999_123, 'de-DE'))).toBe('24,999123 $');
  });
});

describe('formatNumber and plural', () => {
  it.each([
    [0, '0'],
    [12_345, '12,345'],
    [1_000_000, '1,000,000'],
    [2.5, '3'],
    [1234.4, '1,234'],
    [-42, '-42'],
  ])('writes %d as a whole count: %s', (value, text) => {
    expect(plain(formatNumber(value, 'en-US'))).toBe(text);
  });

  it('groups digits the way the locale does', () => {
    expect(plain(formatNumber(12_345, 'fr-FR'))).toBe('12 345');
    expect(plain(formatNumber(12_345, 'de-DE'))).toBe('12.345');
    expect(plain(formatNumber(12_345, 'en-IN'))).toBe('12,345');
    expect(plain(formatNumber(1_234_567, 'en-IN'))).toBe('12,34,567');
  });

  it("formats for the user's own locale when none is given, as that locale would", () => {
    const own = new Intl.NumberFormat().resolvedOptions().locale;
    for (const value of [0, 7, 12_345, 1_000_000, 2.5]) {
      expect(formatNumber(value)).toBe(formatNumber(value, own));
    }
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0%'],
    [0.973, '97%'],
    [0.1, '10%'],
    [1, '100%'],
    [0.045, '4.5%'],
    [0.0999, '10%'],
    [0.001, '0.1%'],
    [0.0004, '0%'],
  ])('writes the share %d as %s (one decimal only below 10%)', (share, text) => {
    expect(plain(formatPercent(share, 'en-US'))).toBe(text);
  });

  it('follows the locale', () => {
    expect(plain(formatPercent(0.045, 'de-DE'))).toBe('4,5 %');
    expect(plain(formatPercent(0.973, 'fr-FR'))).toBe('97 %');
  });
});

describe('formatShare', () => {
  it.each([
    [1, 3, '33.3%'],
    [2, 3, '66.7%'],
    [1, 1, '100.0%'],
    [1_000, 1_000_000, '0.1%'],
    [999, 1_000_000, '<0.1%'],
    [252, 1_000_000, '<0.1%'],
    [1, 1_000_000_000, '<0.1%'],
  ])('writes %i of %i as %s', (part, whole, text) => {
    expect(plain(formatShare(part, whole, 'en-US'))).toBe(text);
  });

  it.each([
    [0, 10],
    [0, 0],
    [5, 0],
    [-1, 10],
  ])('says nothing is 0%% for %i of %i', (part, whole) => {
    expect(plain(formatShare(part, whole, 'en-US'))).toBe('0%');
  });

  it('follows the locale, the "less than" mark included', () => {
    expect(plain(formatShare(1, 3, 'de-DE'))).toBe('33,3 %');
    expect(plain(formatShare(1, 1_000_000, 'de-DE'))).toBe('<0,1 %');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1_000, '1 kB'],
    [1_234, '1.2 kB'],
    [99_949, '99.9 kB'],
    [99_950, '100 kB'],
    [834_499, '834 kB'],
    [1_000_000, '1 MB'],
    [1_250_000, '1.3 MB'],
    [123_456_789, '123 MB'],
    [5_000_000_000, '5 GB'],
    [1_500_000_000_000, '1,500 GB'],
  ])('writes %i bytes as %s, in decimal units', (bytes, text) => {
    expect(plain(formatBytes(bytes, 'en-US'))).toBe(text);
  });

  it("uses the locale's own unit names", () => {
    expect(plain(formatBytes(1_200_000, 'fr-FR'))).toBe('1,2 Mo');
    expect(plain(formatBytes(512, 'de-DE'))).toBe('512 Byte');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [499, '0s'],
    [500, '1s'],
    [12_000, '12s'],
    [59_499, '59s'],
    [59_500, '1m 00s'],
    [221_000, '3m 41s'],
    [3_599_000, '59m 59s'],
    [3_600_000, '1h 00m'],
    [3_720_000, '1h 02m'],
    [3_779_000, '1h 02m'],
    [90_000_000, '25h 00m'],
    [-5_000, '0s'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(plain(formatDuration(ms, 'en-US'))).toBe(text);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-03T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it.each([
    [0, 'now'],
    [44, 'now'],
    [-44, 'now'],
    [45, '1 minute ago'],
    [89, '1 minute ago'],
    // Math.round takes halves up, towards the future: 90 s ago is 1 minute, in 90 s is 2.
    [90, '1 minute ago'],
    [-90, 'in 2 minutes'],
    [91, '2 minutes ago'],
    [44 * 60 + 59, '45 minutes ago'],
    [45 * 60, '1 hour ago'],
    [-3 * 3600, 'in 3 hours'],
    [22 * 3600 - 1, '22 hours ago'],
    [22 * 3600, 'yesterday'],
    [-36 * 3600, 'in 2 days'],
    [10 * 86400, '10 days ago'],
  ])('says %i seconds ago is "%s"', (seconds, text) => {
    expect(plain(formatRelativeTime(ago(seconds), now, 'en-US'))).toBe(text);
  });

  it('follows the locale', () => {
    expect(plain(formatRelativeTime(ago(5 * 60), now, 'de-DE'))).toBe('vor 5 Minuten');
    expect(plain(formatRelativeTime(ago(86_400), now, 'fr-FR'))).toBe('hier');
  });
});

describe('formatTimeOfDay', () => {
  // Local times, so the cases hold in any time zone the tests run in.
  const at = (day: number, hour: number, minute: number) =>
    new Date(2026, 2, day, hour, minute).toISOString();
  const now = new Date(2026, 2, 3, 18, 30).getTime();

  it('gives only the time for today', () => {
    expect(plain(formatTimeOfDay(at(3, 14, 5), now, 'en-US'))).toBe('2:05 PM');
    expect(plain(formatTimeOfDay(at(3, 0, 0), now, 'en-US'))).toBe('12:00 AM');
    expect(plain(formatTimeOfDay(at(3, 14, 5), now, 'de-DE'))).toBe('14:05');
  });

  it('adds the date for any other day, earlier or later', () => {
    expect(plain(formatTimeOfDay(at(2, 23, 59), now, 'en-US'))).toBe('Mar 2, 2026, 11:59 PM');
    expect(plain(formatTimeOfDay(at(4, 9, 0), now, 'en-US'))).toBe('Mar 4, 2026, 9:00 AM');
    expect(plain(formatTimeOfDay(at(2, 23, 59), now, 'de-DE'))).toBe('02.03.2026, 23:59');
  });
});

describe('formatDateTime', () => {
  it('always gives the date with the time, in the local time zone', () => {
    const at = new Date(2026, 2, 3, 14, 5).toISOString();
    expect(plain(formatDateTime(at, 'en-US'))).toBe('Mar 3, 2026, 2:05 PM');
    expect(plain(formatDateTime(at, 'de-DE'))).toBe('03.03.2026, 14:05');
    expect(plain(formatDateTime(at, 'en-GB'))).toBe('3 Mar 2026, 14:05');
  });
});
