// The error whose code and message reach the user as they are: the IPC route
// answers the window with them (toIpcError in ipc/registry.ts), where any other
// error becomes 'internal'.
import type { ErrorCode } from '../ipc/result';

/**
 * An error a user can act on: its message says what happened and what to do.
 * Messages are written for marketers and must never include the API key.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly serviceCode?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
