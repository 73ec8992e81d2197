// Klaviyo's rate limits as the rate limits guide describes them
// (developers.klaviyo.com/en/docs/rate_limits_and_error_handling, read in
// its v2024-02-15, v2024-06-15 and v2025-01-15 copies): per account, a
// fixed-window algorithm with two windows, burst (1 s) and steady (1 min),
// each endpoint its own numbers (x-klaviyo-ratelimit in the OpenAPI document).
// Every answer that is not a 429 carries RateLimit-Limit, RateLimit-Remaining
// and RateLimit-Reset for the steady window; a 429 carries Retry-After
// instead. Assumed: that each endpoint counts in its own bucket, and that
// Retry-After is the whole seconds until the window that refused resets.
import type { Clock } from '../common/limits';

export interface Rate {
  burst: number;
  steady: number;
}

/** Each endpoint's documented limits (x-klaviyo-ratelimit, revision 2026-07-15). */
export const KLAVIYO_RATES = {
  accounts: { burst: 1, steady: 15 },
  lists: { burst: 75, steady: 750 },
  list: { burst: 75, steady: 750 },
  /** GET /api/lists/{id} with additional-fields[list]=profile_count. */
  listCount: { burst: 1, steady: 15 },
  listProfiles: { burst: 75, steady: 750 },
  profiles: { burst: 75, steady: 750 },
  importCreate: { burst: 10, steady: 150 },
  importGet: { burst: 10, steady: 150 },
  importErrors: { burst: 10, steady: 150 },
  unsubscribe: { burst: 75, steady: 750 },
} satisfies Record<string, Rate>;
export type Operation = keyof typeof KLAVIYO_RATES;

export type Taken =
  { allowed: true; headers: Record<string, string> } | { allowed: false; retryAfter: number };

interface Window {
  start: number;
  used: number;
}

export function createKlaviyoLimits(rates: () => Record<Operation, Rate>, clock: Clock) {
  const windows = new Map<string, Window>();
  function take(key: string, max: number, ms: number, now: number) {
    const start = Math.floor(now / ms) * ms;
    let w = windows.get(key);
    if (w === undefined || w.start !== start) {
      w = { start, used: 0 };
      windows.set(key, w);
    }
    const resetS = Math.max(1, Math.ceil((start + ms - now) / 1000));
    if (w.used >= max) return { ok: false, used: w.used, resetS };
    w.used += 1;
    return { ok: true, used: w.used, resetS };
  }
  return {
    take(op: Operation): Taken {
      const rate = rates()[op];
      const now = clock();
      const burst = take(`${op}:burst`, rate.burst, 1_000, now);
      if (!burst.ok) return { allowed: false, retryAfter: burst.resetS };
      const steady = take(`${op}:steady`, rate.steady, 60_000, now);
      if (!steady.ok) return { allowed: false, retryAfter: steady.resetS };
      return {
        allowed: true,
        headers: {
          'RateLimit-Limit': String(rate.steady),
          'RateLimit-Remaining': String(Math.max(0, rate.steady - steady.used)),
          'RateLimit-Reset': String(steady.resetS),
        },
      };
    },
  };
}
