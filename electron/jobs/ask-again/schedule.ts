// When a finished job's unknowns are asked again: offsets from the moment its
// answers were all in. 30 minutes, 4 hours and 24 hours by default: a mail
// server that answers "try later" (greylisting: Postgrey 5 min, rspamd 5 min
// kept a day) lets a sender through after minutes, and RFC 5321 §4.5.4.1 has
// senders retry after at least 30 minutes and keep trying for days.
import { MAX_DELAYS, MAX_DELAY_SECONDS, type AskAgainRecord } from './record';

export const DEFAULT_ASK_AGAIN_DELAYS: readonly number[] = [1_800, 14_400, 86_400];

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

/** Delays as the user may give them: 1 to 6, strictly increasing, each 1 s to 7 days. */
export function validDelays(delays: readonly number[]): boolean {
  if (delays.length > MAX_DELAYS) return false;
  return delays.every(
    (d, k) =>
      Number.isInteger(d) &&
      d >= 1 &&
      d <= MAX_DELAY_SECONDS &&
      (k === 0 || d > (delays[k - 1] ?? 0)),
  );
}

/**
 * `--ask-again 30s,2m,4h` (units s, m, h, d; a bare number is minutes) or
 * `none` (an empty schedule). Null when it is neither.
 */
export function parseDelays(text: string): number[] | null {
  const value = text.trim().toLowerCase();
  if (value === 'none') return [];
  const delays: number[] = [];
  for (const part of value.split(',')) {
    const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(part);
    if (!match) return null;
    delays.push(Number(match[1]) * (UNITS[match[2] || 'm'] ?? 0));
  }
  return validDelays(delays) && delays.length > 0 ? delays : null;
}

const at = (from: string, seconds: number) => Date.parse(from) + seconds * 1_000;

/**
 * The next round's time: the first offset, before any round (one already
 * passed is due at once); after a round at `nowMs`, the first offset still
 * ahead, so offsets that passed while nothing ran are run once. Null when
 * none is left.
 */
export function nextRoundAt(
  record: Pick<AskAgainRecord, 'delays' | 'from'>,
  afterRoundAt: number | null,
): string | null {
  const times = record.delays.map((d) => at(record.from, d));
  const next = afterRoundAt === null ? times[0] : times.find((t) => t > afterRoundAt);
  return next === undefined ? null : new Date(next).toISOString();
}

/** Is a round due at `nowMs`. */
export const isDue = (record: AskAgainRecord | null, nowMs: number): boolean =>
  record !== null &&
  !record.asking &&
  record.ended === null &&
  record.nextAt !== null &&
  Date.parse(record.nextAt) <= nowMs;
