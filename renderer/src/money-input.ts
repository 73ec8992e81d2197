// Amounts of money typed by the user (a spending limit, a plan's price per
// address) and the text a field shows for one saved. Money is kept in micros
// of USD, integers, so "0.0025" is read digit by digit, never through a float.
// What is typed stays the en-US way in every language (a dot for cents), so the
// words that refuse an amount say so in the user's language.
import type { Translate } from '../../electron/common/i18n/message';

const MICROS_PER_USD = 1_000_000;
const DIGITS = 6;

export type ParsedUsd = { ok: true; micros: number } | { ok: false; message: string };

/**
 * "12", "12.50", "$0.0025", "1,000" (thousands with commas, en-US style) →
 * micros. A comma that could be a decimal one ("0,002", "12,5") is refused
 * with the reason rather than guessed: a limit read a thousand times too small
 * or too big would be worse than a question.
 */
export function parseUsd(input: string, t: Translate): ParsedUsd {
  const text = input
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/\s*(usd)$/i, '');
  if (text === '') return { ok: false, message: t('format.amount.empty') };
  const grouped = /^[1-9]\d{0,2}(,\d{3})+(\.\d*)?$/.test(text);
  const plain = /^(\d+\.?\d*|\.\d+)$/.test(text);
  if (!grouped && !plain) {
    return text.includes(',')
      ? { ok: false, message: t('format.amount.comma') }
      : { ok: false, message: t('format.amount.notAmount') };
  }
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  if (fraction.length > DIGITS) {
    return { ok: false, message: t('format.amount.decimals') };
  }
  const micros =
    Number(whole === '' ? '0' : whole) * MICROS_PER_USD + Number(fraction.padEnd(DIGITS, '0'));
  if (!Number.isSafeInteger(micros)) return { ok: false, message: t('format.amount.tooLarge') };
  return { ok: true, micros };
}

/** Micros as a field shows them: 5_000_000 → "5.00", 2_500 → "0.0025", 1 → "0.000001". */
export function usdInputText(micros: number): string {
  const whole = Math.floor(micros / MICROS_PER_USD);
  const fraction = String(micros % MICROS_PER_USD)
    .padStart(DIGITS, '0')
    .replace(/0+$/, '')
    .padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** An optional amount field's text: empty means none; otherwise micros over 0, or why not. */
export function readAmount(
  text: string,
  t: Translate,
): { ok: true; micros: number | null } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, micros: null };
  const parsed = parseUsd(text, t);
  if (!parsed.ok) return parsed;
  if (parsed.micros === 0) return { ok: false, message: t('format.amount.zero') };
  return parsed;
}
