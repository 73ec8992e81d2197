// A platform list's name as the reader sees it. Lists are named by their
// owners and shown as they are, but HubSpot's "All contacts" is the app's own
// choice (every contact, not a list: connectors/platforms/hubspot.ts), so its
// name is ours to say in the reader's language, wherever a list's name shows.
import { english, type Translate } from '../i18n/message';
import type { PlatformId } from '../catalogs/platforms';

/** The name the HubSpot connector gives its every-contact choice, in English as it is kept. */
export const HUBSPOT_ALL_CONTACTS_NAME = english.t('leftover.hubspot.allContacts');

/** `name`, a list of `platform`'s, in the language of `t`: the user's own names as they are. */
export const platformListName = (t: Translate, platform: PlatformId, name: string): string =>
  platform === 'hubspot' && name === HUBSPOT_ALL_CONTACTS_NAME
    ? t('leftover.hubspot.allContacts')
    : name;
