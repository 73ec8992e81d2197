// When to send a request again, and after how long. Only what cannot charge
// twice is ever resent after a lost answer.
import { ServiceError } from './errors';

export interface RetryPolicy {
  /** Attempts in all for backoff-retried failures (50400, 50300, network on safe requests). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest total wait spent honouring Retry-After (42901, 50303) before giving up. */
  maxRetryAfterTotalMs: number;
  /** Retry-After when the service sends none, in seconds. */
  defaultRetryAfterSeconds: number;
}

/**
 * A call rides out a short refusal by itself (a few quick tries, a minute of
 * Retry-After in all); a longer one reaches the job, which waits it out in
 * sight, with its reason and the time of the next try (jobs/waits/wait-out.ts).
 */
export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  maxRetryAfterTotalMs: 60_000,
  defaultRetryAfterSeconds: 1,
};

export type RetryDecision =
  { retry: false } | { retry: true; delayMs: number; honoursRetryAfter: boolean };

/**
 * `safeToRepeat`: a repeat cannot charge twice (a GET, or a bulk submit with
 * its Idempotency-Key). Only then is a lost answer (network failure, a proxy's
 * error page) retried.
 */
export function decideRetry(
  err: unknown,
  attempt: number,
  waitedForRetryAfterMs: number,
  safeToRepeat: boolean,
  policy: RetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  if (!(err instanceof ServiceError)) return { retry: false };
  const backoff = (): RetryDecision => {
    if (attempt >= policy.maxAttempts) return { retry: false };
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    // Equal jitter: never less than half the window, and many clients spread out over the rest.
    return {
      retry: true,
      delayMs: Math.round(ceiling / 2 + (random() * ceiling) / 2),
      honoursRetryAfter: false,
    };
  };
  switch (err.serviceCode) {
    case 42901:
    case 50303: {
      const delayMs = (err.retryAfterSeconds ?? policy.defaultRetryAfterSeconds) * 1_000;
      if (waitedForRetryAfterMs + delayMs > policy.maxRetryAfterTotalMs) return { retry: false };
      return { retry: true, delayMs, honoursRetryAfter: true };
    }
    case 50400:
    case 50300:
      return backoff();
    case undefined:
      break;
    default:
      return { retry: false };
  }
  if (!safeToRepeat) return { retry: false };
  if (err.code === 'network') return backoff();
  if (err.code === 'bad_response' && (err.httpStatus ?? 0) >= 500) return backoff();
  if (err.code === 'timeout') return backoff();
  return { retry: false };
}

/** Resolves after ms, or rejects at once when the signal aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
