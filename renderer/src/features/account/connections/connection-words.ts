// What Settings → Connections says about each platform, as pure functions:
// where a saved key goes and which key it is, and why a key was not saved.
// What each platform calls its key and its word for a list are said here by
// the platform's id, in the window's language; where to make a key comes from
// main already said in it (ConnectionView.keyHelp).
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { ConnectionView } from '../../../../../electron/common/views/platform-views';
import { ApiError, errorMessage } from '../../../api/call';

/** "Mailchimp API key": the field's label. */
export const keyLabel = (c: Pick<ConnectionView, 'name' | 'platform'>, t: Translate): string =>
  t('connections.keyLabel', { name: c.name, platform: c.platform });

/** "us21.api.mailchimp.com · API key ending in 1234", or that nothing is saved. */
export function connectionLine(
  c: Pick<ConnectionView, 'connected' | 'host' | 'keyEnding' | 'platform'>,
  t: Translate,
): string {
  if (!c.connected) return t('connections.notConnected');
  const key = c.keyEnding
    ? t('connections.keyEnding', { platform: c.platform, ending: c.keyEnding })
    : t('connections.key', { platform: c.platform });
  return c.host ? `${c.host} · ${key}` : key;
}

/**
 * Why a pasted key was not saved. A key the platform refused is said in the
 * app's words (main's carries the platform's status code); any other reason
 * is main's own sentence.
 */
export function connectProblem(
  err: unknown,
  c: Pick<ConnectionView, 'name' | 'platform'>,
  t: Translate,
): string {
  if (err instanceof ApiError && err.code === 'platform_key') {
    return t('connections.refused', { name: c.name, platform: c.platform });
  }
  return errorMessage(err);
}

/** The question before a connection is removed: what is forgotten, and what is not touched. */
export function removeQuestion(c: Pick<ConnectionView, 'name' | 'platform'>, t: Translate): string {
  return t('connections.removeBody', { name: c.name, platform: c.platform });
}
