// Waiting for a bulk task: a GET every poll interval (never under 30 s for the
// real service), a quicker second look when success arrives without a result
// link, and a clear stop after too many failures in a row, leaving the task id
// for a later resume.
import { ServiceError, pollFailedError } from './errors';
import { abortableSleep } from './retry';
import type { BulkTask } from './client';

export interface WaitOptions {
  signal?: AbortSignal;
  /** Called after every successful poll, with when the next one is due (ms since epoch). */
  onUpdate?: (task: BulkTask, nextPollAt: number | null) => void;
  /** Failed polls in a row before giving up. */
  maxConsecutiveFailures?: number;
  /** Wait before asking again when success came without result_url. */
  notReadyRetryMs?: number;
}

export async function waitForBulkTask(
  get: (signal?: AbortSignal) => Promise<BulkTask>,
  id: string,
  intervalMs: number,
  options: WaitOptions = {},
): Promise<BulkTask> {
  const { signal, onUpdate } = options;
  const maxFailures = options.maxConsecutiveFailures ?? 5;
  const notReadyRetryMs = Math.min(options.notReadyRetryMs ?? 3_000, intervalMs);
  let failures = 0;
  for (;;) {
    let task: BulkTask;
    try {
      task = await get(signal);
      failures = 0;
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      // A refusal that will not change by asking again ends the wait at once.
      if (err instanceof ServiceError && !err.retryable && err.code !== 'bad_response') throw err;
      failures += 1;
      if (failures >= maxFailures) throw pollFailedError(id, failures, err);
      await abortableSleep(intervalMs, signal);
      continue;
    }
    if (task.status === 'failed' || (task.status === 'success' && task.resultUrl)) {
      onUpdate?.(task, null);
      return task;
    }
    const wait = task.status === 'success' ? notReadyRetryMs : intervalMs;
    onUpdate?.(task, Date.now() + wait);
    await abortableSleep(wait, signal);
  }
}
