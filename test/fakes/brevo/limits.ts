// Brevo's rate limits as https://developers.brevo.com/docs/api-limits
// tables them: every endpoint under /v3/contacts/{…} 10 requests a second
// (36,000 an hour; 20 a second on Enterprise), "all other endpoints" 100 an
// hour (200 on Enterprise). Each answer carries x-sib-ratelimit-limit,
// -remaining and -reset, the reset being the time left until the window
// starts again, in seconds (https://developers.brevo.com/docs/limit-headers).
// Fixed windows are an assumption: the pages do not say whether the windows
// roll or restart.
import type { Clock } from '../common/limits';

export interface WindowAnswer {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window restarts. */
  resetSeconds: number;
}

export function createFixedWindow(max: () => number, windowMs: number, clock: Clock) {
  let start = clock();
  let used = 0;
  return {
    take(): WindowAnswer {
      const now = clock();
      if (now - start >= windowMs) {
        start = now - ((now - start) % windowMs);
        used = 0;
      }
      const limit = max();
      const resetSeconds = Math.ceil((start + windowMs - now) / 1000);
      if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
      used += 1;
      return { allowed: true, limit, remaining: limit - used, resetSeconds };
    },
  };
}

export const rateHeaders = (w: Pick<WindowAnswer, 'limit' | 'remaining' | 'resetSeconds'>) => ({
  'x-sib-ratelimit-limit': String(w.limit),
  'x-sib-ratelimit-remaining': String(w.remaining),
  'x-sib-ratelimit-reset': String(w.resetSeconds),
});
