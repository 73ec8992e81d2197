// Rate limits as the platforms count them: Mailchimp by connections open at
// once, HubSpot by requests in a rolling window and per day. The clock is
// injectable so tests never wait out a real 10 s window.

export type Clock = () => number;

/** At most `max` requests in flight per key; enter answers a release, or null when full. */
export function createConcurrencyGate(max: () => number) {
  const open = new Map<string, number>();
  return {
    enter(key: string): (() => void) | null {
      const now = open.get(key) ?? 0;
      if (now >= max()) return null;
      open.set(key, now + 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        open.set(key, (open.get(key) ?? 1) - 1);
      };
    },
    inFlight: (key: string) => open.get(key) ?? 0,
  };
}

export interface WindowState {
  allowed: boolean;
  max: number;
  remaining: number;
  windowMs: number;
}

/** A rolling window: a request is allowed when fewer than max were allowed in the last windowMs. */
export function createRollingWindow(max: () => number, windowMs: number, clock: Clock) {
  const stamps: number[] = [];
  let head = 0;
  return {
    take(): WindowState {
      const now = clock();
      while (head < stamps.length && (stamps[head] ?? now) <= now - windowMs) head += 1;
      if (head > 4096) {
        stamps.splice(0, head);
        head = 0;
      }
      const used = stamps.length - head;
      const limit = max();
      if (used >= limit) return { allowed: false, max: limit, remaining: 0, windowMs };
      stamps.push(now);
      return { allowed: true, max: limit, remaining: limit - used - 1, windowMs };
    },
  };
}

/** A daily allowance (the fake's day starts when it does; the platform's at the account's midnight). */
export function createDailyCounter(max: () => number) {
  let used = 0;
  return {
    take(): { allowed: boolean; max: number; remaining: number } {
      const limit = max();
      if (used >= limit) return { allowed: false, max: limit, remaining: 0 };
      used += 1;
      return { allowed: true, max: limit, remaining: limit - used };
    },
    reset: () => void (used = 0),
  };
}
