// Unwraps the IPC result envelope for TanStack Query: a failed call becomes a
// thrown ApiError that keeps the code and the user-facing message.
import type { Translate } from '../../../electron/common/i18n/message';
import type { IpcError, IpcResult } from '../../../electron/common/result';
import { useWords } from '../i18n/words';

export class ApiError extends Error {
  readonly code: IpcError['code'];
  readonly serviceCode: number | undefined;
  /** The technical words, for the "Details" disclosure. */
  readonly details: string | undefined;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.serviceCode = error.serviceCode;
    this.details = error.details;
  }
}

export async function call<T>(pending: Promise<IpcResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new ApiError(result.error);
  return result.value;
}

/**
 * A failed call's words for the user: main's message, already in the window's
 * language, or for anything else the one sentence that says nothing was
 * charged. `t` is the caller's (useT()); without it, the window's language as
 * it is now.
 */
export function errorMessage(
  err: unknown,
  t: Translate = useWords.getState().translator.t,
): string {
  if (err instanceof ApiError) return err.message;
  return t('common.somethingWrong');
}
