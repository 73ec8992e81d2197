// The vocabulary every part of List Cleaner says a result and an error in:
// the codes of what can go wrong, an error as it crosses to the window, and
// the envelope every call answers with, with its two constructors. On the
// ground floor, with no dependencies: the core's errors (lib/app-error.ts,
// service/errors.ts) are made of these codes, and the preload, whose bundle
// stays free of zod, and the shells build their answers with ok() and fail().
// Every call answers with an envelope, so a typed error survives the trip
// across the process boundary (a thrown Error would arrive as a bare string).
// ok() and fail() below build it.
export type ErrorCode =
  | 'invalid_input'
  | 'forbidden'
  | 'unknown_channel'
  | 'no_account'
  | 'auth_failed'
  | 'insufficient_balance'
  | 'network'
  | 'timeout'
  | 'bad_response'
  | 'link_expired'
  | 'redirect_refused'
  | 'link_refused'
  | 'result_too_large'
  | 'poll_failed'
  | 'disk_full'
  | 'disk_write'
  | 'result_incomplete'
  | 'job_folder_gone'
  | 'task_file_changed'
  | 'service'
  | 'bad_file'
  | 'file_in_use'
  | 'keychain'
  | 'key_unconfirmed'
  | 'running_elsewhere'
  | 'job_running'
  | 'over_limit'
  | 'declined'
  | 'platform'
  | 'platform_key'
  | 'internal';

export interface IpcError {
  code: ErrorCode;
  /** A sentence the user can act on; never contains the API key. */
  message: string;
  /** The service's own error code, when the service produced the error. */
  serviceCode?: number;
  /** The technical words behind the message, shown only behind a "Details" disclosure; redacted. */
  details?: string;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });

export const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });
