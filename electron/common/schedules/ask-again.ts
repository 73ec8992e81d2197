// The schedule of asking a finished job's unknowns again, as the setting, the
// command line and the jobs all bound it (jobs/ask-again/ does the asking).
// 30 minutes, 4 hours and 24 hours by default: a mail server that answers
// "try later" (greylisting: Postgrey 5 min, rspamd 5 min kept a day) lets a
// sender through after minutes, and RFC 5321 §4.5.4.1 has senders retry
// after at least 30 minutes and keep trying for days.

/** Seconds after the job's answers were all in. */
export const DEFAULT_ASK_AGAIN_DELAYS: readonly number[] = [1_800, 14_400, 86_400];

/** At most this many asks after the job's own, each at most a week after it. */
export const MAX_ASK_AGAIN_DELAYS = 6;
export const MAX_ASK_AGAIN_SECONDS = 7 * 86_400;

/** Delays as the user may give them: 0 to 6, strictly increasing, each 1 s to 7 days. */
export function validDelays(delays: readonly number[]): boolean {
  if (delays.length > MAX_ASK_AGAIN_DELAYS) return false;
  return delays.every(
    (d, k) =>
      Number.isInteger(d) &&
      d >= 1 &&
      d <= MAX_ASK_AGAIN_SECONDS &&
      (k === 0 || d > (delays[k - 1] ?? 0)),
  );
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };

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
