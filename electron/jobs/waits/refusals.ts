// What the service (or the way to it) refuses for a while: maintenance,
// capacity, busy slots, too many unfinished orders, a check out of time, an
// error page, no network, a balance run dry, a bulk task it could not
// finish. A job left alone waits these out (wait-out.ts) instead of failing;
// everything else still ends the run. One table of which refusals pass, with
// the words a person reads while the job waits.
import { message, type Message } from '../../common/i18n/message';
import type { WaitReason } from '../../common/schedules/waits';
import { ServiceError } from '../../service/errors';
import { TaskFailedError } from '../run/failures';

export interface Refusal {
  reason: WaitReason;
  /** What the service said, as a person reads it while the job waits. */
  words: Message;
  /** The service's own Retry-After: no try comes sooner. */
  retryAfterMs: number | null;
  /** The request may have been checked (and charged) before its answer was lost. */
  answerLost: boolean;
}

const refusal = (reason: WaitReason, words: Message, err: ServiceError | null = null): Refusal => ({
  reason,
  words,
  retryAfterMs: err?.retryAfterSeconds != null ? err.retryAfterSeconds * 1_000 : null,
  answerLost: err?.charged === 'unknown',
});

/** The refusal this error is, or null for one that ends the run. */
export function refusalOf(err: unknown): Refusal | null {
  if (err instanceof TaskFailedError) {
    return refusal('task_failed', message('error.wait.taskFailed'));
  }
  if (!(err instanceof ServiceError)) return null;
  switch (err.serviceCode) {
    case 50300:
      return refusal('maintenance', message('error.wait.maintenance'), err);
    case 50303:
      return refusal('capacity', message('error.wait.capacity'), err);
    case 42901:
      return refusal('busy', message('error.wait.busy'), err);
    case 42900:
      return refusal('orders', message('error.wait.orders'), err);
    case 50400:
      return refusal('timeout', message('error.wait.checkTimeout'), err);
    case 40200:
      return refusal('funds', message('error.wait.funds'), err);
    case undefined:
      break;
    default:
      return null;
  }
  switch (err.code) {
    case 'network':
      return refusal('unreachable', message('error.wait.unreachable'), err);
    case 'timeout':
      return refusal('timeout', message('error.wait.noAnswer'), err);
    case 'bad_response':
      if ((err.httpStatus ?? 0) >= 500) {
        return refusal(
          'server_error',
          message('error.wait.serverError', { httpStatus: String(err.httpStatus) }),
          err,
        );
      }
      return null;
    case 'poll_failed':
      // Asked again and again about a task: what kept failing is the reason.
      return refusalOf(err.cause) ?? refusal('unreachable', message('error.wait.unreachable'), err);
    case 'link_expired':
      return refusal('server_error', message('error.wait.links'), err);
    default:
      return null;
  }
}

/** Backoff between tries: doubling from a few seconds, capped, jittered. */
export interface WaitPolicy {
  baseMs: number;
  capMs: number;
  /** How often the balance is read again while a job waits for funds (a read is free). */
  fundsEveryMs: number;
  /** How often the account's own bulk tasks are looked at while the service takes no more. */
  ordersEveryMs: number;
}

export const DEFAULT_WAIT_POLICY: WaitPolicy = {
  baseMs: 5_000,
  capMs: 5 * 60_000,
  fundsEveryMs: 3 * 60_000,
  ordersEveryMs: 60_000,
};

/** Six hours: a night's maintenance, or a morning's top-up, is waited out. */
export const DEFAULT_PATIENCE_MS = 6 * 3_600_000;

/**
 * The wait before try `tries` + 1: capped exponential backoff with equal
 * jitter (never under half the window, so many jobs spread out over the
 * rest), and never sooner than the service's Retry-After.
 */
export function nextTryDelay(
  tries: number,
  retryAfterMs: number | null,
  policy: WaitPolicy,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(tries, 30));
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}
