// What the import screen says about a platform's lists, as pure functions:
// a list's size, and which members a read takes.
import type {
  ConnectionView,
  PlatformListView,
} from '../../../../../electron/common/platform-views';
import type { MemberChoice } from '../../../../../electron/common/platforms';
import { plural } from '../../../format';

/** "1,204 members"; a platform that does not count says nothing false. */
export function listSizeWords(list: Pick<PlatformListView, 'size'>): string {
  return list.size === null ? 'Size not given' : plural(list.size, 'member', 'members');
}

/** The platform's word for a list as a heading: "Audience", "List". */
export const listHeading = (c: Pick<ConnectionView, 'listWord'>): string =>
  c.listWord.charAt(0).toUpperCase() + c.listWord.slice(1);

/** Which members a read takes, with what that means on this platform. */
export function memberChoices(
  platformName: string,
): { value: MemberChoice; label: string; hint: string }[] {
  return [
    {
      value: 'subscribed',
      label: 'Subscribed members only',
      hint: `The members ${platformName} may email: the ones worth checking.`,
    },
    {
      value: 'all',
      label: 'All members',
      hint: 'Unsubscribed members too: more addresses to check, and to pay for.',
    },
  ];
}
