// Brevo (formerly Sendinblue), API v3: lists of contacts read by offset,
// the verdict written into two contact attributes with the batch update,
// undeliverable members blocklisted for email. The numbers and words come
// from Brevo's reference and SDK models (see test/fakes/brevo.ts for what
// was read and what had to be assumed).
import { z } from 'zod';
import { VERDICT_FIELDS } from '../../common/catalogs/platforms';
import { message, type Message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { PlatformError, type PlatformHttp, type PlatformResponse } from '../http';
import {
  refusalOf,
  type Connector,
  type MemberRef,
  type PlatformMember,
  type WriteOutcome,
} from '../types';

const STATUS = VERDICT_FIELDS.attribute;
const CHECKED = VERDICT_FIELDS.checkedAttribute;

/** GET /contacts/lists/{id}/contacts takes at most 500 a page. */
const PAGE_SIZE = 500;
/** GET /contacts/lists takes at most 50 a page. */
const LISTS_PAGE = 50;
/**
 * No maximum is documented for POST /contacts/batch; 100 keeps a body small
 * and a refused batch cheap to split.
 */
const WRITE_BATCH = 100;
/**
 * Endpoints under /v3/contacts allow 10 requests a second on the general
 * plan: 5 at once stays under it at any ordinary round trip.
 */
const MAX_IN_FLIGHT = 5;

const errorBody = z.object({ code: z.string().optional(), message: z.string().optional() });

const accountSchema = z.object({
  email: z.string(),
  companyName: z.string().nullish(),
});

const listsSchema = z.object({
  lists: z
    .array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        uniqueSubscribers: z.number().int().nonnegative().optional(),
      }),
    )
    .default([]),
  count: z.number().int().nonnegative().default(0),
});

const attributesSchema = z.record(z.string(), z.unknown());

const contactSchema = z.object({
  id: z.number().int(),
  email: z.string().nullish(),
  emailBlacklisted: z.boolean(),
  listIds: z.array(z.number().int()).default([]),
  listUnsubscribed: z.array(z.number().int()).nullish(),
  attributes: attributesSchema.default({}),
});
type BrevoContact = z.infer<typeof contactSchema>;

const contactsSchema = z.object({
  contacts: z.array(contactSchema).default([]),
  count: z.number().int().nonnegative().default(0),
});

const attributeListSchema = z.object({
  attributes: z.array(
    z.object({ name: z.string(), category: z.string(), type: z.string().nullish() }),
  ),
});

const batchPartial = z.object({
  successIds: z.array(z.number().int()).default([]),
  failureIds: z.array(z.number().int()).default([]),
});

/** Brevo's own words for a refusal: "message (code)". */
function errorText(res: PlatformResponse): string | null {
  const body = errorBody.safeParse(res.json);
  if (!body.success) return null;
  const { code, message } = body.data;
  if (message && code) return `${message} (${code})`;
  return message ?? code ?? null;
}

/** x-sib-ratelimit-reset: the seconds until the window starts again. */
function retryAfter(res: PlatformResponse): number | undefined {
  const raw = res.headers.get('x-sib-ratelimit-reset')?.trim();
  return raw !== undefined && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : undefined;
}

function listNumber(listId: string): number {
  if (!/^\d+$/.test(listId))
    throw new AppError('invalid_input', message('error.connector.brevo.notListId', { listId }));
  return Number(listId);
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

function verdictOf(attributes: Record<string, unknown>) {
  const status = text(attributes[STATUS]);
  if (status === '') return null;
  // A date attribute reads back as YYYY-MM-DD; anything longer is cut to the day.
  return { status, checkedAt: text(attributes[CHECKED]).slice(0, 10) };
}

function statusOf(c: BrevoContact, list: number): string {
  if (c.emailBlacklisted) return 'blocklisted';
  if (c.listUnsubscribed?.includes(list)) return 'unsubscribed';
  return 'subscribed';
}

function memberOf(c: BrevoContact, list: number): PlatformMember | null {
  // A contact known only by its phone number has no address to check.
  if (!c.email) return null;
  return {
    id: String(c.id),
    email: c.email,
    firstName: text(c.attributes.FIRSTNAME),
    lastName: text(c.attributes.LASTNAME),
    status: statusOf(c, list),
    verdict: verdictOf(c.attributes),
  };
}

/** The attributes the verdict needs, and the types that can hold it. */
const WANTED = [
  { name: STATUS, type: 'text', accepts: ['text'] },
  // A date lets a marketer segment by "checked before ..."; a text one made by hand holds the day too.
  { name: CHECKED, type: 'date', accepts: ['date', 'text'] },
] as const;

async function createAttribute(http: PlatformHttp, name: string, type: string): Promise<void> {
  const res = await http.request({
    method: 'POST',
    path: `contacts/attributes/normal/${name}`,
    body: { type },
    idempotent: true,
    accept: [400],
  });
  if (res.status !== 400) return;
  // Made meanwhile (another run, another device): what prepare wanted is there.
  if (errorBody.safeParse(res.json).data?.code === 'duplicate_parameter') return;
  const own = errorText(res);
  throw new PlatformError(
    'platform',
    own === null
      ? message('error.connector.brevo.attributeRefused', { name })
      : message('error.connector.brevo.attributeRefusedSaying', { name, own }),
    400,
  );
}

type Entry = { id: string; item: Record<string, unknown> };

const refusedAs = (id: string, reason: Message): WriteOutcome => refusalOf(id, reason);

/**
 * One POST /contacts/batch, and what became of each contact. A contact that
 * no longer exists fails the whole call (404, "No contact found for indexes
 * 1,3"): those are refused and the rest sent again. A 207 names the
 * contacts Brevo did not update in failureIds.
 */
async function sendBatch(http: PlatformHttp, entries: Entry[]): Promise<WriteOutcome[]> {
  const outcomes: WriteOutcome[] = [];
  let pending = entries;
  while (pending.length > 0) {
    const res = await http.request({
      method: 'POST',
      path: 'contacts/batch',
      body: { contacts: pending.map((e) => e.item) },
      idempotent: true,
      accept: [404],
    });
    if (res.status === 404) {
      const words = errorText(res) ?? 'no such contact';
      const listed = /indexes?\s+([\d,\s]+)/i.exec(
        errorBody.safeParse(res.json).data?.message ?? '',
      );
      const gone = new Set(
        (listed?.[1] ?? '')
          .split(',')
          .filter((s) => s.trim() !== '')
          .map(Number),
      );
      const known = [...gone].filter((i) => i >= 0 && i < pending.length);
      if (known.length === 0) {
        throw new PlatformError(
          'platform',
          message('error.connector.brevo.batchRefused', { words }),
          404,
        );
      }
      for (const i of known) {
        const e = pending[i];
        if (e)
          outcomes.push(
            refusedAs(e.id, message('error.connector.refusal.brevoNoContact', { words })),
          );
      }
      pending = pending.filter((_, i) => !gone.has(i));
      continue;
    }
    if (res.status === 207) {
      const parsed = batchPartial.safeParse(res.json);
      if (!parsed.success) {
        throw new PlatformError('platform', message('error.connector.brevo.unknownPartial'), 207);
      }
      const failed = new Set(parsed.data.failureIds.map(String));
      for (const e of pending) {
        outcomes.push(
          failed.has(e.id)
            ? refusedAs(e.id, message('error.connector.refusal.brevoNotUpdated'))
            : { id: e.id, result: 'written' },
        );
      }
      return outcomes;
    }
    for (const e of pending) outcomes.push({ id: e.id, result: 'written' });
    return outcomes;
  }
  return outcomes;
}

/** Entries in batches of WRITE_BATCH; ids that are not Brevo's numeric ids are refused unsent. */
async function writeAll<T extends MemberRef>(
  http: PlatformHttp,
  refs: readonly T[],
  item: (id: number, ref: T) => Record<string, unknown>,
): Promise<WriteOutcome[]> {
  const outcomes: WriteOutcome[] = [];
  const entries: Entry[] = [];
  for (const ref of refs) {
    if (/^\d+$/.test(ref.id)) entries.push({ id: ref.id, item: item(Number(ref.id), ref) });
    else
      outcomes.push(
        refusedAs(ref.id, message('error.connector.refusal.brevoNotContactId', { id: ref.id })),
      );
  }
  for (let i = 0; i < entries.length; i += WRITE_BATCH) {
    outcomes.push(...(await sendBatch(http, entries.slice(i, i + WRITE_BATCH))));
  }
  return outcomes;
}

export const brevo: Connector = {
  id: 'brevo',
  name: 'Brevo',
  keyName: message('notice.connector.keyName.apiKey'),
  keyHelp: message('platform.keyHelp.brevo', { status: STATUS, checked: CHECKED }),
  listWord: message('notice.connector.listWord.list'),
  defaultUrl: () => 'https://api.brevo.com/v3',
  headers: (key) => ({ 'api-key': key }),
  errorText,
  retryAfter,
  // Unsubscribing is Brevo's blocklist; Brevo has no archive for a contact, only deletion.
  retireModes: ['unsubscribe'],
  limits: { pageSize: PAGE_SIZE, writeBatch: WRITE_BATCH, maxInFlight: MAX_IN_FLIGHT },

  async prove(http) {
    const account = await http.json({ method: 'GET', path: 'account' }, accountSchema);
    return { account: account.companyName?.trim() || account.email };
  },

  async lists(http) {
    const found = [];
    for (let offset = 0; ; offset += LISTS_PAGE) {
      const page = await http.json(
        {
          method: 'GET',
          path: 'contacts/lists',
          query: { limit: LISTS_PAGE, offset, sort: 'asc' },
        },
        listsSchema,
      );
      found.push(...page.lists);
      if (page.lists.length < LISTS_PAGE || offset + page.lists.length >= page.count) break;
    }
    return found.map((l) => ({
      id: String(l.id),
      name: l.name,
      size: l.uniqueSubscribers ?? null,
      kind: 'list',
    }));
  },

  async members(http, listId, { cursor, choice }) {
    const list = listNumber(listId);
    if (cursor !== null && !/^\d+$/.test(cursor)) {
      throw new AppError('invalid_input', message('error.connector.brevo.notPlace', { cursor }));
    }
    const offset = cursor === null ? 0 : Number(cursor);
    // Oldest first: a contact added during the read lands after the last
    // page instead of pushing every later offset along (Brevo's default is
    // the newest first).
    const page = await http.json(
      {
        method: 'GET',
        path: `contacts/lists/${list}/contacts`,
        query: { limit: PAGE_SIZE, offset, sort: 'asc' },
      },
      contactsSchema,
    );
    const members: PlatformMember[] = [];
    for (const c of page.contacts) {
      const m = memberOf(c, list);
      if (m !== null && (choice === 'all' || m.status === 'subscribed')) members.push(m);
    }
    const end = offset + page.contacts.length;
    const last = page.contacts.length < PAGE_SIZE || end >= page.count;
    return { members, next: last ? null : String(end) };
  },

  async prepare(http) {
    const { attributes } = await http.json(
      { method: 'GET', path: 'contacts/attributes' },
      attributeListSchema,
    );
    for (const want of WANTED) {
      const have = attributes.find((a) => a.name.toUpperCase() === want.name);
      if (have === undefined) {
        await createAttribute(http, want.name, want.type);
        continue;
      }
      const type = have.type ?? '';
      if (have.category !== 'normal' || !(want.accepts as readonly string[]).includes(type)) {
        throw new PlatformError(
          'platform',
          message('error.connector.brevo.attributeTaken', {
            name: want.name,
            kind: type ? `${have.category}, ${type}` : have.category,
          }),
          null,
        );
      }
    }
  },

  async write(http, _listId, verdicts) {
    return writeAll(http, verdicts, (id, v) => ({
      id,
      attributes: { [STATUS]: v.status, [CHECKED]: v.checkedAt },
    }));
  },

  async retire(http, _listId, members, mode) {
    if (mode !== 'unsubscribe') {
      throw new AppError('invalid_input', message('error.connector.brevo.noArchive'));
    }
    // "Unsubscribe" is what Brevo itself does when someone clicks the
    // unsubscribe link: the contact is blocklisted for email. It stops every
    // email to an address that cannot take one, keeps the contact, its
    // attributes and its lists (so it can be undone in Brevo), and keeps the
    // list's offsets still while a read pages through it. Unlinking from the
    // list would only move the address to the next list it is on.
    return writeAll(http, members, (id) => ({ id, emailBlacklisted: true }));
  },

  async current(http, _listId, members) {
    const found = await http.all(members, async (m) => {
      if (!/^\d+$/.test(m.id)) return [m.id, null] as const;
      const res = await http.request({
        method: 'GET',
        path: `contacts/${m.id}`,
        query: { identifierType: 'contact_id' },
        accept: [404],
      });
      if (res.status === 404) return [m.id, null] as const;
      const parsed = contactSchema.safeParse(res.json);
      if (!parsed.success) {
        throw new PlatformError(
          'platform',
          message('error.connector.brevo.unknownContact', { id: m.id }),
          res.status,
        );
      }
      return [m.id, verdictOf(parsed.data.attributes)] as const;
    });
    return new Map(found);
  },
};
