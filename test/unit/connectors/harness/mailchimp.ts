// The Mailchimp fake behind the connector tests' one handle: a verdict is the
// active `list-cleaner: <status>` tag; a write is a tags request that changed
// the member's tags; `locked` members are `cleaned`.
import { VERDICT_FIELDS } from '../../../../electron/common/catalogs/platforms';
import { startMailchimpFake } from '../../../fakes/mailchimp';
import type { StartHarness } from './types';

export const startMailchimpHarness: StartHarness = async ({ members, latencyMs }) => {
  const listId = 'aud0000001';
  const fake = await startMailchimpFake({
    latencyMs: latencyMs ?? 0,
    batchStepMs: 5,
    lists: [
      {
        id: listId,
        name: 'Newsletter',
        members: members.map((m) => ({
          email: m.email,
          firstName: m.firstName ?? '',
          lastName: m.lastName ?? '',
          status: m.locked ? 'cleaned' : m.unsubscribed ? 'unsubscribed' : 'subscribed',
        })),
      },
    ],
  });
  const seeded = new Map(members.map((m) => [m.email.toLowerCase(), m]));
  const ours = (email: string) =>
    [...(fake.member(listId, email)?.tags.values() ?? [])]
      .map((t) => t.name)
      .filter((n) => n.startsWith(VERDICT_FIELDS.tagPrefix));
  return {
    platform: 'mailchimp',
    url: fake.url,
    key: fake.key,
    listId,
    verdictOf(email) {
      const tags = ours(email);
      // Two List Cleaner tags at once would be a write-back's fault: shown as it is.
      if (tags.length === 0) return null;
      return {
        status: tags.map((t) => t.slice(VERDICT_FIELDS.tagPrefix.length)).join('|'),
        checkedAt: null,
      };
    },
    writesOf: (email) => fake.member(listId, email)?.tagWrites ?? 0,
    retired(email) {
      const m = fake.member(listId, email);
      const seed = seeded.get(email.toLowerCase());
      return (
        m !== undefined &&
        (m.status === 'archived' || (m.status === 'unsubscribed' && !seed?.unsubscribed))
      );
    },
    memberCount: () => fake.lists.get(listId)?.members.length ?? 0,
    faults: fake.faults,
    requests: fake.requests,
    stop: () => fake.stop(),
  };
};
