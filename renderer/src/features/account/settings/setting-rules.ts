// What each Settings field takes, in one place: the hint under a field says
// its range from these same numbers, and the form refuses anything outside it
// in words before saving (main's schema would refuse it too, but only with a
// notice at the foot of the dialog, far from the field).
import { billingUrlMessage } from '../../../../../electron/common/urls/billing-url';
import {
  MAX_PATIENCE_HOURS,
  MAX_POLL_SECONDS,
  MAX_REUSE_DAYS,
  MAX_SPEND_MICROS,
  MAX_UNIT_MICROS,
  MIN_POLL_SECONDS,
} from '../../../../../electron/common/limits';
import { serviceUrlMessage } from '../../../../../electron/common/urls/service-url';
import { say, type Translate } from '../../../../../electron/common/i18n/message';
import { formatNumber } from '../../../format';
import { readAmount } from '../../../money-input';

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

interface WholeRange {
  min: number;
  max: number;
  /** The unit, as the label says it: the messages choose its word in each language. */
  unit: 'seconds' | 'hours' | 'days';
  /** Why the floor is there, said before the way out; by default only the way out. */
  belowMin?: 'settings.poll.belowMin';
}

/** A whole number typed in a field, within a range, or why not in words. */
export function readWholeNumber(text: string, range: WholeRange, t: Translate): Read<number> {
  const { unit } = range;
  const min = formatNumber(range.min);
  const max = formatNumber(range.max);
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    return { ok: false, message: t('settings.number.notWhole', { unit, min, max }) };
  }
  const value = Number(trimmed);
  if (value < range.min) {
    return {
      ok: false,
      message: range.belowMin
        ? t(range.belowMin, { min })
        : t('settings.number.belowMin', { unit, min, max }),
    };
  }
  if (value > range.max)
    return { ok: false, message: t('settings.number.aboveMax', { unit, min, max }) };
  return { ok: true, value };
}

export const POLL_RANGE: WholeRange = {
  min: MIN_POLL_SECONDS,
  max: MAX_POLL_SECONDS,
  unit: 'seconds',
  belowMin: 'settings.poll.belowMin',
};
export const PATIENCE_RANGE: WholeRange = { min: 1, max: MAX_PATIENCE_HOURS, unit: 'hours' };
export const REUSE_RANGE: WholeRange = { min: 0, max: MAX_REUSE_DAYS, unit: 'days' };

/** An optional amount in USD (empty: none) up to `maxMicros`, or why not. */
export function readCappedAmount(
  text: string,
  maxMicros: number,
  tooMuch: string,
  t: Translate,
): Read<number | null> {
  const read = readAmount(text, t);
  if (!read.ok) return read;
  if (read.micros !== null && read.micros > maxMicros) return { ok: false, message: tooMuch };
  return { ok: true, value: read.micros };
}

export const readSpendLimit = (text: string, t: Translate) =>
  readCappedAmount(
    text,
    MAX_SPEND_MICROS,
    t('settings.spend.tooMuch', { max: formatNumber(MAX_SPEND_MICROS / 1_000_000) }),
    t,
  );

export const readUnitPrice = (text: string, t: Translate) =>
  readCappedAmount(text, MAX_UNIT_MICROS, t('settings.price.tooMuch'), t);

/** The service's address, as main will take it. */
export function readServiceAddress(text: string, t: Translate): Read<string> {
  const value = text.trim();
  if (value === '') return { ok: false, message: t('settings.address.empty') };
  const problem = serviceUrlMessage(value);
  return problem ? { ok: false, message: say(t, problem) } : { ok: true, value };
}

/** The billing page: https, or empty for none (no "Add funds" link). */
export function readBillingPage(text: string, t: Translate): Read<string | null> {
  const value = text.trim();
  if (value === '') return { ok: true, value: null };
  const problem = billingUrlMessage(value);
  return problem ? { ok: false, message: say(t, problem) } : { ok: true, value };
}
