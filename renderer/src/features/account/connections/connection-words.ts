// What Settings → Connections says about each platform, as pure functions:
// where a saved key goes and which key it is, and why a key was not saved.
import type { ConnectionView } from '../../../../../electron/common/platform-views';
import { ApiError, errorMessage } from '../../../api/call';

/** "us21.api.mailchimp.com · API key ending in 1234", or that nothing is saved. */
export function connectionLine(
  c: Pick<ConnectionView, 'connected' | 'host' | 'keyEnding' | 'keyName'>,
): string {
  if (!c.connected) return 'Not connected';
  const key = c.keyEnding
    ? `${capitalize(c.keyName)} ending in ${c.keyEnding}`
    : capitalize(c.keyName);
  return c.host ? `${c.host} · ${key}` : key;
}

/**
 * Why a pasted key was not saved. A key the platform refused is said in the
 * app's words (main's carries the platform's status code); any other reason
 * is main's own sentence.
 */
export function connectProblem(err: unknown, c: Pick<ConnectionView, 'name' | 'keyName'>): string {
  if (err instanceof ApiError && err.code === 'platform_key') {
    return `${c.name} refused this ${c.keyName}: it may be mistyped, no longer active, or missing a permission List Cleaner needs (see below). Nothing was saved. Copy the key again from ${c.name}, or make a new one, and paste it here.`;
  }
  return errorMessage(err);
}

/** The question before a connection is removed: what is forgotten, and what is not touched. */
export function removeQuestion(c: Pick<ConnectionView, 'name' | 'keyName'>): string {
  return `Remove the ${c.name} connection? List Cleaner forgets the ${c.keyName}. Nothing changes in ${c.name}, and your jobs and their results stay.`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
