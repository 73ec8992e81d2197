// Contacts: GET /crm/v3/objects/contacts with `after` cursor paging, and the
// batch read and update endpoints.
//  - https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/update-contacts
//    ("Provided property values will be overwritten. Read-only and
//    non-existent properties will result in an error."; 200, or 207 with
//    `errors` and `numErrors`)
//  - https://developers.hubspot.com/docs/guides/api/crm/objects/contacts (limit
//    up to 100 per page, `paging.next.after`)
//  - models: github.com/HubSpot/hubspot-api-nodejs codegen/crm/contacts/models
//    (BatchResponseSimplePublicObject[WithErrors], StandardError, ForwardPaging)
import { z } from 'zod';
import { intParam, parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import { DEFAULT_PROPERTIES, type Contact, type Property } from './data';
import { validation } from './errors';
import { checkValue } from './values';

export interface ContactsState {
  contacts: Contact[];
  byId: Map<string, Contact>;
  properties: Map<string, Property>;
  /** How invalid property values in a batch update are answered (see the report). */
  invalidPropertyMode: 'whole-batch' | 'per-input';
  baseUrl: () => string;
}

/** "limit: The maximum number of results to display per page." (at most 100). */
const MAX_PAGE = 100;
/** "Batch operations are limited to 100 records per request" (the batch endpoints' input cap). */
export const MAX_BATCH = 100;

export function contactView(c: Contact, wanted: string[]): Record<string, unknown> {
  const properties: Record<string, string | null> = {};
  for (const name of wanted) properties[name] = c.properties[name] ?? null;
  return { id: c.id, properties, createdAt: c.createdAt, updatedAt: c.updatedAt, archived: false };
}

function wantedProperties(state: ContactsState, raw: string[] | null): string[] {
  // Properties that do not exist are left out of the answer, not refused.
  if (raw === null || raw.length === 0) return DEFAULT_PROPERTIES;
  return raw.filter((p) => state.properties.has(p));
}

/** The index of the first contact whose id is greater than or equal to `after` (ids ascend numerically). */
function indexAfter(contacts: Contact[], after: number): number {
  let lo = 0;
  let hi = contacts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (Number(contacts[mid]?.id) < after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function listContacts(state: ContactsState, query: URLSearchParams): FakeReply {
  const limit = intParam(query, 'limit', 10);
  if (Number.isNaN(limit) || limit < 1 || limit > MAX_PAGE) {
    return validation(`limit must be a whole number from 1 to ${MAX_PAGE}`);
  }
  const afterRaw = query.get('after');
  if (afterRaw !== null && !/^\d+$/.test(afterRaw)) return validation(`Invalid after: ${afterRaw}`);
  const start = afterRaw === null ? 0 : indexAfter(state.contacts, Number(afterRaw));
  const page = state.contacts.slice(start, start + limit);
  const wanted = wantedProperties(
    state,
    query
      .get('properties')
      ?.split(',')
      .filter((p) => p !== '') ?? null,
  );
  const next = state.contacts[start + limit];
  return {
    status: 200,
    json: {
      results: page.map((c) => contactView(c, wanted)),
      ...(next === undefined
        ? {}
        : {
            paging: {
              next: {
                after: next.id,
                link: `${state.baseUrl()}/crm/v3/objects/contacts?after=${next.id}&limit=${limit}`,
              },
            },
          }),
    },
  };
}

const stamp = () => new Date().toISOString();

function batchAnswer(results: unknown[], errors: unknown[], requestedAt: string): FakeReply {
  const body = {
    status: 'COMPLETE',
    results,
    ...(errors.length > 0 ? { numErrors: errors.length, errors } : {}),
    requestedAt,
    startedAt: requestedAt,
    completedAt: stamp(),
  };
  return { status: errors.length > 0 ? 207 : 200, json: body };
}

/** The one error a batch answers for every id it did not find. */
const notFoundIds = (ids: string[]) => ({
  status: 'error',
  category: 'OBJECT_NOT_FOUND',
  message:
    'Could not get some CONTACT objects, they may be deleted or not exist. Check that ids are valid.',
  context: { ids },
  errors: [],
  links: {},
});

const tooMany = (n: number) =>
  validation(
    `The maximum number of inputs supported in a batch request is ${MAX_BATCH}. You provided ${n}.`,
  );

const readBody = z.object({
  inputs: z.array(z.object({ id: z.string() })),
  properties: z.array(z.string()).default([]),
  idProperty: z.string().optional(),
});

export function batchRead(state: ContactsState, body: Buffer): FakeReply {
  const parsed = parseJsonBody(readBody, body);
  if (!parsed.ok) return validation(`Invalid input JSON: ${parsed.reason}`);
  const { inputs, properties, idProperty } = parsed.value;
  if (inputs.length > MAX_BATCH) return tooMany(inputs.length);
  const requestedAt = stamp();
  const wanted = wantedProperties(state, properties);
  const missing: string[] = [];
  const results = [];
  for (const { id } of inputs) {
    const c =
      idProperty === 'email'
        ? state.contacts.find((x) => x.properties.email?.toLowerCase() === id.toLowerCase())
        : state.byId.get(id);
    if (c === undefined) missing.push(id);
    else results.push(contactView(c, wanted));
  }
  const errors = missing.length === 0 ? [] : [notFoundIds(missing)];
  return batchAnswer(results, errors, requestedAt);
}

const updateBody = z.object({
  inputs: z.array(z.object({ id: z.string(), properties: z.record(z.string(), z.string()) })),
});

interface Invalid {
  isValid: false;
  message: string;
  error: string;
  name: string;
}

export function batchUpdate(state: ContactsState, body: Buffer): FakeReply {
  const parsed = parseJsonBody(updateBody, body);
  if (!parsed.ok) return validation(`Invalid input JSON: ${parsed.reason}`);
  const { inputs } = parsed.value;
  if (inputs.length > MAX_BATCH) return tooMany(inputs.length);
  const ids = inputs.map((i) => i.id);
  const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (dupes.length > 0)
    return validation(
      `Duplicate IDs found in batch input: [${[...new Set(dupes)].join(', ')}]. IDs must be unique`,
    );
  const requestedAt = stamp();
  const invalidByInput = inputs.map((input) =>
    Object.entries(input.properties)
      .map(([name, value]) => checkValue(state.properties.get(name), name, value))
      .filter((v): v is Invalid => v !== null),
  );
  const allInvalid = invalidByInput.flat();
  if (state.invalidPropertyMode === 'whole-batch' && allInvalid.length > 0) {
    // Nothing is written: one bad value refuses the batch.
    return validation(`Property values were not valid: ${JSON.stringify(allInvalid)}`, {
      errors: allInvalid.map((v) => ({
        message: v.message,
        code: v.error,
        context: { propertyName: [v.name] },
      })),
    });
  }
  const results = [];
  const errors = [];
  const missing: string[] = [];
  for (const [i, input] of inputs.entries()) {
    const contact = state.byId.get(input.id);
    if (contact === undefined) {
      missing.push(input.id);
      continue;
    }
    const invalid = invalidByInput[i] ?? [];
    if (invalid.length > 0) {
      errors.push({
        status: 'error',
        category: 'VALIDATION_ERROR',
        message: `Property values were not valid: ${JSON.stringify(invalid)}`,
        context: { ids: [input.id] },
        errors: [],
        links: {},
      });
      continue;
    }
    let changed = false;
    for (const [name, value] of Object.entries(input.properties)) {
      if (contact.properties[name] !== value) changed = true;
      contact.properties[name] = value;
    }
    if (changed) {
      contact.updatedAt = stamp();
      contact.writes = (contact.writes ?? 0) + 1;
    }
    contact.properties.lastmodifieddate = contact.updatedAt;
    results.push(contactView(contact, Object.keys(input.properties)));
  }
  if (missing.length > 0) {
    errors.push(notFoundIds(missing));
  }
  return batchAnswer(results, errors, requestedAt);
}
