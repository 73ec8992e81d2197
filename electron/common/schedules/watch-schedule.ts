// When a watch runs: the one due rule the command line, the app and the
// window share. A watch's runs fall on a grid of slots (its first day at its
// time of day, then every N days or weeks, in local calendar days so a
// change of summer time keeps the time of day). A watch is due when a slot
// has come that no run has covered yet; a run covers every slot up to its
// own start, so runs missed while the computer slept or the app was closed
// make one run at the next chance, never one per missed period.
// Dependency-free: the window imports it.

export type EveryUnit = 'days' | 'weeks';

export interface Every {
  count: number;
  unit: EveryUnit;
}

export interface Schedule {
  every: Every;
  /** The first slot's local calendar day, YYYY-MM-DD. */
  anchor: string;
  /** The time of day of every slot, HH:MM, local. */
  at: string;
}

export const MAX_EVERY_DAYS = 365;
const DAY_MS = 86_400_000;

const daysOf = (every: Every): number => every.count * (every.unit === 'weeks' ? 7 : 1);

/** "7d", "2w", "14 days", "1 week": null for anything else, or for more than a year. */
export function parseEvery(text: string): Every | null {
  const m = /^\s*(\d{1,3})\s*(d|days?|w|weeks?)\s*$/i.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const count = Number(m[1]);
  const every: Every = { count, unit: m[2].toLowerCase().startsWith('w') ? 'weeks' : 'days' };
  return count >= 1 && daysOf(every) <= MAX_EVERY_DAYS ? every : null;
}

/** A re-check age in days ("30d", "4w", "30"); null for anything else. */
export function parseAgeDays(text: string): number | null {
  const m = /^\s*(\d{1,3})\s*(d|days?|w|weeks?)?\s*$/i.exec(text);
  if (!m?.[1]) return null;
  const days = Number(m[1]) * (m[2]?.toLowerCase().startsWith('w') ? 7 : 1);
  return days >= 1 && days <= MAX_EVERY_DAYS ? days : null;
}

/** "07:30": null unless a time of day. */
export function parseTimeOfDay(text: string): string | null {
  const m = /^\s*([01]?\d|2[0-3]):([0-5]\d)\s*$/.exec(text);
  return m?.[1] && m[2] ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The slot k periods after the anchor, as epoch ms (local calendar days, so DST keeps the hour). */
export function slotAt(s: Schedule, k: number): number {
  const [y, mo, d] = s.anchor.split('-').map(Number);
  const [h, mi] = s.at.split(':').map(Number);
  return new Date(
    y ?? 1970,
    (mo ?? 1) - 1,
    (d ?? 1) + k * daysOf(s.every),
    h ?? 0,
    mi ?? 0,
  ).getTime();
}

/**
 * A new watch's schedule: its first slot is the first moment at `at` from
 * now on (now itself without `at`, so a new watch runs at the next chance).
 */
export function scheduleFrom(every: Every, at: string | null, nowMs: number): Schedule {
  const now = new Date(nowMs);
  if (at === null) {
    return { every, anchor: localDay(now), at: `${pad(now.getHours())}:${pad(now.getMinutes())}` };
  }
  const today: Schedule = { every, anchor: localDay(now), at };
  if (slotAt(today, 0) >= nowMs - 60_000) return today;
  return { every, anchor: localDay(new Date(slotAt(today, 0) + DAY_MS)), at };
}

/** The latest slot at or before now; null before the first. */
export function latestSlot(s: Schedule, nowMs: number): number | null {
  if (nowMs < slotAt(s, 0)) return null;
  let k = Math.floor((nowMs - slotAt(s, 0)) / (daysOf(s.every) * DAY_MS));
  // The estimate is off by one at most around a change of summer time.
  while (k > 0 && slotAt(s, k) > nowMs) k -= 1;
  while (slotAt(s, k + 1) <= nowMs) k += 1;
  return slotAt(s, k);
}

/** The first slot after `afterMs` (strictly). */
export function slotAfter(s: Schedule, afterMs: number): number {
  const latest = latestSlot(s, afterMs);
  if (latest === null) return slotAt(s, 0);
  let k = Math.round((latest - slotAt(s, 0)) / (daysOf(s.every) * DAY_MS));
  while (slotAt(s, k) <= afterMs) k += 1;
  return slotAt(s, k);
}

export interface DueState {
  /** The latest slot a run covered; null before the first run. */
  lastSlotDone: number | null;
  /** A run held back (the monthly cap) is not tried again before this. */
  retryAt: number | null;
}

/** When the watch runs next: a slot no run has covered, or the time a held-back run may be tried. */
export function nextRunAt(s: Schedule, state: DueState): number {
  const next = state.lastSlotDone === null ? slotAt(s, 0) : slotAfter(s, state.lastSlotDone);
  return state.retryAt !== null && state.retryAt > next ? state.retryAt : next;
}

/** The one due rule: a slot has come that no run covered, and nothing holds the watch back. */
export const isDue = (s: Schedule, state: DueState, nowMs: number): boolean =>
  nextRunAt(s, state) <= nowMs;

/** The first moment of the month after `nowMs`, local: when a capped watch may spend again. */
export function nextMonthStart(nowMs: number): number {
  const d = new Date(nowMs);
  return new Date(d.getFullYear(), d.getMonth() + 1, 1).getTime();
}

/** The first moment of `nowMs`'s month, local: a watch's spend is counted from here. */
export function monthStart(nowMs: number): number {
  const d = new Date(nowMs);
  return new Date(d.getFullYear(), d.getMonth(), 1).getTime();
}
