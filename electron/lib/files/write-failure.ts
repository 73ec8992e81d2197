// A write that failed on this computer (a full disk, a read-only or removed
// drive, no permission), told apart from a failure of the network, and said
// in words a marketer understands. Whoever stores something the user paid for
// needs both: a full disk is not "check your internet connection".
import { message, type Message } from '../../common/i18n/message';
import { AppError } from '../app-error';

/** Codes of the file system that say the data could not be written where it was going. */
const WRITE_CODES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EROFS',
  'EACCES',
  'EPERM',
  'EFBIG',
  'ENOENT',
  'ENOTDIR',
  'EISDIR',
  'EBUSY',
  'EMFILE',
  'ENFILE',
  'EBADF',
  'EXDEV',
]);

/**
 * The error of a file-system call that failed, or null for anything else. A
 * socket's errors (ECONNRESET, EPIPE, …) and fetch's wrapped ones never match:
 * only an error that names a system call and a file-system code does.
 */
export function asWriteFailure(err: unknown): NodeJS.ErrnoException | null {
  if (!(err instanceof Error)) return null;
  const { code, syscall } = err as NodeJS.ErrnoException;
  if (typeof code !== 'string' || typeof syscall !== 'string') return null;
  return WRITE_CODES.has(code) ? (err as NodeJS.ErrnoException) : null;
}

export const isDiskFull = (err: NodeJS.ErrnoException): boolean =>
  err.code === 'ENOSPC' || err.code === 'EDQUOT';

/** The job failure's code for a write that failed. */
export const writeFailureCode = (err: NodeJS.ErrnoException): 'disk_full' | 'disk_write' =>
  isDiskFull(err) ? 'disk_full' : 'disk_write';

/** Each code's problem, as the catalog's select names it (error.write.problem). */
const PROBLEMS = new Map([
  ['ENOSPC', 'diskFull'],
  ['EDQUOT', 'quota'],
  ['EROFS', 'readOnly'],
  ['EACCES', 'denied'],
  ['EPERM', 'denied'],
  ['EIO', 'io'],
  ['ENOENT', 'gone'],
  ['ENOTDIR', 'gone'],
  ['EMFILE', 'tooManyFiles'],
  ['ENFILE', 'tooManyFiles'],
]);

/** Each code's remedy, as the catalog's select names it (error.write.remedy). */
const REMEDIES = new Map([
  ['ENOSPC', 'space'],
  ['EDQUOT', 'space'],
  ['EFBIG', 'space'],
  ['EACCES', 'permission'],
  ['EPERM', 'permission'],
  ['EMFILE', 'programs'],
  ['ENFILE', 'programs'],
]);

/** What went wrong, as the start of a sentence: "The disk is full". */
export const writeFailureProblem = (err: NodeJS.ErrnoException): Message =>
  message('error.write.problem', {
    problem: PROBLEMS.get(err.code ?? '') ?? 'other',
    code: err.code ?? err.message,
  });

/**
 * What the user can do about it: "free some space on that disk" within a
 * sentence, "Free some space on that disk" at its start (`start`).
 */
export function writeFailureRemedy(err: NodeJS.ErrnoException, start = false): Message {
  const values = { remedy: REMEDIES.get(err.code ?? '') ?? 'other' };
  return message(start ? 'error.write.remedyFirst' : 'error.write.remedy', values);
}

export type Charged = 'no' | 'unknown';

/**
 * An error whose message already says what happened, what was charged and
 * what to do: a job that stops on it keeps that message as it is.
 */
export class ChargedError extends AppError {
  constructor(
    code: AppError['code'],
    what: string | Message,
    readonly charged: Charged,
  ) {
    super(code, what);
    this.name = 'ChargedError';
  }
}

/**
 * A bulk task's result file could not be written: the task was charged for
 * what it checked, and its results wait at the service, so downloading them
 * again later costs nothing.
 */
export function resultNotSavedError(err: NodeJS.ErrnoException, folder: string): ChargedError {
  const error = new ChargedError(
    writeFailureCode(err),
    message('error.write.resultNotSaved', {
      problem: writeFailureProblem(err),
      folder,
      remedy: writeFailureRemedy(err),
    }),
    'unknown',
  );
  error.cause = err;
  return error;
}
