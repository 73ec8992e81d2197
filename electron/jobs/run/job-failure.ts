// How an error that ends a job's run becomes the failure its record keeps
// and the window shows: a code, words that say what to do next, and whether
// anything was charged for what did not finish. The errors only List Cleaner
// can word are made in failures.ts; this decides what any error means here.
import { english as englishWords, message, say, type Message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { log, redactSecrets } from '../../lib/log';
import { ChargedError, asWriteFailure } from '../../lib/files/write-failure';
import { ServiceError } from '../../service/errors';
import { progressNotSavedError } from './failures';
import type { JobFailure, JobRecord } from '../storage/record';

/** Service errors whose message says itself what to do: trying again at once meets the same file. */
const SAYS_WHAT_TO_DO = new Set<string>(['result_too_large', 'redirect_refused', 'link_refused']);

/**
 * Failures a plain retry can fix: the service or the way to it failing
 * (beyond the patience, or before it applied), a task it could not finish, a
 * result to fetch again, the disk full or busy for a while. Not those that
 * need the user first: a key refused or unconfirmed, a file or link refused,
 * the job's folder gone, a limit.
 */
const RETRY_FIXES: ReadonlySet<string> = new Set([
  'network',
  'timeout',
  'bad_response',
  'link_expired',
  'poll_failed',
  'result_incomplete',
  'service',
  'insufficient_balance',
  'disk_full',
  'disk_write',
  'file_in_use',
  'internal',
]);

/** Whether trying a failed job again can help without the user changing anything. */
export function retryCanFix(failure: JobFailure): boolean {
  // 40000 (a request refused as unsupported) would be refused again.
  return RETRY_FIXES.has(failure.code) && failure.serviceCode !== 40000;
}

/** The failure of job `id`, whose files are in `folder`, stopped by `err`. */
export function failureOf(err: unknown, id: string, folder: string): JobFailure {
  // A write of the job's own files that failed (job.json as the run ends, say) is said as such.
  if (asWriteFailure(err)) err = progressNotSavedError(err, folder);
  if (err instanceof ServiceError) {
    // A refused link or an oversized result says itself what to do.
    const whole = SAYS_WHAT_TO_DO.has(err.code);
    const said = err.said && (whole ? err.said : carryOn(err.said));
    return {
      ...kept(err.code, said, whole ? err.message : say(englishWords.t, carryOn(err.message))),
      charged: err.charged,
      ...(err.serviceCode !== undefined ? { serviceCode: err.serviceCode } : {}),
    };
  }
  if (err instanceof ChargedError) {
    // Its message says what was paid for and not kept, and what to do.
    return { ...kept(err.code, err.said, err.message), charged: err.charged };
  }
  if (err instanceof AppError) {
    return { ...kept(err.code, err.said, err.message), charged: 'no' };
  }
  log.error(`jobs: ${id} stopped on an unexpected error`, err);
  // Kept in job.json and shown: an unforeseen error's words may quote a secret.
  const detail = redactSecrets(err instanceof Error ? err.message : String(err));
  const said = message('error.job.internal', { detail });
  return { ...kept('internal', said, say(englishWords.t, said)), charged: 'unknown' };
}

/** A problem, then that what was checked is kept and Try again carries on. */
const carryOn = (problem: Message | string): Message => message('error.job.carryOn', { problem });

/**
 * The failure's code and words as the record keeps them: the English, and
 * the message it was said from (when there is one), to be said again in the
 * language of whoever reads it.
 */
const kept = (
  code: string,
  said: Message | undefined,
  english: string,
): Pick<JobFailure, 'code' | 'message' | 'said'> =>
  said === undefined ? { code, message: english } : { code, message: english, said };

/** Marks the job failed, with what stopped it. */
export function failWith(record: JobRecord, err: unknown, folder: string): void {
  record.failure = failureOf(err, record.id, folder);
  record.state = 'failed';
}
