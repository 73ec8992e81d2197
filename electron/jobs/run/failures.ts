// The ways a job stops that only List Cleaner can explain: answers paid for
// that could not be written, a job folder deleted under a running job, a
// result file shorter than its task, a task file that changed before a
// resend, a bulk task the service could not finish. Each message says what happened, what was charged, and what to do.
import { AppError } from '../../lib/app-error';
import {
  ChargedError,
  asWriteFailure,
  writeFailureCode,
  writeFailureRemedy,
  writeFailureSentence,
} from '../../lib/write-failure';

const n = (x: number) => x.toLocaleString('en-US');
const addresses = (x: number) => `${n(x)} ${x === 1 ? 'address' : 'addresses'}`;

/** The disk's error, or one made up from whatever else failed, for the words. */
function writeError(err: unknown): NodeJS.ErrnoException {
  const failure = asWriteFailure(err);
  if (failure) return failure;
  const made: NodeJS.ErrnoException = new Error(err instanceof Error ? err.message : String(err));
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') made.code = code;
  return made;
}

/** What was paid for and not kept: checks (lost for good) and bulk tasks (still at the service). */
interface Unkept {
  /** Addresses of synchronous checks whose answers were not kept, and how many of them were charged. */
  checks: number;
  checksCharged: number;
  /** Bulk tasks whose results were not kept: id → addresses charged. */
  tasks: Map<string, number>;
}

/**
 * Paid answers that could not be stored. One per run: every write that fails
 * after the first adds to it, so the job's message counts them all.
 */
export class UnkeptAnswersError extends ChargedError {
  private readonly unkept: Unkept = { checks: 0, checksCharged: 0, tasks: new Map() };
  private readonly failure: NodeJS.ErrnoException;

  constructor(
    cause: unknown,
    private readonly folder: string,
    /** Addresses the job had kept outcomes for, and of those charged, when the first write failed. */
    private readonly keptBefore: { kept: number; charged: number },
    private readonly folderGone: boolean,
    /** Bulk tasks sent and not yet kept: charged at the service for what they check. */
    private readonly tasksOut: readonly { id: string; addresses: number }[] = [],
  ) {
    const failure = writeError(cause);
    super(folderGone ? 'job_folder_gone' : writeFailureCode(failure), '', 'unknown');
    this.name = 'UnkeptAnswersError';
    this.failure = failure;
    this.cause = cause;
  }

  /** Counts answers that were not kept: `charged` of `count` addresses were charged. */
  add(source: { taskId: string } | null, count: number, charged: number): this {
    if (source === null) {
      this.unkept.checks += count;
      this.unkept.checksCharged += charged;
    } else {
      this.unkept.tasks.set(source.taskId, (this.unkept.tasks.get(source.taskId) ?? 0) + charged);
    }
    this.message = this.folderGone ? this.goneMessage() : this.writeMessage();
    return this;
  }

  private goneMessage(): string {
    const { checksCharged, tasks } = this.unkept;
    const inTasks = [...tasks.values()].reduce((a, b) => a + b, 0);
    const charged = this.keptBefore.charged + checksCharged + inTasks;
    const out = this.tasksOut.filter((t) => !tasks.has(t.id));
    const atService =
      out.length === 0
        ? ''
        : `, and ${out.length === 1 ? 'bulk task' : 'bulk tasks'} ${out.map((t) => `${t.id} (${addresses(t.addresses)})`).join(', ')} ${out.length === 1 ? 'was' : 'were'} at the service, charged for each address checked`;
    return `The folder of this job (${this.folder}) was deleted while the job ran, and the results checked so far went with it. By then the service had checked, and charged, ${addresses(charged)} of this list${atService}. List Cleaner stopped so as not to check, and charge, any more. To check the list again, start it anew from its file; each address is charged again.`;
  }

  private writeMessage(): string {
    const { checks, checksCharged, tasks } = this.unkept;
    const parts: string[] = [];
    if (checks > 0) {
      const paid =
        checksCharged === checks
          ? `${addresses(checks)} the service had already checked and charged`
          : `${addresses(checks)} (${n(checksCharged)} of them checked and charged by the service)`;
      parts.push(
        `the results of ${paid} could not be saved in ${this.folder}. Resuming checks ${checks === 1 ? 'it' : 'them'} again, and may charge ${checksCharged === 1 ? 'it' : 'them'} again.`,
      );
    }
    for (const [id, charged] of tasks) {
      parts.push(
        `the results of bulk task ${id} (${addresses(charged)}, charged by the service) could not be saved in ${this.folder}. The service keeps them for a while: Try again downloads them without charging again.`,
      );
    }
    const [first, ...rest] = parts;
    const kept =
      this.keptBefore.kept > 0
        ? ` The ${addresses(this.keptBefore.kept)} checked before are kept.`
        : '';
    return `${writeFailureSentence(this.failure)}: ${first ?? ''}${rest.map((p) => ` Also, ${p}`).join('')}${kept} ${capital(writeFailureRemedy(this.failure))}, then Try again.`;
  }
}

const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/**
 * job.json could not be saved after something was paid for. The answer itself
 * is safe (in the outcome log, or at the service under the task's key), so
 * carrying on later charges nothing twice.
 */
export function progressNotSavedError(err: unknown, folder: string): ChargedError {
  const failure = writeError(err);
  const error = new ChargedError(
    writeFailureCode(failure),
    `${writeFailureSentence(failure)}: the progress of this job (job.json) could not be saved in ${folder}. The results checked so far are kept, and bulk tasks wait at the service under their own keys, so nothing is charged twice: ${writeFailureRemedy(failure)}, then Try again.`,
    'unknown',
  );
  error.cause = err;
  return error;
}

/** A write before a request failed: the request was not sent, so it charged nothing. */
export function notSentError(err: unknown, folder: string, what: string): ChargedError {
  const failure = writeError(err);
  const error = new ChargedError(
    writeFailureCode(failure),
    `${writeFailureSentence(failure)}: ${what} could not be written in ${folder}, so it was not sent, and nothing was charged for it. ${capital(writeFailureRemedy(failure))}, then Try again.`,
    'no',
  );
  error.cause = err;
  return error;
}

/**
 * The result file held fewer results than the task reported checked, also
 * when downloaded a second time. What it held is kept.
 */
export function resultIncompleteError(
  taskId: string,
  reported: number,
  held: number,
): ChargedError {
  return new ChargedError(
    'result_incomplete',
    `The service reported ${n(reported)} results for bulk task ${taskId}, but its result file held only ${n(held)} of them, also when downloaded again. The ${n(held)} are kept. The service charged the task for the addresses it checked: Try again downloads the file again without charging again; if it stays short, ask your provider's support about task ${taskId}.`,
    'unknown',
  );
}

/**
 * A task sent before (its answer may have been lost) would now be sent with
 * other addresses under the same key: the service would answer with the task
 * it made for the first file, and its results would be matched to the wrong list.
 */
export function taskFileChangedError(k: number, folder: string): ChargedError {
  return new ChargedError(
    'task_file_changed',
    `Bulk task ${k + 1} of this job was sent before, but the addresses List Cleaner would send again now differ from the ones sent then (the job's files in ${folder} were changed). The service would answer with the task it made for the first file, so nothing was sent again. That task may have been charged: your balance shows for sure. To check this list, start it anew from its file.`,
    'unknown',
  );
}

/** The service ended a bulk task as failed and refunded it: its addresses go again under a new key. */
export class TaskFailedError extends AppError {
  constructor(taskId: string) {
    super(
      'service',
      `The service could not finish bulk task ${taskId}; everything reserved for it was refunded. List Cleaner sends those addresses again.`,
    );
  }
}
