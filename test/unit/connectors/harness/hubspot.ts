// The HubSpot fake behind the connector tests' one handle: a verdict is the
// two contact properties; a write is a batch update that changed them. Every
// contact is in the one list; HubSpot has no contact that refuses an update
// and nothing to retire, so `locked` and `retired` mean nothing here.
import { VERDICT_FIELDS } from '../../../../electron/common/catalogs/platforms';
import { startHubSpotFake } from '../../../fakes/hubspot';
import type { StartHarness } from './types';

export const startHubSpotHarness: StartHarness = async ({ members, latencyMs }) => {
  const fake = await startHubSpotFake({
    latencyMs: latencyMs ?? 0,
    // The 50,000-member runs would take minutes at 190 requests per 10 s;
    // the storm test sets its own small limit.
    limits: { tenSecondly: 1_000_000, daily: 10_000_000 },
    contacts: members.map((m) => ({
      email: m.email,
      firstName: m.firstName ?? '',
      lastName: m.lastName ?? '',
      ...(m.unsubscribed ? { properties: { hs_email_optout: 'true' } } : {}),
    })),
    lists: [{ name: 'Newsletter' }],
  });
  const byEmail = new Map(fake.contacts.map((c) => [c.properties.email?.toLowerCase() ?? '', c]));
  const contact = (email: string) => byEmail.get(email.toLowerCase());
  return {
    platform: 'hubspot',
    url: fake.url,
    key: fake.token,
    listId: [...fake.lists.keys()][0] ?? '',
    verdictOf(email) {
      const p = contact(email)?.properties;
      const status = p?.[VERDICT_FIELDS.property] ?? '';
      return status === ''
        ? null
        : { status, checkedAt: p?.[VERDICT_FIELDS.checkedProperty] ?? null };
    },
    writesOf: (email) => contact(email)?.writes ?? 0,
    retired: () => false,
    memberCount: () => fake.contacts.length,
    faults: fake.faults,
    requests: fake.requests,
    stop: () => fake.stop(),
  };
};
