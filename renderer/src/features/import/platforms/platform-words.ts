// What the import screen says about a platform's lists, as pure functions:
// a list's size, and which members a read takes; each in the language of the
// caller's `t`. A platform's own word for a list (Mailchimp's "audience") is
// chosen by a select in the message.
import type {
  ConnectionView,
  PlatformListView,
} from '../../../../../electron/common/views/platform-views';
import type { MemberChoice } from '../../../../../electron/common/catalogs/platforms';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { formatNumber } from '../../../format';

/** "1,204 members"; a platform that does not count says nothing false. */
export function listSizeWords(list: Pick<PlatformListView, 'size'>, t: Translate): string {
  return list.size === null
    ? t('platformImport.size.unknown')
    : t('platformImport.size.members', { n: list.size, count: formatNumber(list.size) });
}

/** The platform's word for a list as a heading: "Audience", "List". */
export const listHeading = (c: Pick<ConnectionView, 'listWord'>, t: Translate): string =>
  t('platformImport.listHeading', { word: c.listWord });

/** Which members a read takes, with what that means on this platform. */
export function memberChoices(
  platformName: string,
  t: Translate,
): { value: MemberChoice; label: string; hint: string }[] {
  return [
    {
      value: 'subscribed',
      label: t('platformImport.members.subscribed'),
      hint: t('platformImport.members.subscribedHint', { platform: platformName }),
    },
    {
      value: 'all',
      label: t('platformImport.members.all'),
      hint: t('platformImport.members.allHint'),
    },
  ];
}
