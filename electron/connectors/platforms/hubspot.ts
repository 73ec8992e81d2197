// HubSpot CRM v3 (https://developers.hubspot.com/docs/api-reference/), as a
// private app's access token sees it (Bearer). Lists are the Lists v3 API's
// (their members read as record ids, 250 a page, then the contacts 100 at a
// time through the batch read); "All contacts" reads the contacts themselves.
// The verdict is two contact properties, made the first time: an enumeration
// `list_cleaner_status` and a date `list_cleaner_checked_at`. HubSpot's
// archive of a contact is its deletion and unsubscribing goes through
// subscription types, so nothing is retired here: a marketer filters on the
// property instead.
import { z } from 'zod';
import { VERDICT_FIELDS, VERDICT_STATUSES } from '../../common/catalogs/platforms';
import { HUBSPOT_ALL_CONTACTS_NAME } from '../../common/words/platform-list-name';
import { message, type Message } from '../../common/i18n/message';
import { PlatformError, type PlatformHttp, type PlatformResponse } from '../http';
import {
  refusalOf,
  type Connector,
  type PlatformMember,
  type Verdict,
  type WriteOutcome,
} from '../types';

const BATCH = 100;
const MEMBERSHIPS_PAGE = 250;
/** The list id that stands for every contact in the account. */
export const ALL_CONTACTS = 'all';

const STATUS = VERDICT_FIELDS.property;
const CHECKED = VERDICT_FIELDS.checkedProperty;
const READ_PROPERTIES = ['email', 'firstname', 'lastname', 'hs_email_optout', STATUS, CHECKED];

const errorSchema = z.object({ message: z.string().optional(), category: z.string().optional() });

const contactSchema = z.object({
  id: z.string(),
  properties: z.record(z.string(), z.string().nullable()),
});
const batchSchema = z.object({
  results: z.array(contactSchema),
  errors: z
    .array(
      z.object({
        message: z.string().optional(),
        context: z.record(z.string(), z.array(z.string())).optional(),
      }),
    )
    .optional(),
});
const pagingSchema = z.object({ next: z.object({ after: z.string() }).optional() }).optional();

const labels: Record<string, string> = {
  deliverable: 'Deliverable',
  undeliverable: 'Undeliverable',
  unknown: 'Unknown',
  invalid: 'Invalid',
  disposable: 'Disposable',
  role: 'Role address',
};

function memberOf(c: z.infer<typeof contactSchema>): PlatformMember | null {
  const p = c.properties;
  const email = p.email ?? '';
  if (email === '') return null;
  const status = p[STATUS] ?? '';
  return {
    id: c.id,
    email,
    firstName: p.firstname ?? '',
    lastName: p.lastname ?? '',
    status: p.hs_email_optout === 'true' ? 'opted out' : 'subscribed',
    verdict: status === '' ? null : { status, checkedAt: p[CHECKED] ?? '' },
  };
}

async function readContacts(http: PlatformHttp, ids: string[]) {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH));
  const answers = await http.all(batches, (batch) =>
    http.json(
      {
        method: 'POST',
        path: 'crm/v3/objects/contacts/batch/read',
        // A read of fixed ids changes nothing: it may be sent again.
        idempotent: true,
        // 207: some ids are gone since the list was read; the rest are answered.
        accept: [207],
        body: { inputs: batch.map((id) => ({ id })), properties: READ_PROPERTIES },
      },
      batchSchema,
    ),
  );
  const byId = new Map(answers.flatMap((a) => a.results).map((c) => [c.id, c]));
  // In the list's own order.
  return ids.map((id) => byId.get(id)).filter((c) => c !== undefined);
}

async function ensureProperty(http: PlatformHttp, body: Record<string, unknown>) {
  const name = String(body.name);
  const res = await http.request({
    method: 'GET',
    path: `crm/v3/properties/contacts/${name}`,
    accept: [404],
  });
  if (res.status !== 404) return;
  // A property made meanwhile by another run answers 409: it is there, as wanted.
  await http.request({ method: 'POST', path: 'crm/v3/properties/contacts', body, accept: [409] });
}

/** One batch update; a batch refused whole for one bad value is halved until the bad one stands alone. */
async function update(http: PlatformHttp, verdicts: Verdict[]): Promise<WriteOutcome[]> {
  const res = await http.request({
    method: 'POST',
    path: 'crm/v3/objects/contacts/batch/update',
    idempotent: true,
    accept: [207, 400, 404],
    body: {
      inputs: verdicts.map((v) => ({
        id: v.id,
        properties: { [STATUS]: v.status, [CHECKED]: v.checkedAt },
      })),
    },
  });
  if (res.status === 400 || res.status === 404) {
    const reason =
      hubspot.errorText(res) ??
      message('error.connector.refusal.answered', {
        platform: 'HubSpot',
        status: String(res.status),
      });
    if (verdicts.length === 1) return [refusalOf(verdicts[0]?.id ?? '', reason)];
    const half = Math.ceil(verdicts.length / 2);
    return [
      ...(await update(http, verdicts.slice(0, half))),
      ...(await update(http, verdicts.slice(half))),
    ];
  }
  const parsed = batchSchema.safeParse(res.json);
  if (!parsed.success) {
    throw new PlatformError(
      'platform',
      message('error.connector.hubspot.unknownBatchShape'),
      res.status,
    );
  }
  const refused = new Map<string, string | Message>();
  for (const e of parsed.data.errors ?? []) {
    for (const id of e.context?.ids ?? [])
      refused.set(id, e.message ?? message('error.connector.refusal.hubspotRefused'));
  }
  return verdicts.map((v): WriteOutcome => {
    const reason = refused.get(v.id);
    return reason === undefined ? { id: v.id, result: 'written' } : refusalOf(v.id, reason);
  });
}

export const hubspot: Connector = {
  id: 'hubspot',
  name: 'HubSpot',
  keyName: message('notice.connector.keyName.privateAppToken'),
  keyHelp: message('platform.keyHelp.hubspot'),
  listWord: message('notice.connector.listWord.list'),
  retireModes: [],
  limits: { pageSize: MEMBERSHIPS_PAGE, writeBatch: BATCH, maxInFlight: 4 },

  defaultUrl: () => 'https://api.hubapi.com',
  headers: (key) => ({ Authorization: `Bearer ${key}` }),
  errorText(res: PlatformResponse) {
    const parsed = errorSchema.safeParse(res.json);
    return parsed.success ? (parsed.data.message ?? null) : null;
  },
  retryAfter(res) {
    // A 429 names its policy: the day's limit is not waited out (the patience
    // ends it with a clear message); the ten-second window is, with a growing pause.
    const policy = z.object({ policyName: z.string() }).safeParse(res.json);
    return policy.success && policy.data.policyName === 'DAILY' ? 24 * 3600 : undefined;
  },

  async prove(http) {
    await http.json(
      { method: 'GET', path: 'crm/v3/objects/contacts', query: { limit: 1 } },
      z.object({ results: z.array(z.unknown()) }),
    );
    return { account: 'HubSpot' };
  },

  async lists(http) {
    const found: { id: string; name: string; size: number | null; kind: string }[] = [
      { id: ALL_CONTACTS, name: HUBSPOT_ALL_CONTACTS_NAME, size: null, kind: 'contacts' },
    ];
    const page = z.object({
      offset: z.number(),
      hasMore: z.boolean(),
      lists: z.array(
        z.object({
          listId: z.string(),
          name: z.string(),
          objectTypeId: z.string().optional(),
          additionalProperties: z.record(z.string(), z.string()).optional(),
        }),
      ),
    });
    for (let offset = 0; ;) {
      const answer = await http.json(
        {
          method: 'POST',
          path: 'crm/v3/lists/search',
          idempotent: true,
          body: { count: 500, offset, additionalProperties: ['hs_list_size'] },
        },
        page,
      );
      for (const l of answer.lists) {
        // Contact lists only ("0-1" is the contact object).
        if (l.objectTypeId !== undefined && l.objectTypeId !== '0-1') continue;
        const size = Number(l.additionalProperties?.hs_list_size);
        found.push({
          id: l.listId,
          name: l.name,
          size: Number.isFinite(size) ? size : null,
          kind: 'list',
        });
      }
      if (!answer.hasMore || answer.lists.length === 0) break;
      offset = answer.offset;
    }
    return found;
  },

  async members(http, listId, { cursor, choice }) {
    const wanted = (members: PlatformMember[]) =>
      choice === 'all' ? members : members.filter((m) => m.status === 'subscribed');
    if (listId === ALL_CONTACTS) {
      const answer = await http.json(
        {
          method: 'GET',
          path: 'crm/v3/objects/contacts',
          query: {
            limit: BATCH,
            after: cursor ?? undefined,
            properties: READ_PROPERTIES.join(','),
          },
        },
        z.object({ results: z.array(contactSchema), paging: pagingSchema }),
      );
      return {
        members: wanted(answer.results.map(memberOf).filter((m) => m !== null)),
        next: answer.paging?.next?.after ?? null,
      };
    }
    const answer = await http.json(
      {
        method: 'GET',
        path: `crm/v3/lists/${encodeURIComponent(listId)}/memberships`,
        query: { limit: MEMBERSHIPS_PAGE, after: cursor ?? undefined },
      },
      z.object({ results: z.array(z.object({ recordId: z.string() })), paging: pagingSchema }),
    );
    const contacts = await readContacts(
      http,
      answer.results.map((r) => r.recordId),
    );
    return {
      members: wanted(contacts.map(memberOf).filter((m) => m !== null)),
      next: answer.paging?.next?.after ?? null,
    };
  },

  async prepare(http) {
    await ensureProperty(http, {
      name: STATUS,
      label: 'List Cleaner status',
      type: 'enumeration',
      fieldType: 'select',
      groupName: 'contactinformation',
      description: 'What List Cleaner found when it last checked this address.',
      options: VERDICT_STATUSES.map((value, i) => ({
        label: labels[value] ?? value,
        value,
        displayOrder: i,
      })),
    });
    await ensureProperty(http, {
      name: CHECKED,
      label: 'List Cleaner checked at',
      type: 'date',
      fieldType: 'date',
      groupName: 'contactinformation',
      description: 'The day List Cleaner last checked this address.',
    });
  },

  write: (http, _listId, verdicts) => update(http, verdicts),

  retire() {
    return Promise.reject(
      new PlatformError('platform', message('error.connector.hubspot.noRetire'), null),
    );
  },

  async current(http, _listId, members) {
    const contacts = await readContacts(
      http,
      members.map((m) => m.id),
    );
    const byId = new Map(contacts.map((c) => [c.id, memberOf(c)?.verdict ?? null]));
    return new Map(members.map((m) => [m.id, byId.get(m.id) ?? null]));
  },
};
