// The Klaviyo fake behind the uniform harness: members become profiles in
// one list, an unsubscribed member's email marketing consent UNSUBSCRIBED.
// Klaviyo has no profile that refuses an update, so `locked` is ignored.
// Members that exist are the account's profiles: an unsubscribe takes a
// profile out of the list but never deletes it.
import { VERDICT_FIELDS } from '../../../../electron/common/catalogs/platforms';
import { startKlaviyoFake } from '../../../fakes/klaviyo';
import type { StartHarness } from './types';

const VERDICT_KEYS: readonly string[] = [VERDICT_FIELDS.property, VERDICT_FIELDS.checkedProperty];

export const startKlaviyoHarness: StartHarness = async (options) => {
  const fake = await startKlaviyoFake({
    profiles: options.members.map((m) => ({
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      consent: m.unsubscribed ? 'UNSUBSCRIBED' : 'SUBSCRIBED',
    })),
    lists: [{ name: 'Harness list' }],
    latencyMs: options.latencyMs,
    // A storm of 429s told to wait no time at all (the client still pauses briefly).
    refuseRetryAfter: 0,
    stepMs: 5,
    // At 75 pages a second a 50,000-member read alone would take 7 s; the
    // limits themselves are the fake's own tests' business.
    limits: {
      listProfiles: { burst: 100_000, steady: 1_000_000 },
      profiles: { burst: 100_000, steady: 1_000_000 },
      listCount: { burst: 100, steady: 1_000 },
    },
  });
  const listId = [...fake.lists.keys()][0] ?? '';
  return {
    platform: 'klaviyo',
    url: fake.url,
    key: fake.key,
    listId,
    verdictOf(email) {
      const props = fake.byEmail(email)?.properties ?? {};
      const status = props[VERDICT_FIELDS.property];
      if (typeof status !== 'string') return null;
      const checkedAt = props[VERDICT_FIELDS.checkedProperty];
      return { status, checkedAt: typeof checkedAt === 'string' ? checkedAt : null };
    },
    writesOf(email) {
      const writes = fake.byEmail(email)?.propertyWrites ?? [];
      return writes.filter((keys) => keys.some((k) => VERDICT_KEYS.includes(k))).length;
    },
    retired: (email) => fake.byEmail(email)?.unsubscribedByCall ?? false,
    memberCount: () => fake.profiles.length,
    faults: fake.faults,
    get requests() {
      return fake.requests.map((r) => ({ method: r.method, path: r.path, status: r.status }));
    },
    stop: () => fake.stop(),
  };
};
