// The service's limits kept on our side, so the real service never has to
// answer 42901 because of us: at most 5 checks in flight per key (single and
// multi together) and one multi check at a time. Waiters are served in order;
// a single may pass a multi only while that multi waits for the multi slot.
import { createHash } from 'node:crypto';

export interface Limits {
  maxInFlight: number;
  maxMulti: number;
}

export const SERVICE_LIMITS: Limits = { maxInFlight: 5, maxMulti: 1 };

export interface Limiter {
  /** Resolves with a release function once a slot is free; rejects if the signal aborts first. */
  acquire(kind: 'single' | 'multi', signal?: AbortSignal): Promise<() => void>;
  readonly inFlight: number;
  readonly waiting: number;
}

interface Waiter {
  kind: 'single' | 'multi';
  grant: (release: () => void) => void;
}

export function createLimiter(limits: Limits = SERVICE_LIMITS): Limiter {
  let inFlight = 0;
  let multi = 0;
  const queue: Waiter[] = [];

  const releaser = (kind: 'single' | 'multi') => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inFlight -= 1;
      if (kind === 'multi') multi -= 1;
      pump();
    };
  };

  function pump(): void {
    for (let i = 0; i < queue.length && inFlight < limits.maxInFlight;) {
      const waiter = queue[i] as Waiter;
      if (waiter.kind === 'multi' && multi >= limits.maxMulti) {
        i += 1;
        continue;
      }
      queue.splice(i, 1);
      inFlight += 1;
      if (waiter.kind === 'multi') multi += 1;
      waiter.grant(releaser(waiter.kind));
    }
  }

  return {
    acquire(kind, signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const waiter: Waiter = {
          kind,
          grant: (release) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(release);
          },
        };
        const onAbort = () => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
        pump();
      });
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
  };
}

// One limiter per API key for the whole process, so every client using the
// same key (several jobs, the quick check) shares the same five slots.
const byKey = new Map<string, Limiter>();

export function limiterForKey(key: string): Limiter {
  const id = createHash('sha256').update(key).digest('hex');
  let limiter = byKey.get(id);
  if (!limiter) {
    limiter = createLimiter();
    byKey.set(id, limiter);
  }
  return limiter;
}
