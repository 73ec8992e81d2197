// Progress of a long read or write, told at most every 100 ms (a million rows
// would otherwise send a million events to the window), and always at the end.
import { message, type Message } from '../../common/i18n/message';

/** `report(false)` while working, `report(true)` once at the end. */
export function throttledProgress<T>(
  onProgress: ((progress: T) => void) | undefined,
  current: () => T,
): (force: boolean) => void {
  let last = 0;
  return (force) => {
    const now = Date.now();
    if (!onProgress || (!force && now - last < 100)) return;
    last = now;
    onProgress(current());
  };
}

/** The message of an export (a list or a workbook) that could not be written, keeping what the user has. */
export function exportFailed(what: 'list' | 'workbook', err: unknown): Message {
  const reason = err instanceof Error ? err.message : String(err);
  return message('error.export.failed', { what, reason });
}
