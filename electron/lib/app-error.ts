// The error whose code and message reach the user as they are: the IPC route
// answers the window with them (toIpcError in ipc/registry.ts), where any other
// error becomes 'internal'.
import { english, say, type Message, type Translate } from '../common/i18n/message';
import type { ErrorCode } from '../common/result';

/**
 * An error a user can act on: its message says what happened and what to do.
 * Messages are written for marketers and must never include the API key.
 * Given as a catalog's message (`message('error.…', {…})`), it is said in the
 * reader's language (`sayError`); its `message` is the English.
 */
export class AppError extends Error {
  /** The catalog's message, when the error was made from one. */
  readonly said: Message | undefined;
  /**
   * The technical words behind the message ("connect ECONNREFUSED
   * 10.0.0.5:5432"), for whoever helps the user: shown only behind a
   * "Details" disclosure, redacted on the way out (ipc/registry.ts).
   */
  details: string | undefined;
  constructor(
    readonly code: ErrorCode,
    what: string | Message,
    readonly serviceCode?: number,
  ) {
    super(typeof what === 'string' ? what : say(english.t, what));
    this.name = 'AppError';
    this.said = typeof what === 'string' ? undefined : what;
  }
}

/** An error's words in the language of `t`: its catalog message, or its English as it is. */
export const sayError = (err: Error, t: Translate): string =>
  err instanceof AppError && err.said ? say(t, err.said) : err.message;
