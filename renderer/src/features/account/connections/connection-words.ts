// What Settings → Connections says about each platform, as pure functions:
// where a saved key goes and which key it is, and why a key was not saved.
// What each platform calls its key, where to make one and its word for a list
// are said here by the platform's id, in the window's language (main's
// ConnectionView carries them in English, for the command line).
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import type { ConnectionView } from '../../../../../electron/common/platform-views';
import { VERDICT_FIELDS, type PlatformId } from '../../../../../electron/common/platforms';
import { ApiError, errorMessage } from '../../../api/call';

const KEY_HELP = {
  mailchimp: 'connections.help.mailchimp',
  hubspot: 'connections.help.hubspot',
  klaviyo: 'connections.help.klaviyo',
  brevo: 'connections.help.brevo',
} as const satisfies Record<PlatformId, MessageId>;

/** Where to make a key on the platform, and the permissions it needs. */
export const keyHelp = (platform: PlatformId, t: Translate): string =>
  t(KEY_HELP[platform], {
    status: VERDICT_FIELDS.attribute,
    checked: VERDICT_FIELDS.checkedAttribute,
  });

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
