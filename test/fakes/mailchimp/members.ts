// Lists and members: reading an audience page by page and the writes the
// issue needs (tags, unsubscribe, archive). References:
//  - https://mailchimp.com/developer/marketing/api/lists/get-lists-info/
//  - https://mailchimp.com/developer/marketing/api/list-members/list-members-info/
//  - https://mailchimp.com/developer/marketing/api/list-member-tags/add-or-remove-member-tags/
//  - https://mailchimp.com/developer/marketing/api/list-members/archive-list-member/
//  - https://mailchimp.com/developer/marketing/api/list-members/update-list-member/
//  - https://mailchimp.com/help/about-cleaned-contacts/ ("you can view cleaned
//    addresses ... but you can't edit them")
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

/** "count: The number of records to return. Default value is 10. Maximum value is 1000." */
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
  // The reference gives 1000 as the maximum; the fake refuses more rather than
  // quietly clipping, so a client asking for more is seen at once.
  if (count > MAX_COUNT) {
    return invalidResource(`The count parameter must be at most ${MAX_COUNT}.`, [
      { field: 'count', message: `Must be at most ${MAX_COUNT}` },
    ]);
  }
  return { count, offset };
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

/** "subscriber_hash: The MD5 hash of the lowercase version of the list member's email address." */
export function findMember(list: List, hashOrEmail: string): Member | undefined {
  const key = hashOrEmail.includes('@') ? subscriberHash(hashOrEmail) : hashOrEmail.toLowerCase();
  return list.byHash.get(key);
}

const cleanedRefusal = (m: Member) =>
  invalidResource(
    `${m.email_address} is in cleaned status: its address bounced and it cannot be updated.`,
  );

const tagsBody = z.object({
  tags: z.array(
    z.object({ name: z.string().min(1).max(100), status: z.enum(['active', 'inactive']) }),
  ),
  is_syncing: z.boolean().optional(),
});

/** POST .../members/{hash}/tags: 204; an active tag already there or an inactive one absent changes nothing. */
export function writeTags(state: MailchimpState, member: Member, body: Buffer): FakeReply {
  const parsed = parseJsonBody(tagsBody, body);
  if (!parsed.ok)
    return invalidResource(`The resource submitted could not be validated: ${parsed.reason}.`);
  if (member.status === 'cleaned' && !state.cleanedAcceptsTags) return cleanedRefusal(member);
  for (const tag of parsed.value.tags) {
    if (tag.status === 'active')
      member.tags.set(tag.name, { id: tagIdOf(state)(tag.name), name: tag.name });
    else member.tags.delete(tag.name);
  }
  return { status: 204 };
}

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

/** DELETE .../members/{hash}: "Archive a list member", 204. Nothing is deleted. */
export function archiveMember(member: Member): FakeReply {
  // An archived contact is no longer an audience member; archiving it again
  // answers 404 here (not confirmed in the reference: see the report).
  if (member.status === 'archived') return notFound();
  member.status = 'archived';
  return { status: 204 };
}
