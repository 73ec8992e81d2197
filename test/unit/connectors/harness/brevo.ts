// The Brevo fake behind the uniform harness: members seeded into one list,
// the verdict read from the two contact attributes, a retirement being a
// write that blocklisted the contact or unlinked it from the list. Brevo has
// no contact it refuses to update, so `locked` is ignored. The rate limits
// are raised so a 50,000-member run is not paced at 10 requests a second;
// a 429 storm comes from faults.refuse, answered with a reset of 0 seconds.
import { VERDICT_FIELDS } from '../../../../electron/common/catalogs/platforms';
import { startBrevoFake } from '../../../fakes/brevo';
import type { StartHarness } from './types';

export const startBrevoHarness: StartHarness = async ({ members, latencyMs }) => {
  const fake = await startBrevoFake({
    contacts: members.map((m) => ({
      email: m.email,
      ...(m.firstName === undefined ? {} : { firstName: m.firstName }),
      ...(m.lastName === undefined ? {} : { lastName: m.lastName }),
      emailBlacklisted: m.unsubscribed ?? false,
    })),
    lists: [{ name: 'Harness' }],
    limits: { contactsPerSecond: 1_000_000, otherPerHour: 1_000_000 },
    refusalResetSeconds: 0,
    latencyMs: latencyMs ?? 0,
  });
  const listId = [...fake.lists.keys()][0] ?? 2;
  const verdictNames = new Set<string>([VERDICT_FIELDS.attribute, VERDICT_FIELDS.checkedAttribute]);
  const idOf = (email: string) => fake.contactByEmail(email)?.id;
  // The fake's log of updates, indexed by contact as it grows (a 50,000-member
  // check would otherwise scan it once a member).
  const byContact = new Map<number, (typeof fake.updates)[number][]>();
  let indexed = 0;
  const updatesOf = (email: string) => {
    for (; indexed < fake.updates.length; indexed += 1) {
      const u = fake.updates[indexed];
      if (u === undefined) continue;
      const list = byContact.get(u.contactId) ?? [];
      list.push(u);
      byContact.set(u.contactId, list);
    }
    const id = idOf(email);
    return id === undefined ? [] : (byContact.get(id) ?? []);
  };

  return {
    platform: 'brevo',
    url: fake.url,
    key: fake.key,
    listId: String(listId),
    verdictOf(email) {
      const attributes = fake.contactByEmail(email)?.attributes;
      const status = attributes?.[VERDICT_FIELDS.attribute];
      if (typeof status !== 'string') return null;
      const checked = attributes?.[VERDICT_FIELDS.checkedAttribute];
      return { status, checkedAt: typeof checked === 'string' ? checked : null };
    },
    writesOf: (email) =>
      updatesOf(email).filter((u) => u.attributes.some((a) => verdictNames.has(a))).length,
    retired: (email) =>
      updatesOf(email).some(
        (u) => u.emailBlacklisted === true || (u.unlinkListIds ?? []).includes(listId),
      ),
    memberCount: () => fake.contacts.length,
    faults: fake.faults,
    requests: fake.requests,
    stop: () => fake.stop(),
  };
};
