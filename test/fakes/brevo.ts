// A faithful fake of the Brevo (formerly Sendinblue) API v3 endpoints the
// Brevo connector uses: GET /account; GET /contacts/lists; GET
// /contacts/lists/{listId}/contacts; GET /contacts/{identifier}; GET and
// POST /contacts/attributes[/{category}/{name}]; POST /contacts/batch. The
// key travels in the `api-key` header; errors are { code, message }; the
// rate limits answer 429 with Brevo's x-sib-ratelimit-* headers.
//
// Read:
//  - getbrevo/brevo-python 1.2.0 (commit c280e37, March 2026):
//    brevo_python/api/contacts_api.py (limit maxima: lists 50, list
//    contacts 500, contacts 1000), docs/ContactsApi.md (defaults, sort
//    desc by creation, update_batch_contacts and create_attribute answer
//    no body), docs/GetContactDetails.md, GetLists.md, GetAccount.md,
//    UpdateBatchContacts(Contacts).md, UpdateBatchContactsModel.md,
//    UpdateContact.md, CreateAttribute.md, GetAttributesAttributes.md,
//    ErrorModel.md
//  - getbrevo/brevo-node 3.0.1 (commit c353d32): model/errorModel.ts (the
//    error codes), model/getListsListsInner.ts, model/getContacts.ts,
//    api/contactsApi.ts (query parameters, the api-key header)
//  - https://developers.brevo.com/docs/api-limits (contacts endpoints 10
//    RPS / 36,000 RPH, 20 RPS on Enterprise; all other endpoints 100 RPH)
//  - https://developers.brevo.com/docs/limit-headers (x-sib-ratelimit-limit,
//    -remaining, -reset in seconds; 429 Too Many Requests)
//  - https://developers.brevo.com/reference/update-batch-contacts (204 "All
//    contacts updated"); withone.ai's copy of the same reference (207 "Few
//    contacts updated" with successIds/failureIds)
//  - github.com/sendinblue/APIv3-php-library issue 257 (a batch naming an
//    unknown contact: 404 document_not_found "No contact found for indexes
//    3,4", nothing updated)
//  - https://developers.brevo.com/changelog/operations-and-management-for-contacts
//    (an empty list answers { contacts: [], count: 0 })
//
// Assumed (not found in what could be read):
//  - the 401's words "Key not found" (quoted by integrations, not the
//    reference) and that a missing key gets the same answer;
//  - the 429's body; fixed (not rolling) windows; an injected refusal's
//    reset (config.refusalResetSeconds);
//  - a page limit over the maximum is refused with 400 out_of_range (the
//    SDKs refuse it client-side, so the server's words were never seen);
//  - the batch maximum of 100 contacts and its refusal (no maximum is
//    documented); an unknown attribute in an update refuses the whole call
//    with 400 invalid_parameter; which contacts land in failureIds (those
//    the test names with refuseUpdates);
//  - an existing attribute name is refused with 400 duplicate_parameter
//    "Attribute name must be unique";
//  - a date attribute takes YYYY-MM-DD and is read back the same way;
//  - what uniqueSubscribers / totalSubscribers / totalBlacklisted count;
//  - a list-unsubscribed contact stays in listIds and in the list's contacts.
import { randomBytes } from 'node:crypto';
import { createFaultControls, healthyFaults, takeFault, type FaultControls } from './common/faults';
import type { Clock } from './common/limits';
import { sleep, startFakeServer, type FakeReply, type RequestRecord } from './common/server';
import { createAttribute, listAttributes } from './brevo/attributes';
import { batchUpdate, getContact, type ContactsState } from './brevo/contacts';
import {
  defaultAttributes,
  seedAccount,
  type Attribute,
  type BrevoContactSeed,
  type BrevoList,
  type BrevoListSeed,
  type Contact,
  type UpdateRecord,
} from './brevo/data';
import { brevoError, noRoute, tooManyRequests, unauthorized } from './brevo/errors';
import { createFixedWindow, rateHeaders } from './brevo/limits';
import { getListContacts, getLists } from './brevo/lists';

export {
  demoBrevoContacts,
  type BrevoContactSeed,
  type BrevoListSeed,
  type Contact as BrevoContact,
} from './brevo/data';

export type BrevoTier = 'general' | 'enterprise';

/** Per key: contacts endpoints per second, all other endpoints per hour (the api-limits tables). */
export const BREVO_LIMITS: Record<BrevoTier, { contactsPerSecond: number; otherPerHour: number }> =
  {
    general: { contactsPerSecond: 10, otherPerHour: 100 },
    enterprise: { contactsPerSecond: 20, otherPerHour: 200 },
  };

/** "You can update a maximum of ..." is assumed: no maximum is documented for POST /contacts/batch. */
export const BREVO_BATCH_MAX = 100;

export interface BrevoFakeOptions {
  contacts?: BrevoContactSeed[];
  lists?: BrevoListSeed[];
  key?: string;
  tier?: BrevoTier;
  /** Overrides of the tier's numbers (a big allowance keeps a 50,000-member test quick). */
  limits?: Partial<{ contactsPerSecond: number; otherPerHour: number }>;
  /** The x-sib-ratelimit-reset an injected refusal carries (0 keeps a 429 storm cheap in tests). */
  refusalResetSeconds?: number;
  batchMax?: number;
  latencyMs?: number;
  clock?: Clock;
  port?: number;
}

export interface BrevoFake {
  /** The base URL, as https://api.brevo.com/v3 would be. */
  url: string;
  key: string;
  contacts: readonly Contact[];
  contact(id: number): Contact | undefined;
  contactByEmail(email: string): Contact | undefined;
  lists: ReadonlyMap<number, BrevoList>;
  attributes: ReadonlyMap<string, Attribute>;
  /** Every contact a write changed, in order. */
  updates: readonly UpdateRecord[];
  /** These contacts come back in a batch's failureIds (a 207) until cleared. */
  refuseUpdates(ids: number[]): void;
  requests: readonly RequestRecord[];
  faults: FaultControls;
  config: {
    contactsPerSecond: number;
    otherPerHour: number;
    refusalResetSeconds: number;
    batchMax: number;
    latencyMs: number;
  };
  stop(): Promise<void>;
}

const ACCOUNT = {
  email: 'owner@example.com',
  firstName: 'Ada',
  lastName: 'Owner',
  companyName: 'Example Shop',
  address: { street: '1 Example Street', city: 'Paris', zipCode: '75001', country: 'France' },
  plan: [{ type: 'free', creditsType: 'sendLimit', credits: 300 }],
  relay: {
    enabled: true,
    data: { userName: 'owner@example.com', relay: 'smtp-relay.brevo.com', port: 587 },
  },
};

export async function startBrevoFake(options: BrevoFakeOptions = {}): Promise<BrevoFake> {
  const key =
    options.key ?? `xkeysib-${randomBytes(32).toString('hex')}-${randomBytes(8).toString('hex')}`;
  const tier = BREVO_LIMITS[options.tier ?? 'general'];
  const config = {
    contactsPerSecond: options.limits?.contactsPerSecond ?? tier.contactsPerSecond,
    otherPerHour: options.limits?.otherPerHour ?? tier.otherPerHour,
    refusalResetSeconds: options.refusalResetSeconds ?? 1,
    batchMax: options.batchMax ?? BREVO_BATCH_MAX,
    latencyMs: options.latencyMs ?? 0,
  };
  const clock = options.clock ?? Date.now;
  const seeded = seedAccount(options.contacts ?? [], options.lists ?? []);
  const state: ContactsState = {
    contacts: seeded.contacts,
    byId: new Map(seeded.contacts.map((c) => [c.id, c])),
    lists: new Map(seeded.lists.map((l) => [l.id, l])),
    attributes: new Map(defaultAttributes().map((a) => [a.name, a])),
    updates: [],
    refusedIds: new Set(),
    batchMax: () => config.batchMax,
    clock,
  };
  const contactsWindow = createFixedWindow(() => config.contactsPerSecond, 1_000, clock);
  const otherWindow = createFixedWindow(() => config.otherPerHour, 3_600_000, clock);
  const faultState = healthyFaults();

  function route(method: string, path: string, query: URLSearchParams, body: Buffer): FakeReply {
    const p = path.replace(/\/+$/, '');
    if (method === 'GET' && p === '/account') return { status: 200, json: ACCOUNT };
    if (method === 'GET' && p === '/contacts/lists')
      return getLists([...state.lists.values()], state.contacts, query);
    const members = /^\/contacts\/lists\/([^/]+)\/contacts$/.exec(p);
    if (method === 'GET' && members)
      return getListContacts(state.lists, state.contacts, members[1] ?? '', query);
    if (method === 'GET' && p === '/contacts/attributes') return listAttributes(state.attributes);
    const attr = /^\/contacts\/attributes\/([^/]+)\/([^/]+)$/.exec(p);
    if (method === 'POST' && attr)
      return createAttribute(
        state.attributes,
        decodeURIComponent(attr[1] ?? ''),
        decodeURIComponent(attr[2] ?? ''),
        body,
      );
    if (method === 'POST' && p === '/contacts/batch') return batchUpdate(state, body);
    const one = /^\/contacts\/([^/]+)$/.exec(p);
    if (method === 'GET' && one) return getContact(state, decodeURIComponent(one[1] ?? ''), query);
    return noRoute(method, path);
  }

  const server = await startFakeServer(
    async (req) => {
      const given = req.headers['api-key'];
      const fault = takeFault(faultState);
      if (given !== key || fault === 'failAuth') return unauthorized();
      // The API lives under /v3, as at https://api.brevo.com/v3.
      const path = req.path.startsWith('/v3/') ? req.path.slice(3) : null;
      if (path === null) return noRoute(req.method, req.path);
      const window = path.startsWith('/contacts') ? contactsWindow.take() : otherWindow.take();
      if (fault === 'refuse') {
        return {
          ...tooManyRequests(),
          headers: rateHeaders({
            limit: window.limit,
            remaining: 0,
            resetSeconds: config.refusalResetSeconds,
          }),
        };
      }
      const headers = rateHeaders(window);
      if (!window.allowed) return { ...tooManyRequests(), headers };
      await sleep(config.latencyMs + faultState.slowMs);
      const reply =
        fault !== null
          ? brevoError(fault.serverError, 'internal_error', 'Internal server error')
          : route(req.method, path, req.query, req.body);
      return { ...reply, headers: { ...headers, ...reply.headers } };
    },
    { port: options.port },
  );

  let emailIndex: Map<string, Contact> | null = null;
  return {
    url: `${server.url}/v3`,
    key,
    contacts: state.contacts,
    contact: (id) => state.byId.get(id),
    contactByEmail(email) {
      // Indexed on first use (tests look up every member of a 50,000-member list).
      if (emailIndex === null || emailIndex.size !== state.contacts.length) {
        emailIndex = new Map(state.contacts.map((c) => [c.email, c]));
      }
      return emailIndex.get(email.toLowerCase());
    },
    lists: state.lists,
    attributes: state.attributes,
    updates: state.updates,
    refuseUpdates: (ids) => {
      state.refusedIds.clear();
      for (const id of ids) state.refusedIds.add(id);
    },
    requests: server.requests,
    faults: createFaultControls(faultState),
    config,
    stop: () => server.stop(),
  };
}
