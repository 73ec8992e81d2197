// Lists and members: reading an audience page by page and the writes the
// issue needs (tags, unsubscribe, archive). What each rule rests on is named
// where it is made; the sources are listed in test/fakes/mailchimp.ts.
import { z } from 'zod';
import { intParam, parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import {
  MEMBER_STATUSES,
  listView,
  memberView,
  subscriberHash,
  type List,
  type Member,
} from './data';
import { invalidResource, notFound } from './errors';
import { partial } from './fields';

export interface MailchimpState {
  lists: Map<string, List>;
  tagIds: Map<string, number>;
  /** Whether a cleaned member's tags may change (see the report: not confirmed by the references). */
  cleanedAcceptsTags: boolean;
}

/**
 * "The number of records to return. Default value is 10. Maximum value is 1000"
 * (mailchimp-marketing-node src/api/ListsApi.js, getListMembersInfo).
 */
const MAX_COUNT = 1000;
const DEFAULT_COUNT = 10;

export const tagIdOf = (state: MailchimpState) => (name: string) => {
  let id = state.tagIds.get(name);
  if (id === undefined) {
    id = state.tagIds.size + 1;
    state.tagIds.set(name, id);
  }
  return id;
};

function paging(query: URLSearchParams): { count: number; offset: number } | FakeReply {
  const count = intParam(query, 'count', DEFAULT_COUNT);
  const offset = intParam(query, 'offset', 0);
  if (Number.isNaN(count) || Number.isNaN(offset)) {
    return invalidResource('count and offset must be whole numbers.');
  }
  // A larger count is answered with 1000 records, not refused: a user of
  // thorning/node-mailchimp (issue 61) asked for 3000 and got 1000, and a
  // Mailchimp maintainer (mailchimp/mailchimp-client-lib-codegen issue 129)
  // answered "You can retrieve 1000 records at a time". A client that trusts
  // its own count instead of total_items stops early, as it would for real.
  return { count: Math.min(count, MAX_COUNT), offset };
}

export function getLists(state: MailchimpState, query: URLSearchParams): FakeReply {
  const page = paging(query);
  if ('status' in page) return page;
  const all = [...state.lists.values()];
  const body = {
    lists: all.slice(page.offset, page.offset + page.count).map(listView),
    total_items: all.length,
  };
  return { status: 200, json: partial(body, query) };
}

export function getMembers(list: List, query: URLSearchParams): FakeReply {
  const page = paging(query);
  if ('status' in page) return page;
  // The filter's values are the Python SDK's ListMembersListsRequestStatus;
  // how the real API answers an unknown one is not documented (400 here).
  const status = query.get('status');
  if (status !== null && !(MEMBER_STATUSES as readonly string[]).includes(status)) {
    return invalidResource(`The status parameter must be one of ${MEMBER_STATUSES.join(', ')}.`);
  }
  // Archived contacts are not part of the audience's members unless asked
  // for by status (not confirmed in the reference: see the report).
  const wanted =
    status === null
      ? list.members.filter((m) => m.status !== 'archived')
      : list.members.filter((m) => m.status === status);
  const body = {
    members: wanted.slice(page.offset, page.offset + page.count).map(memberView),
    list_id: list.id,
    total_items: wanted.length,
  };
  return { status: 200, json: partial(body, query) };
}

const MD5 = /^[0-9a-f]{32}$/i;

/**
 * The member a path names. GET, PATCH, PUT and DELETE on a member take "The
 * MD5 hash of the lowercase version of the list member's email address. This
 * endpoint also accepts a list member's email address or contact_id."; the
 * tags endpoint's parameter says only the MD5 hash (ListsApi.js), so there
 * the fake takes nothing else (`hashOnly`).
 */
export function findMember(list: List, id: string, hashOnly = false): Member | undefined {
  const byHash = MD5.test(id) ? list.byHash.get(id.toLowerCase()) : undefined;
  if (byHash !== undefined || hashOnly) return byHash;
  if (id.includes('@')) return list.byHash.get(subscriberHash(id));
  // A contact_id may look like a hash (the fake's are 32 hex digits too).
  return list.members.find((m) => m.contact_id === id);
}

// "You can view cleaned addresses anytime or export them, but you can't edit
// them" (Mailchimp help, About Cleaned Contacts). The API's answer to an edit
// (400 Invalid Resource and this detail) is an assumption.
const cleanedRefusal = (m: Member) =>
  invalidResource(
    `${m.email_address} is in cleaned status: its address bounced and it cannot be updated.`,
  );

// { name, status: active | inactive } (the Python SDK's
// CreateMemberTagListsRequestTagsItem); no length limit is documented there,
// so none is enforced beyond a name being present.
const tagsBody = z.object({
  tags: z.array(z.object({ name: z.string().min(1), status: z.enum(['active', 'inactive']) })),
  is_syncing: z.boolean().optional(),
});

/**
 * POST .../members/{hash}/tags: "Add or remove tags from a list member. If a
 * tag that does not exist is passed in and set as 'active', a new tag will be
 * created." Answers 204 with no body (the SDK returns no data type); an active
 * tag already there or an inactive one absent changes nothing.
 */
export function writeTags(state: MailchimpState, member: Member, body: Buffer): FakeReply {
  const parsed = parseJsonBody(tagsBody, body);
  if (!parsed.ok)
    return invalidResource(`The resource submitted could not be validated: ${parsed.reason}.`);
  if (member.status === 'cleaned' && !state.cleanedAcceptsTags) return cleanedRefusal(member);
  let changed = false;
  for (const tag of parsed.value.tags) {
    if (tag.status === 'active' && !member.tags.has(tag.name)) {
      member.tags.set(tag.name, { id: tagIdOf(state)(tag.name), name: tag.name });
      changed = true;
    } else if (tag.status === 'inactive' && member.tags.delete(tag.name)) changed = true;
  }
  if (changed) member.tagWrites += 1;
  return { status: 204 };
}

// The statuses a write may set: the Python SDK's UpdateMemberListsRequestStatus
// (no "archived": DELETE archives).
const patchBody = z.object({
  email_address: z.string().optional(),
  status: z.enum(['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional']).optional(),
  merge_fields: z.record(z.string(), z.string()).optional(),
});

/** PATCH .../members/{hash}: the member's fields; a cleaned member is refused. */
export function patchMember(member: Member, body: Buffer): FakeReply {
  const parsed = parseJsonBody(patchBody, body);
  if (!parsed.ok) {
    return invalidResource(
      "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
      parsed.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  }
  if (member.status === 'cleaned') return cleanedRefusal(member);
  const { status, merge_fields: fields } = parsed.value;
  if (status !== undefined) member.status = status;
  if (fields !== undefined) Object.assign(member.merge_fields, fields);
  member.last_changed = new Date().toISOString().replace(/\.\d+Z$/, '+00:00');
  return { status: 200, json: memberView(member) };
}

/**
 * DELETE .../members/{hash}: "Archive a list member. To permanently delete,
 * use the delete-permanent action." (ListsApi.js), 204. Nothing is deleted.
 */
export function archiveMember(member: Member): FakeReply {
  // Mailchimp's help says "Cleaned contacts ... cannot be archived"; that is
  // written of the app, and the API's answer to it (400 Invalid Resource
  // here) is an assumption.
  if (member.status === 'cleaned') {
    return invalidResource(`${member.email_address} is in cleaned status and cannot be archived.`);
  }
  // Archiving an archived contact again answers 404 here: an assumption.
  if (member.status === 'archived') return notFound();
  member.status = 'archived';
  return { status: 204 };
}
