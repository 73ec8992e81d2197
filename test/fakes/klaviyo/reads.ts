// The reads: GET /api/accounts (the key's one account), GET /api/lists (at
// most 10 a page), GET /api/lists/{id} (profile_count on request), GET
// /api/lists/{id}/profiles (members in joined order, 20 a page unless told,
// at most 100; filterable by email) and GET /api/profiles (filterable by id
// or email). Parameters and limits from the OpenAPI document, revision
// 2026-07-15 (get_accounts, get_lists, get_list, get_profiles_for_list,
// get_profiles). Assumed: at most 100 values in one `any` filter.
import type { FakeReply } from '../common/server';
import type { Profile, Store } from './data';
import { notFound } from './errors';
import { badFilter, isReply, links, pageOf, parseFilter, type Filter } from './paging';
import { listView, profileView, wantsField } from './views';

const MAX_ANY = 100;

const ok = (json: unknown): FakeReply => ({
  status: 200,
  contentType: 'application/vnd.api+json',
  json,
});

export function getAccounts(store: Store, account: { id: string; name: string }): FakeReply {
  const base = store.baseUrl();
  return ok({
    data: [
      {
        type: 'account',
        id: account.id,
        attributes: {
          test_account: false,
          contact_information: {
            default_sender_name: account.name,
            default_sender_email: 'hello@example.com',
            website_url: 'https://example.com',
            organization_name: account.name,
            street_address: {
              address1: '1 Main St',
              address2: null,
              city: 'Boston',
              region: 'MA',
              country: 'US',
              zip: '02110',
            },
          },
          industry: null,
          timezone: 'US/Eastern',
          preferred_currency: 'USD',
          public_api_key: 'AbC123',
          locale: 'en-US',
        },
        links: { self: `${base}/api/accounts/${account.id}/` },
      },
    ],
    links: { self: `${base}/api/accounts/` },
  });
}

export function getLists(store: Store, query: URLSearchParams): FakeReply {
  const page = pageOf(query, 10, 10);
  if (isReply(page)) return page;
  const all = [...store.lists.values()];
  const start = page.after ?? 0;
  const slice = all.slice(start, start + page.size);
  const end = start + slice.length;
  const base = store.baseUrl();
  return ok({
    data: slice.map((l) => listView(base, l, false)),
    links: links(base, '/api/lists/', query, end < all.length ? end : null),
  });
}

export function getList(store: Store, id: string, query: URLSearchParams): FakeReply {
  const l = store.lists.get(id);
  if (l === undefined) return notFound(`A list with id ${id} does not exist.`);
  const base = store.baseUrl();
  return ok({
    data: listView(base, l, wantsField(query, 'additional-fields[list]', 'profile_count')),
    links: { self: `${base}/api/lists/${id}/` },
  });
}

function filterFrom(query: URLSearchParams, fields: string[]): Filter | null | FakeReply {
  const raw = query.get('filter');
  if (raw === null || raw === '') return null;
  const f = parseFilter(raw);
  if (f === null) return badFilter(`Invalid filter provided: ${raw}`);
  if (!fields.includes(f.field))
    return badFilter(`'${f.field}' is not a valid field for this filter.`);
  if (f.values.length > MAX_ANY) return badFilter(`'any' takes at most ${MAX_ANY} values.`);
  return f;
}

const matches = (p: Profile, f: Filter | null) =>
  f === null ||
  f.values.some((v) => (f.field === 'id' ? v === p.id : v.toLowerCase() === p.email.toLowerCase()));

export function getListProfiles(store: Store, id: string, query: URLSearchParams): FakeReply {
  const l = store.lists.get(id);
  if (l === undefined) return notFound(`A list with id ${id} does not exist.`);
  const page = pageOf(query, 100, 20);
  if (isReply(page)) return page;
  const filter = filterFrom(query, ['email']);
  if (filter !== null && 'status' in filter) return filter;
  // The cursor is the join sequence of the last member sent, so a member
  // removed mid-read (an unsubscribe) shifts nothing.
  const after = page.after ?? 0;
  // Members are kept in join order: the page starts at the first past the cursor.
  let lo = 0;
  let hi = l.members.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((l.members[mid]?.seq ?? Infinity) > after) hi = mid;
    else lo = mid + 1;
  }
  const picked: { p: Profile; joined: string; seq: number }[] = [];
  let more = false;
  for (let i = lo; i < l.members.length; i += 1) {
    const m = l.members[i];
    if (m === undefined) continue;
    const p = store.byId.get(m.id);
    if (p === undefined || !matches(p, filter)) continue;
    if (picked.length === page.size) {
      more = true;
      break;
    }
    picked.push({ p, joined: m.joined, seq: m.seq });
  }
  const base = store.baseUrl();
  const last = picked.at(-1);
  return ok({
    data: picked.map((r) => profileView(base, r.p, query, r.joined)),
    links: links(base, `/api/lists/${id}/profiles/`, query, more && last ? last.seq : null),
  });
}

export function getProfiles(store: Store, query: URLSearchParams): FakeReply {
  const page = pageOf(query, 100, 20);
  if (isReply(page)) return page;
  const filter = filterFrom(query, ['id', 'email']);
  if (filter !== null && 'status' in filter) return filter;
  const found =
    filter?.field === 'id'
      ? filter.values.map((v) => store.byId.get(v)).filter((p): p is Profile => p !== undefined)
      : store.profiles.filter((p) => matches(p, filter));
  const start = page.after ?? 0;
  const slice = found.slice(start, start + page.size);
  const end = start + slice.length;
  const base = store.baseUrl();
  return ok({
    data: slice.map((p) => profileView(base, p, query)),
    links: links(base, '/api/profiles/', query, end < found.length ? end : null),
  });
}
