// Who gets the account's next request slot. The service allows a few checks
// in flight per account and one multi check; every process of the account
// queues for them, and this rule picks among those waiting: first the
// holder that holds the fewest slots now, then the one that waited longest.
// So a process checking a million rows gets its share and no more, and a
// colleague's 50-address check is served at the next slot that frees up. A
// multi check that cannot have the multi slot lets singles behind it pass.
//
// The data folder's coordination applies it here; the team store applies the
// same rule in SQL (team-sql.ts), in one round trip under its lock. Both are
// held to the same cases (test/unit/coordination/fair.test.ts).

export type SlotKind = 'single' | 'multi';

export interface Limits {
  maxInFlight: number;
  maxMulti: number;
}

export interface HeldSlot {
  ticket: string;
  holder: string;
  kind: SlotKind;
}

export interface Waiter {
  ticket: string;
  holder: string;
  kind: SlotKind;
  /** When it started waiting, ms. */
  since: number;
}

/** The tickets the rule lets take a slot now, in order. */
export function grants(
  held: readonly HeldSlot[],
  waiting: readonly Waiter[],
  limits: Limits,
): string[] {
  let free = limits.maxInFlight - held.length;
  let freeMulti = limits.maxMulti - held.filter((h) => h.kind === 'multi').length;
  const holding = new Map<string, number>();
  for (const h of held) holding.set(h.holder, (holding.get(h.holder) ?? 0) + 1);
  const order = [...waiting].sort(
    (a, b) =>
      (holding.get(a.holder) ?? 0) - (holding.get(b.holder) ?? 0) ||
      a.since - b.since ||
      (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : 0),
  );
  const granted: string[] = [];
  for (const w of order) {
    if (free <= 0) break;
    if (w.kind === 'multi') {
      if (freeMulti <= 0) continue;
      freeMulti -= 1;
    }
    free -= 1;
    granted.push(w.ticket);
  }
  return granted;
}
