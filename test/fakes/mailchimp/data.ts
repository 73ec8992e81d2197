// The audience data the Mailchimp fake holds, in the Marketing API's own
// words: lists (audiences) and their members, each member keyed by its
// subscriber hash, "The MD5 hash of the lowercase version of the list
// member's email address" (the member's `id`, in the Python SDK's ListMembers
// model, mailchimp/mailchimp-marketing-python-sdk src/mailchimp_marketing/types/list_members.py).
import { createHash, randomBytes } from 'node:crypto';

/** A member's status and the members filter's values (the Python SDK's ListMembersListsRequestStatus). */
export const MEMBER_STATUSES = [
  'subscribed',
  'unsubscribed',
  'cleaned',
  'pending',
  'transactional',
  'archived',
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export interface MemberSeed {
  email: string;
  status?: MemberStatus;
  firstName?: string;
  lastName?: string;
  tags?: string[];
}

export interface ListSeed {
  id?: string;
  name: string;
  members: MemberSeed[];
}

export interface Tag {
  id: number;
  name: string;
}

export interface Member {
  id: string;
  email_address: string;
  unique_email_id: string;
  contact_id: string;
  status: MemberStatus;
  merge_fields: Record<string, string>;
  tags: Map<string, Tag>;
  last_changed: string;
  timestamp_signup: string;
  list_id: string;
  /** Tag requests that changed this member's tags (tests count writes with it; not an API field). */
  tagWrites: number;
}

export interface List {
  id: string;
  web_id: number;
  name: string;
  date_created: string;
  members: Member[];
  byHash: Map<string, Member>;
}

export const subscriberHash = (email: string): string =>
  createHash('md5').update(email.toLowerCase()).digest('hex');

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export function makeMember(
  listId: string,
  seed: MemberSeed,
  tagId: (name: string) => number,
): Member {
  const now = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
  const member: Member = {
    id: subscriberHash(seed.email),
    email_address: seed.email,
    unique_email_id: hex(5),
    contact_id: hex(16),
    status: seed.status ?? 'subscribed',
    merge_fields: { FNAME: seed.firstName ?? '', LNAME: seed.lastName ?? '' },
    tags: new Map(),
    last_changed: now,
    timestamp_signup: '',
    list_id: listId,
    tagWrites: 0,
  };
  for (const name of seed.tags ?? []) member.tags.set(name, { id: tagId(name), name });
  return member;
}

/** The most tags a member shows: "Returns up to 50 tags applied to this member" (ListMembers.tags). */
const TAGS_SHOWN = 50;

/**
 * The member as GET .../members/{hash} shows it: a subset of the fields of the
 * Python SDK's ListMembers model, those the issue needs and a client meets.
 */
export function memberView(m: Member): Record<string, unknown> {
  return {
    id: m.id,
    email_address: m.email_address,
    unique_email_id: m.unique_email_id,
    contact_id: m.contact_id,
    email_type: 'html',
    status: m.status,
    merge_fields: { ...m.merge_fields },
    last_changed: m.last_changed,
    timestamp_signup: m.timestamp_signup,
    tags_count: m.tags.size,
    tags: [...m.tags.values()].slice(0, TAGS_SHOWN).map((t) => ({ id: t.id, name: t.name })),
    list_id: m.list_id,
  };
}

/** A list as GET /lists shows it; the `stats` names and what each counts are assumptions. */
export function listView(list: List): Record<string, unknown> {
  const count = (s: MemberStatus) => list.members.reduce((n, m) => n + (m.status === s ? 1 : 0), 0);
  return {
    id: list.id,
    web_id: list.web_id,
    name: list.name,
    date_created: list.date_created,
    stats: {
      member_count: count('subscribed'),
      unsubscribe_count: count('unsubscribed'),
      cleaned_count: count('cleaned'),
      total_contacts: list.members.filter((m) => m.status !== 'archived').length,
    },
  };
}

/** Demo data for `npm run fake -- mailchimp`: a mix of every status a cleaner meets. */
export function demoMembers(n: number): MemberSeed[] {
  const statuses: MemberStatus[] = [
    'subscribed',
    'subscribed',
    'subscribed',
    'unsubscribed',
    'cleaned',
    'pending',
  ];
  return Array.from({ length: n }, (_, i) => ({
    email: `person${i}@example.com`,
    status: statuses[i % statuses.length],
    firstName: `First${i}`,
    lastName: `Last${i}`,
  }));
}
