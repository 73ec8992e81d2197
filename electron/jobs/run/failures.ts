// The ways a job stops that only List Cleaner can explain: answers paid for
// that could not be written, a job folder deleted under a running job, a
// result file shorter than its task, a task file that changed before a
// resend, a bulk task the service could not finish. Each message says what happened, what was charged, and what to do.
import { english, message, say, type Message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { commaList } from '../../lib/items';
import {
  ChargedError,
  asWriteFailure,
  writeFailureCode,
  writeFailureProblem,
  writeFailureRemedy,
} from '../../lib/files/write-failure';

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
    const said = this.folderGone ? this.goneMessage() : this.writeMessage();
    // The message grows with each answer not kept: said and English alike.
    (this as { said: Message | undefined }).said = said;
    this.message = say(english.t, said);
    return this;
  }

  private goneMessage(): Message {
    const { checksCharged, tasks } = this.unkept;
    const inTasks = [...tasks.values()].reduce((a, b) => a + b, 0);
    const charged = this.keptBefore.charged + checksCharged + inTasks;
    const out = this.tasksOut.filter((t) => !tasks.has(t.id));
    const atService =
      out.length === 0
        ? ''
        : message('error.job.folderGoneTasks', {
            count: out.length,
            tasks: commaList(
              out.map((t) => message('error.job.taskOf', { id: t.id, addresses: t.addresses })),
            ),
          });
    return message('error.job.folderGone', { folder: this.folder, charged, atService });
  }

  private writeMessage(): Message {
    const { checks, checksCharged, tasks } = this.unkept;
    const parts: Message[] = [];
    if (checks > 0) {
      const values = { count: checks, charged: checksCharged, folder: this.folder };
      parts.push(
        checksCharged === checks
          ? message('error.job.checksNotSaved', values)
          : message('error.job.checksNotSavedSome', values),
      );
    }
    for (const [id, charged] of tasks) {
      parts.push(message('error.job.taskNotSaved', { id, count: charged, folder: this.folder }));
    }
    const [first, ...rest] = parts;
    const all = rest.reduce<Message | string>(
      (before, part) => message('error.job.alsoNotSaved', { before, part }),
      first ?? '',
    );
    const values = {
      problem: writeFailureProblem(this.failure),
      parts: all,
      remedy: writeFailureRemedy(this.failure, true),
    };
    return this.keptBefore.kept > 0
      ? message('error.job.notSavedKeptBefore', { ...values, kept: this.keptBefore.kept })
      : message('error.job.notSaved', values);
  }
}

/**
 * job.json could not be saved after something was paid for. The answer itself
 * is safe (in the outcome log, or at the service under the task's key), so
 * carrying on later charges nothing twice.
 */
export function progressNotSavedError(err: unknown, folder: string): ChargedError {
  const failure = writeError(err);
  const error = new ChargedError(
    writeFailureCode(failure),
    message('error.job.progressNotSaved', {
      problem: writeFailureProblem(failure),
      folder,
      remedy: writeFailureRemedy(failure),
    }),
    'unknown',
  );
  error.cause = err;
  return error;
}

/** A write before a request failed: the request was not sent, so it charged nothing. */
export function notSentError(err: unknown, folder: string, what: Message): ChargedError {
  const failure = writeError(err);
  const error = new ChargedError(
    writeFailureCode(failure),
    message('error.job.notSent', {
      problem: writeFailureProblem(failure),
      what,
      folder,
      remedy: writeFailureRemedy(failure, true),
    }),
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
    message('error.job.resultIncomplete', { reported, taskId, held }),
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
    message('error.job.taskFileChanged', { task: k + 1, folder }),
    'unknown',
  );
}

/** The service ended a bulk task as failed and refunded it: its addresses go again under a new key. */
export class TaskFailedError extends AppError {
  constructor(taskId: string) {
    super('service', message('error.job.taskRefunded', { taskId }));
  }
}
