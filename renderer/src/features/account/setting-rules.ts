// What each Settings field takes, in one place: the hint under a field says
// its range from these same numbers, and the form refuses anything outside it
// in words before saving (main's schema would refuse it too, but only with a
// notice at the foot of the dialog, far from the field).
import { billingUrlProblem } from '../../../../electron/common/billing-url';
import {
  MAX_PATIENCE_HOURS,
  MAX_POLL_SECONDS,
  MAX_REUSE_DAYS,
  MAX_SPEND_MICROS,
  MAX_UNIT_MICROS,
  MIN_POLL_SECONDS,
} from '../../../../electron/common/limits';
import { serviceUrlProblem } from '../../../../electron/common/service-url';
import { formatNumber } from '../../format';
import { english } from '../../../../electron/common/i18n/message';
import { readAmount } from '../../money-input';

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

interface WholeRange {
  min: number;
  max: number;
  /** The unit in the plural, as the label says it: "seconds", "hours", "days". */
  unit: string;
  /** Why the floor is there, said before the way out; by default only the way out. */
  belowMin?: string;
}

/** A whole number typed in a field, within a range, or why not in words. */
export function readWholeNumber(text: string, range: WholeRange): Read<number> {
  const { min, max, unit } = range;
  const span = `from ${formatNumber(min)} to ${formatNumber(max)}`;
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    return { ok: false, message: `Enter a whole number of ${unit}, ${span}.` };
  }
  const value = Number(trimmed);
  if (value < min) {
    const wayOut = `enter ${formatNumber(min)} or more.`;
    return {
      ok: false,
      message: range.belowMin ? `${range.belowMin}: ${wayOut}` : `Enter ${span} ${unit}.`,
    };
  }
  if (value > max)
    return { ok: false, message: `At most ${formatNumber(max)} ${unit}: enter ${span}.` };
  return { ok: true, value };
}

export const POLL_RANGE: WholeRange = {
  min: MIN_POLL_SECONDS,
  max: MAX_POLL_SECONDS,
  unit: 'seconds',
  belowMin: `The service asks to be checked no more often than every ${MIN_POLL_SECONDS} seconds`,
};
export const PATIENCE_RANGE: WholeRange = { min: 1, max: MAX_PATIENCE_HOURS, unit: 'hours' };
export const REUSE_RANGE: WholeRange = { min: 0, max: MAX_REUSE_DAYS, unit: 'days' };

/** An optional amount in USD (empty: none) up to `maxMicros`, or why not. */
export function readCappedAmount(
  text: string,
  maxMicros: number,
  tooMuch: string,
): Read<number | null> {
  const read = readAmount(text, english.t);
  if (!read.ok) return read;
  if (read.micros !== null && read.micros > maxMicros) return { ok: false, message: tooMuch };
  return { ok: true, value: read.micros };
}

export const readSpendLimit = (text: string) =>
  readCappedAmount(
    text,
    MAX_SPEND_MICROS,
    `At most $${formatNumber(MAX_SPEND_MICROS / 1_000_000)}: a limit is a guard, not a budget. Leave it empty for no limit.`,
  );

export const readUnitPrice = (text: string) =>
  readCappedAmount(
    text,
    MAX_UNIT_MICROS,
    'No plan charges more than $1 per address: check the decimals, such as 0.0008.',
  );

/** The service's address, as main will take it. */
export function readServiceAddress(text: string): Read<string> {
  const value = text.trim();
  if (value === '')
    return { ok: false, message: 'Enter the service’s address, starting with https://.' };
  const problem = serviceUrlProblem(value);
  return problem ? { ok: false, message: problem } : { ok: true, value };
}

/** The billing page: https, or empty for none (no "Add funds" link). */
export function readBillingPage(text: string): Read<string | null> {
  const value = text.trim();
  if (value === '') return { ok: true, value: null };
  const problem = billingUrlProblem(value);
  return problem ? { ok: false, message: problem } : { ok: true, value };
}
