// One contact read, and many updated in one call:
//  - GET /contacts/{identifier}: an email or an id (identifierType
//    email_id | contact_id narrows it); GetContactDetails, or 404
//    document_not_found.
//  - POST /contacts/batch: { contacts: [{ email | id | sms (only one),
//    attributes, emailBlacklisted, smsBlacklisted, listIds, unlinkListIds,
//    ... }] }; 204 when all were updated
//    (https://developers.brevo.com/reference/update-batch-contacts), 207
//    { successIds, failureIds } when only some were (third-party copies of
//    the reference, withone.ai; model UpdateBatchContactsModel in
//    getbrevo/brevo-python 1.2.0); a contact that does not exist fails the
//    whole call with 404 {"code":"document_not_found","message":"No contact
//    found for indexes 3,4"} (github.com/sendinblue/APIv3-php-library issue 257).
//  - "These attributes must be present in your account" (UpdateBatchContactsContacts.md);
//    "Values that don't match the attribute type (e.g. text or string in a
//    date attribute) will be ignored" (UpdateContact.md, CreateContact).
// Assumed: the batch maximum (100) and its refusal; an unknown attribute
// refuses the whole call with 400 invalid_parameter; the index base (0) in
// the 404's words; a date attribute takes YYYY-MM-DD.
import { z } from 'zod';
import { parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import type { Attribute, AttributeValue, BrevoList, Contact, UpdateRecord } from './data';
import { brevoError, invalid, notFound } from './errors';
import { contactView } from './lists';

export interface ContactsState {
  contacts: Contact[];
  byId: Map<number, Contact>;
  lists: Map<number, BrevoList>;
  attributes: Map<string, Attribute>;
  updates: UpdateRecord[];
  /** Contacts a batch reports in failureIds (a 207) instead of updating. */
  refusedIds: Set<number>;
  batchMax: () => number;
  clock: () => number;
}

function byEmail(state: ContactsState, email: string): Contact | undefined {
  const wanted = email.toLowerCase();
  return state.contacts.find((c) => c.email === wanted);
}

export function getContact(state: ContactsState, raw: string, query: URLSearchParams): FakeReply {
  const type = query.get('identifierType');
  let c: Contact | undefined;
  if (type === 'contact_id' || (type === null && /^\d+$/.test(raw)))
    c = state.byId.get(Number(raw));
  else if (type === 'email_id' || (type === null && raw.includes('@'))) c = byEmail(state, raw);
  else if (type !== null) return invalid(`identifierType ${type} is not supported`);
  if (c === undefined) return notFound('Contact does not exist');
  return { status: 200, json: { ...contactView(c), statistics: {} } };
}

const value = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
const item = z.object({
  email: z.string().optional(),
  id: z.number().int().optional(),
  sms: z.string().optional(),
  ext_id: z.string().optional(),
  attributes: z.record(z.string(), value).optional(),
  emailBlacklisted: z.boolean().optional(),
  smsBlacklisted: z.boolean().optional(),
  listIds: z.array(z.number().int()).optional(),
  unlinkListIds: z.array(z.number().int()).optional(),
  smtpBlacklistSender: z.array(z.string()).optional(),
});
type Item = z.infer<typeof item>;
const batchBody = z.object({ contacts: z.array(item).optional() });

/** The value as Brevo would keep it, or undefined where it ignores it (a wrong type). */
function coerce(a: Attribute, v: z.infer<typeof value>): AttributeValue | undefined {
  if (v === null || Array.isArray(v)) return undefined;
  switch (a.type) {
    case 'text':
      return String(v);
    case 'date': {
      if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
      return Number.isNaN(Date.parse(v)) ? undefined : v;
    }
    case 'float':
      return typeof v === 'number' ? v : undefined;
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
  }
}

function find(state: ContactsState, it: Item): Contact | undefined {
  if (it.id !== undefined) return state.byId.get(it.id);
  if (it.email !== undefined) return byEmail(state, it.email);
  return state.contacts.find((c) => c.attributes.SMS === it.sms);
}

function apply(state: ContactsState, c: Contact, it: Item): void {
  const set: string[] = [];
  for (const [raw, v] of Object.entries(it.attributes ?? {})) {
    const name = raw.toUpperCase();
    if (name === 'EMAIL') {
      if (typeof v === 'string') c.email = v.toLowerCase();
      continue;
    }
    const a = state.attributes.get(name);
    const kept = a === undefined ? undefined : coerce(a, v);
    if (kept === undefined) continue;
    c.attributes[name] = kept;
    set.push(name);
  }
  if (it.emailBlacklisted !== undefined) c.emailBlacklisted = it.emailBlacklisted;
  if (it.smsBlacklisted !== undefined) c.smsBlacklisted = it.smsBlacklisted;
  for (const id of it.listIds ?? []) if (!c.listIds.includes(id)) c.listIds.push(id);
  if (it.unlinkListIds !== undefined) {
    const gone = new Set(it.unlinkListIds);
    c.listIds = c.listIds.filter((id) => !gone.has(id));
    c.listUnsubscribed = c.listUnsubscribed.filter((id) => !gone.has(id));
  }
  const at = state.clock();
  c.modifiedAt = new Date(at).toISOString();
  state.updates.push({
    at,
    contactId: c.id,
    attributes: set,
    ...(it.emailBlacklisted === undefined ? {} : { emailBlacklisted: it.emailBlacklisted }),
    ...(it.unlinkListIds === undefined ? {} : { unlinkListIds: [...it.unlinkListIds] }),
  });
}

/** Whatever refuses the whole call before any contact is touched, or null. */
function refusal(state: ContactsState, items: Item[]): FakeReply | null {
  if (items.length === 0) return brevoError(400, 'missing_parameter', 'contacts is missing');
  const max = state.batchMax();
  if (items.length > max)
    return invalid(`You can update a maximum of ${max} contacts in one request`);
  for (const [i, it] of items.entries()) {
    const ids = [it.email, it.id, it.sms].filter((x) => x !== undefined).length;
    if (ids !== 1)
      return invalid(
        `Contact at index ${i}: pass exactly one of the supported contact identifiers (email, id or sms)`,
      );
    const unknown = Object.keys(it.attributes ?? {})
      .map((n) => n.toUpperCase())
      .filter((n) => n !== 'EMAIL' && !state.attributes.has(n));
    if (unknown.length > 0) return invalid(`Attribute ${unknown.join(', ')} does not exist`);
    const lists = [...(it.listIds ?? []), ...(it.unlinkListIds ?? [])];
    const badList = lists.find((id) => !state.lists.has(id));
    if (badList !== undefined) return invalid(`List ID ${badList} does not exist`);
  }
  const missing = items.flatMap((it, i) => (find(state, it) === undefined ? [i] : []));
  if (missing.length > 0) return notFound(`No contact found for indexes ${missing.join(',')}`);
  return null;
}

export function batchUpdate(state: ContactsState, body: Buffer): FakeReply {
  const parsed = parseJsonBody(batchBody, body);
  if (!parsed.ok) {
    const issue = parsed.issues[0];
    return invalid(issue ? `${issue.path.join('.')}: ${issue.message}` : parsed.reason);
  }
  const items = parsed.value.contacts ?? [];
  const refused = refusal(state, items);
  if (refused !== null) return refused;
  const successIds: number[] = [];
  const failureIds: number[] = [];
  for (const it of items) {
    const c = find(state, it);
    if (c === undefined) continue;
    if (state.refusedIds.has(c.id)) failureIds.push(c.id);
    else {
      apply(state, c, it);
      successIds.push(c.id);
    }
  }
  return failureIds.length === 0
    ? { status: 204 }
    : { status: 207, json: { successIds, failureIds } };
}
