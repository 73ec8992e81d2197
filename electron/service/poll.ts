// Waiting for a bulk task: a GET every poll interval (never under 30 s for the
// real service), counted from the last time the service told us about the
// task (its submit answer is one such look, and so is a poll before a
// restart), a quicker second look when success arrives without a result
// link, as the interface asks, and a clear stop after too many failures in a
// row, leaving the task id for a later resume.
import { ServiceError, pollFailedError } from './errors';
import { abortableSleep } from './retry';
import type { BulkTask } from './results/results';

export interface WaitOptions {
  signal?: AbortSignal;
  /** Called after every successful poll, with when the next one is due (ms since epoch). */
  onUpdate?: (task: BulkTask, nextPollAt: number | null) => void;
  /** Failed polls in a row before giving up. */
  maxConsecutiveFailures?: number;
  /** Wait before asking again when success came without result_url. */
  notReadyRetryMs?: number;
  /**
   * When the service last answered about this task (ms since epoch): the
   * first GET waits until an interval after it. Without it, the first GET
   * goes at once.
   */
  lastLookedAt?: number;
  /**
   * Called after every GET that reached an end (answered or failed), with when
   * it ended, and awaited: a caller keeps it on disk, so that after a restart
   * the next poll is due an interval after this one. A rejection ends the wait.
   */
  onLooked?: (at: number) => void | Promise<void>;
}

/** When the first GET of a wait may go: an interval after the last look, or now. */
export function firstPollAt(intervalMs: number, lastLookedAt: number | undefined): number {
  return lastLookedAt === undefined ? Date.now() : lastLookedAt + intervalMs;
}

export async function waitForBulkTask(
  get: (signal?: AbortSignal) => Promise<BulkTask>,
  id: string,
  intervalMs: number,
  options: WaitOptions = {},
): Promise<BulkTask> {
  const { signal, onUpdate, onLooked } = options;
  const maxFailures = options.maxConsecutiveFailures ?? 5;
  const notReadyRetryMs = Math.min(options.notReadyRetryMs ?? 3_000, intervalMs);
  let due = firstPollAt(intervalMs, options.lastLookedAt);
  let failures = 0;
  for (;;) {
    // Until the clock says so: a timer may end a millisecond or two before
    // the wall clock reaches its end (it counts on the event loop's clock).
    for (let wait = due - Date.now(); wait > 0; wait = due - Date.now()) {
      await abortableSleep(wait, signal);
    }
    let task: BulkTask;
    try {
      task = await get(signal);
      failures = 0;
    } catch (err) {
      const at = Date.now();
      if (signal?.aborted) throw signal.reason;
      // A refusal that will not change by asking again ends the wait at once.
      if (err instanceof ServiceError && !err.retryable && err.code !== 'bad_response') throw err;
      await onLooked?.(at);
      failures += 1;
      if (failures >= maxFailures) throw pollFailedError(id, failures, err);
      due = at + intervalMs;
      continue;
    }
    const at = Date.now();
    await onLooked?.(at);
    if (task.status === 'failed' || (task.status === 'success' && task.resultUrl)) {
      onUpdate?.(task, null);
      return task;
    }
    due = at + (task.status === 'success' ? notReadyRetryMs : intervalMs);
    onUpdate?.(task, due);
  }
}
