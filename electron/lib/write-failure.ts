// A write that failed on this computer (a full disk, a read-only or removed
// drive, no permission), told apart from a failure of the network, and said
// in words a marketer understands. Whoever stores something the user paid for
// needs both: a full disk is not "check your internet connection".
import { AppError } from './app-error';

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

/** What went wrong, as the start of a sentence: "the disk is full". */
export function writeFailureWords(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOSPC':
      return 'the disk is full';
    case 'EDQUOT':
      return 'your disk quota is used up';
    case 'EROFS':
      return 'the disk has become read-only';
    case 'EACCES':
    case 'EPERM':
      return 'List Cleaner is not allowed to write there';
    case 'EIO':
      return 'the disk reported an input/output error';
    case 'ENOENT':
    case 'ENOTDIR':
      return 'the folder it writes to is gone';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many files are open on this computer';
    default:
      return `the disk refused the write (${err.code ?? err.message})`;
  }
}

/** What the user can do about it, as the start of a sentence: "free some space on that disk". */
export function writeFailureRemedy(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return 'free some space on that disk';
    case 'EACCES':
    case 'EPERM':
      return 'make sure List Cleaner may write to that folder';
    case 'EMFILE':
    case 'ENFILE':
      return 'close some programs';
    default:
      return 'check that disk';
  }
}

/** "The disk is full", at the start of a message. */
export const writeFailureSentence = (err: NodeJS.ErrnoException): string => {
  const words = writeFailureWords(err);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

export type Charged = 'no' | 'unknown';

/**
 * An error whose message already says what happened, what was charged and
 * what to do: a job that stops on it keeps that message as it is.
 */
export class ChargedError extends AppError {
  constructor(
    code: AppError['code'],
    message: string,
    readonly charged: Charged,
  ) {
    super(code, message);
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
    `${writeFailureSentence(err)}: the result file of a bulk task could not be saved in ${folder}. The service charged the task for the addresses it checked and keeps their results for a while: ${writeFailureRemedy(err)}, then Try again downloads them without charging again.`,
    'unknown',
  );
  error.cause = err;
  return error;
}
