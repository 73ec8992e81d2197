// Lists and their contacts, paged by offset:
//  - GET /contacts/lists: limit 0-50 (default 10), offset, sort (default
//    desc by creation); answers { lists: [{ id, name, totalBlacklisted,
//    totalSubscribers, uniqueSubscribers, folderId }], count }.
//  - GET /contacts/lists/{listId}/contacts: modifiedSince, limit 0-500
//    (default 50), offset, sort; answers { contacts, count } ({ contacts: [],
//    count: 0 } when empty, https://developers.brevo.com/changelog/operations-and-management-for-contacts).
//  Limits and defaults: getbrevo/brevo-python 1.2.0
//  brevo_python/api/contacts_api.py (get_lists, get_contacts_from_list) and
//  docs/ContactsApi.md; shapes: getbrevo/brevo-node 3.0.1
//  model/getListsListsInner.ts, model/getContacts.ts, model/getContactDetails.ts.
// Assumed: a limit over the maximum is refused with 400 out_of_range (the
// SDKs refuse it before sending); what uniqueSubscribers, totalSubscribers
// and totalBlacklisted count (all members; those not blocklisted;
// those blocklisted).
import { intParam } from '../common/body';
import type { FakeReply } from '../common/server';
import type { BrevoList, Contact } from './data';
import { invalid, notFound, outOfRange } from './errors';

export const MAX_LISTS_PAGE = 50;
export const MAX_CONTACTS_PAGE = 500;

interface Paging {
  limit: number;
  offset: number;
  sort: 'asc' | 'desc';
}

function paging(query: URLSearchParams, fallback: number, max: number): Paging | FakeReply {
  const limit = intParam(query, 'limit', fallback);
  const offset = intParam(query, 'offset', 0);
  if (Number.isNaN(limit)) return invalid('limit should be a number');
  if (limit > max) return outOfRange(`Limit exceeds max value of ${max}`);
  if (Number.isNaN(offset)) return invalid('offset should be a number');
  const sort = query.get('sort') ?? 'desc';
  if (sort !== 'asc' && sort !== 'desc') return invalid('sort should be one of asc, desc');
  return { limit, offset, sort };
}

const isReply = (p: Paging | FakeReply): p is FakeReply => 'status' in p;

function ordered<T>(items: T[], sort: 'asc' | 'desc'): T[] {
  return sort === 'asc' ? items : [...items].reverse();
}

export function membersOf(contacts: Contact[], listId: number): Contact[] {
  return contacts.filter((c) => c.listIds.includes(listId));
}

export function getLists(
  lists: BrevoList[],
  contacts: Contact[],
  query: URLSearchParams,
): FakeReply {
  const p = paging(query, 10, MAX_LISTS_PAGE);
  if (isReply(p)) return p;
  const page = ordered(lists, p.sort).slice(p.offset, p.offset + p.limit);
  return {
    status: 200,
    json: {
      lists: page.map((l) => {
        const members = membersOf(contacts, l.id);
        const blocked = members.filter((c) => c.emailBlacklisted).length;
        return {
          id: l.id,
          name: l.name,
          totalBlacklisted: blocked,
          totalSubscribers: members.length - blocked,
          uniqueSubscribers: members.length,
          folderId: l.folderId,
        };
      }),
      count: lists.length,
    },
  };
}

export function contactView(c: Contact) {
  return {
    email: c.email,
    id: c.id,
    emailBlacklisted: c.emailBlacklisted,
    smsBlacklisted: c.smsBlacklisted,
    createdAt: c.createdAt,
    modifiedAt: c.modifiedAt,
    listIds: [...c.listIds],
    ...(c.listUnsubscribed.length > 0 ? { listUnsubscribed: [...c.listUnsubscribed] } : {}),
    attributes: { ...c.attributes },
  };
}

export function getListContacts(
  lists: Map<number, BrevoList>,
  contacts: Contact[],
  rawId: string,
  query: URLSearchParams,
): FakeReply {
  const id = /^\d+$/.test(rawId) ? Number(rawId) : Number.NaN;
  if (Number.isNaN(id)) return invalid('listId should be a number');
  if (!lists.has(id)) return notFound('List ID does not exist');
  const p = paging(query, 50, MAX_CONTACTS_PAGE);
  if (isReply(p)) return p;
  let members = membersOf(contacts, id);
  const since = query.get('modifiedSince');
  if (since !== null) {
    const t = Date.parse(since);
    if (Number.isNaN(t)) return invalid('modifiedSince should be a date-time');
    members = members.filter((c) => Date.parse(c.modifiedAt) > t);
  }
  const page = ordered(members, p.sort).slice(p.offset, p.offset + p.limit);
  return { status: 200, json: { contacts: page.map(contactView), count: members.length } };
}
