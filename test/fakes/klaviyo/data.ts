// The account data the Klaviyo fake holds, in the API's own words: profiles
// (JSON:API resources of type "profile" with email, first_name, last_name,
// custom `properties`, and the email marketing subscription) and lists with
// their members in the order they joined. Shapes from the OpenAPI document of
// revision 2026-07-15, github.com/klaviyo/openapi openapi/stable.json
// (ListMemberResponseObjectResource, Subscriptions, EmailMarketing,
// EmailMarketingListSuppression, ListListResponseObjectResource).

/** EmailMarketing.consent's words (the schema gives SUBSCRIBED as its example; the rest are assumed). */
export const CONSENTS = ['SUBSCRIBED', 'UNSUBSCRIBED', 'NEVER_SUBSCRIBED'] as const;
export type Consent = (typeof CONSENTS)[number];

export interface ListSuppression {
  list_id: string;
  reason: string;
  timestamp: string;
}

export interface Profile {
  /** 26 characters, as Klaviyo's ids ("01GDDKASAP8TKDDA2GRZDSVP4H"). */
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  properties: Record<string, unknown>;
  consent: Consent;
  consentTimestamp: string | null;
  listSuppressions: ListSuppression[];
  created: string;
  updated: string;
  /** Unsubscribed by a bulk unsubscribe call (not as seeded), for tests. */
  unsubscribedByCall: boolean;
  /** Custom properties each bulk import operation set on it, in order, for tests. */
  propertyWrites: string[][];
}

export interface KlList {
  /** Six characters, as Klaviyo's list ids ("Y6nRLr"). */
  id: string;
  name: string;
  created: string;
  updated: string;
  optInProcess: 'single_opt_in' | 'double_opt_in';
  /** Member profile ids in joined order, each with its join sequence number (the cursor's anchor). */
  members: { id: string; seq: number; joined: string }[];
  nextSeq: number;
}

export interface ProfileSeed {
  email: string;
  firstName?: string;
  lastName?: string;
  consent?: Consent;
  properties?: Record<string, unknown>;
}

export interface ListSeed {
  id?: string;
  name: string;
  /** Indexes into the profiles given, or all when absent. */
  members?: number[];
}

/** Klaviyo's timestamps: ISO 8601 with an explicit +00:00 offset. */
export const stamp = (ms = Date.now()) => new Date(ms).toISOString().replace(/\.\d+Z$/, '+00:00');

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID-shaped id: deterministic per counter, so failures are repeatable. */
export function profileId(n: number): string {
  let tail = '';
  let x = n;
  for (let i = 0; i < 16; i++) {
    tail = (ALPHABET[x % 32] ?? '0') + tail;
    x = Math.floor(x / 32);
  }
  return `01JK0000FA${tail}`;
}

const LIST_CHARS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function listId(n: number): string {
  let id = '';
  let x = n + 7919;
  for (let i = 0; i < 6; i++) {
    id += LIST_CHARS[x % LIST_CHARS.length] ?? 'a';
    x = Math.floor(x / LIST_CHARS.length) + 13 * (i + 1);
  }
  return id;
}

export function demoProfiles(n: number): ProfileSeed[] {
  return Array.from({ length: n }, (_, i) => ({
    email: `profile${i}@example.com`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    // Every tenth never subscribed, as a real list holds some who never opted in.
    consent: i % 10 === 9 ? 'NEVER_SUBSCRIBED' : 'SUBSCRIBED',
  }));
}

export interface Store {
  profiles: Profile[];
  byId: Map<string, Profile>;
  byEmail: Map<string, Profile>;
  lists: Map<string, KlList>;
  baseUrl: () => string;
}

export function addProfile(store: Store, seed: ProfileSeed): Profile {
  const now = stamp();
  const consent = seed.consent ?? 'SUBSCRIBED';
  const profile: Profile = {
    id: profileId(store.profiles.length + 1),
    email: seed.email,
    first_name: seed.firstName ?? null,
    last_name: seed.lastName ?? null,
    properties: { ...seed.properties },
    consent,
    consentTimestamp: consent === 'NEVER_SUBSCRIBED' ? null : now,
    listSuppressions: [],
    created: now,
    updated: now,
    unsubscribedByCall: false,
    propertyWrites: [],
  };
  store.profiles.push(profile);
  store.byId.set(profile.id, profile);
  store.byEmail.set(profile.email.toLowerCase(), profile);
  return profile;
}

export function joinList(list: KlList, profileId: string): void {
  if (list.members.some((m) => m.id === profileId)) return;
  list.members.push({ id: profileId, seq: list.nextSeq, joined: stamp() });
  list.nextSeq += 1;
  list.updated = stamp();
}

export function seedStore(store: Store, profiles: ProfileSeed[], lists: ListSeed[]): void {
  const made = profiles.map((p) => addProfile(store, p));
  for (const [i, seed] of lists.entries()) {
    const now = stamp();
    const list: KlList = {
      id: seed.id ?? listId(i),
      name: seed.name,
      created: now,
      updated: now,
      optInProcess: 'single_opt_in',
      members: [],
      nextSeq: 1,
    };
    for (const j of seed.members ?? made.map((_, k) => k)) {
      const p = made[j];
      if (p !== undefined) joinList(list, p.id);
    }
    store.lists.set(list.id, list);
  }
}
