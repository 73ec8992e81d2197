// The service's concurrency limits for synchronous checks: at most N requests
// in flight per key, and one multi check at a time per account.

export interface Slots {
  /** A release function, or null when a limit is reached (answer 42901). */
  enter(key: string, multi: boolean): (() => void) | null;
  inFlight(key: string): number;
}

export function createSlots(
  limits: () => { maxInFlight: number; maxConcurrentMulti: number },
): Slots {
  const inFlight = new Map<string, number>();
  const multis = new Map<string, number>();
  return {
    enter(key, multi) {
      const { maxInFlight, maxConcurrentMulti } = limits();
      const current = inFlight.get(key) ?? 0;
      const runningMulti = multis.get(key) ?? 0;
      if (current >= maxInFlight) return null;
      if (multi && runningMulti >= maxConcurrentMulti) return null;
      inFlight.set(key, current + 1);
      if (multi) multis.set(key, runningMulti + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
        if (multi) multis.set(key, (multis.get(key) ?? 1) - 1);
      };
    },
    inFlight: (key) => inFlight.get(key) ?? 0,
  };
}
