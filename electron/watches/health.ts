// A watched list's decay, measured from its runs rather than assumed: the
// members whose verdict went from deliverable to undeliverable (or invalid)
// between runs, as a share of the list, per month of time the runs span.
import type { WatchRun } from './model';

const MONTH_MS = 30.44 * 86_400_000;
const WENT_BAD = new Set(['undeliverable', 'invalid']);

export interface Decay {
  /** Share of the list that went bad per month, 0..1. */
  perMonth: number;
  /** Days between the first and the last finished run counted. */
  days: number;
}

/** The decay over the runs (any order); null before two finished runs a day apart. */
export function decayOf(runs: readonly WatchRun[]): Decay | null {
  const done = runs
    .filter((r) => r.outcome === 'done' && r.counts.read > 0)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const first = done[0];
  const last = done.at(-1);
  if (first === undefined || last === undefined || first === last) return null;
  const spanMs = Date.parse(last.startedAt) - Date.parse(first.startedAt);
  if (spanMs < 86_400_000) return null;
  // The first run's changes are from before anything was watched: only the later ones count.
  const later = done.slice(1);
  const wentBad = later
    .flatMap((r) => r.changed)
    .filter((c) => c.from === 'deliverable' && WENT_BAD.has(c.to))
    .reduce((sum, c) => sum + c.count, 0);
  const members = later.reduce((sum, r) => sum + r.counts.read, 0) / later.length;
  return {
    perMonth: wentBad / members / (spanMs / MONTH_MS),
    days: Math.round(spanMs / 86_400_000),
  };
}
