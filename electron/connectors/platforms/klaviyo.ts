// Klaviyo: a private API key in `Authorization: Klaviyo-API-Key <key>`, a
// dated `revision` header on every call, JSON:API answers paged by the
// `links.next` cursor. Members are a list's profiles with their email
// marketing consent; the verdict is two custom profile properties, written
// by one bulk import job per batch; retiring unsubscribes from email
// marketing for the list (never a deletion). What each call needs and
// allows was read in github.com/klaviyo/openapi openapi/stable.json
// (revision 2026-07-15) and Klaviyo's rate limits guide; see
// test/fakes/klaviyo.ts for the full list and what was assumed.
import { VERDICT_FIELDS } from '../../common/catalogs/platforms';
import { message } from '../../common/i18n/message';
import { parseRetryAfter } from '../../service/envelope';
import type { PlatformHttp, PlatformResponse } from '../http';
import {
  refusalOf,
  type Connector,
  type MemberRef,
  type PlatformList,
  type PlatformMember,
  type WriteOutcome,
} from '../types';
import { importVerdicts, MAX_JOB_PROFILES, settleImport } from './klaviyo/imports';
import {
  accountsAnswer,
  cursorOf,
  errorBody,
  listAnswer,
  listsAnswer,
  profilesAnswer,
  type KlaviyoProfile,
} from './klaviyo/schemas';

/** The revision every call is pinned to: the one whose document was read. */
export const KLAVIYO_REVISION = '2026-07-15';
/** List profiles and profiles allow page[size] up to 100; lists up to 10. */
const PAGE_SIZE = 100;
const LISTS_PAGE_SIZE = 10;
/** Bulk unsubscribe takes at most 100 profiles a call; an `any(id, …)` filter reads 100 at most. */
const UNSUBSCRIBE_BATCH = 100;
const READ_BATCH = 100;
/**
 * A list's size costs a call limited to 1/s and 15/m (profile_count), so
 * only the first lists are counted; the others say null rather than stall
 * the list picker for minutes.
 */
const COUNTED_LISTS = 10;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A date the property may hold as text or, once Klaviyo typed it, as a timestamp: the day. */
function day(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  return m?.[1] ?? value;
}

function verdictOf(p: KlaviyoProfile): { status: string; checkedAt: string } | null {
  const props = p.attributes.properties ?? {};
  const status = props[VERDICT_FIELDS.property];
  if (typeof status !== 'string' || status === '') return null;
  return { status, checkedAt: day(props[VERDICT_FIELDS.checkedProperty]) ?? '' };
}

const consentOf = (p: KlaviyoProfile) =>
  p.attributes.subscriptions?.email?.marketing?.consent ?? null;

function memberOf(p: KlaviyoProfile): PlatformMember {
  return {
    id: p.id,
    email: p.attributes.email ?? '',
    firstName: p.attributes.first_name ?? '',
    lastName: p.attributes.last_name ?? '',
    status: (consentOf(p) ?? 'unknown').toLowerCase(),
    verdict: verdictOf(p),
  };
}

async function listSize(http: PlatformHttp, id: string): Promise<number | null> {
  const answer = await http.json(
    {
      method: 'GET',
      path: `lists/${encodeURIComponent(id)}`,
      query: { 'additional-fields[list]': 'profile_count' },
    },
    listAnswer,
  );
  return answer.data.attributes.profile_count ?? null;
}

function unsubscribeBody(listId: string, members: readonly MemberRef[]) {
  return {
    data: {
      type: 'profile-subscription-bulk-delete-job',
      attributes: {
        profiles: {
          data: members.map((m) => ({
            type: 'profile',
            attributes: {
              email: m.email,
              subscriptions: { email: { marketing: { consent: 'UNSUBSCRIBED' } } },
            },
          })),
        },
      },
      // Naming the list keeps the unsubscribe to it; without one it is global.
      relationships: { list: { data: { type: 'list', id: listId } } },
    },
  };
}

export const klaviyo: Connector = {
  id: 'klaviyo',
  name: 'Klaviyo',
  keyName: message('notice.connector.keyName.privateApiKey'),
  keyHelp: message('platform.keyHelp.klaviyo'),
  listWord: message('notice.connector.listWord.list'),
  defaultUrl: () => 'https://a.klaviyo.com/api',
  headers: (key) => ({
    Authorization: `Klaviyo-API-Key ${key}`,
    revision: KLAVIYO_REVISION,
    // JSON:API's own media type, as Klaviyo's reference sends it.
    Accept: 'application/vnd.api+json',
    'Content-Type': 'application/vnd.api+json',
  }),
  errorText(res: PlatformResponse) {
    const parsed = errorBody.safeParse(res.json);
    if (!parsed.success) return null;
    const words = parsed.data.errors
      .map((e) => e.detail || e.title || e.code)
      .filter((w): w is string => typeof w === 'string' && w !== '');
    return words.length > 0 ? words.join(' ') : null;
  },
  retryAfter(res: PlatformResponse) {
    // A 429 carries Retry-After in seconds; the RateLimit-Reset of other answers is the steady window's end.
    return (
      parseRetryAfter(res.headers.get('retry-after')) ??
      parseRetryAfter(res.headers.get('ratelimit-reset'))
    );
  },
  retireModes: ['unsubscribe'],
  limits: { pageSize: PAGE_SIZE, writeBatch: MAX_JOB_PROFILES, maxInFlight: 3 },

  async prove(http) {
    const answer = await http.json({ method: 'GET', path: 'accounts' }, accountsAnswer);
    const first = answer.data[0];
    const info = first?.attributes.contact_information;
    return { account: info?.organization_name || info?.default_sender_name || first?.id || '' };
  },

  async lists(http) {
    const found: PlatformList[] = [];
    let cursor: string | null = null;
    do {
      const page = await http.json(
        {
          method: 'GET',
          path: 'lists',
          query: { 'page[size]': LISTS_PAGE_SIZE, 'page[cursor]': cursor ?? undefined },
        },
        listsAnswer,
      );
      for (const l of page.data) {
        found.push({ id: l.id, name: l.attributes.name ?? l.id, size: null, kind: 'list' });
      }
      cursor = cursorOf(page.links?.next);
    } while (cursor !== null);
    // One at a time: the count's burst limit is 1/s, and a 429 is waited out.
    for (const l of found.slice(0, COUNTED_LISTS)) l.size = await listSize(http, l.id);
    return found;
  },

  async members(http, listId, { cursor, choice }) {
    const page = await http.json(
      {
        method: 'GET',
        path: `lists/${encodeURIComponent(listId)}/profiles`,
        query: {
          'page[size]': PAGE_SIZE,
          'additional-fields[profile]': 'subscriptions',
          'page[cursor]': cursor ?? undefined,
        },
      },
      profilesAnswer,
    );
    // The list's profile filter takes email, phone and join date, not consent:
    // the subscribed choice is kept here. A profile without an email (SMS
    // only) has nothing to check.
    const members = page.data
      .filter((p) => (p.attributes.email ?? '') !== '')
      .filter((p) => choice === 'all' || consentOf(p) === 'SUBSCRIBED')
      .map(memberOf);
    return { members, next: cursorOf(page.links?.next) };
  },

  async prepare() {
    // Custom profile properties need no definition: the first write makes them.
  },

  async write(http, _listId, verdicts, submitted) {
    const outcomes: WriteOutcome[] = [];
    for (const batch of chunks(verdicts, MAX_JOB_PROFILES)) {
      outcomes.push(...(await importVerdicts(http, batch, submitted)));
    }
    return outcomes;
  },

  settle: settleImport,

  async retire(http, listId, members, mode) {
    if (mode !== 'unsubscribe') {
      return members.map((m) =>
        refusalOf(m.id, message('error.connector.refusal.klaviyoNoArchive')),
      );
    }
    const named = members.filter((m) => m.email !== '');
    const nameless = members.filter((m) => m.email === '');
    const done = await http.all(chunks(named, UNSUBSCRIBE_BATCH), async (batch) => {
      await http.request({
        method: 'POST',
        path: 'profile-subscription-bulk-delete-jobs',
        body: unsubscribeBody(listId, batch),
        idempotent: true,
      });
      return batch.map((m): WriteOutcome => ({ id: m.id, result: 'written' }));
    });
    return [
      ...done.flat(),
      ...nameless.map((m) => refusalOf(m.id, message('error.connector.refusal.noEmail'))),
    ];
  },

  async current(http, _listId, members) {
    const held = new Map<string, { status: string; checkedAt: string } | null>();
    for (const m of members) held.set(m.id, null);
    // By id across the account, not the list: a member unsubscribed from the list still carries its verdict.
    const pages = await http.all(chunks(members, READ_BATCH), (batch) =>
      http.json(
        {
          method: 'GET',
          path: 'profiles',
          query: {
            filter: `any(id,[${batch.map((m) => JSON.stringify(m.id)).join(',')}])`,
            'page[size]': READ_BATCH,
          },
        },
        profilesAnswer,
      ),
    );
    for (const page of pages) {
      for (const p of page.data) if (held.has(p.id)) held.set(p.id, verdictOf(p));
    }
    return held;
  },
};
