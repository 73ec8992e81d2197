// The envelope every IPC call returns, so a typed error survives the trip
// across the process boundary (a thrown Error would arrive as a bare string).

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
  | 'internal';

export interface IpcError {
  code: ErrorCode;
  /** A sentence the user can act on; never contains the API key. */
  message: string;
  /** The service's own error code, when the service produced the error. */
  serviceCode?: number;
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export const ok = <T>(value: T): IpcResult<T> => ({ ok: true, value });

export const fail = (error: IpcError): IpcResult<never> => ({ ok: false, error });
