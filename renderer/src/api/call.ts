// Unwraps the IPC result envelope for TanStack Query: a failed call becomes a
// thrown ApiError that keeps the code and the user-facing message.
import type { IpcError, IpcResult } from '../../../electron/ipc/result';

export class ApiError extends Error {
  readonly code: IpcError['code'];
  readonly serviceCode: number | undefined;
  constructor(error: IpcError) {
    super(error.message);
    this.name = 'ApiError';
    this.code = error.code;
    this.serviceCode = error.serviceCode;
  }
}

export async function call<T>(pending: Promise<IpcResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new ApiError(result.error);
  return result.value;
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Something went wrong inside List Cleaner. Nothing was charged; please try again.';
}
