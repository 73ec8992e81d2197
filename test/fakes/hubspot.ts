// A faithful fake of the HubSpot CRM v3 endpoints issue 32 uses, as a
// private app (legacy private app or static-token app) sees them: a Bearer
// token; contacts read with `after` paging; lists (Lists v3: search,
// memberships); contact batch read and update (200, or 207 multi-status);
// contact properties; the error body; and the rate limits with their headers.
// References:
//  - https://developers.hubspot.com/docs/developer-tooling/platform/usage-guidelines
//    (limits per tier: Free/Starter 100 per 10 s and 250,000 a day;
//    Professional 190 per 10 s and 625,000 a day; Enterprise 190 per 10 s
//    and 1,000,000 a day; the X-HubSpot-RateLimit-* headers; the 429 body
//    with policyName)
//  - https://developers.hubspot.com/docs/apps/legacy-apps/private-apps/overview
//    (the same table for private apps; Bearer token)
//  - https://developers.hubspot.com/changelog/2018-11-06-rate-limit-information-headers-will-be-included-in-http-responses
//    (X-HubSpot-RateLimit-Secondly and -Secondly-Remaining)
//  - https://developers.hubspot.com/docs/api-reference/legacy/crm/objects/contacts/batch/update-contacts
//  - https://developers.hubspot.com/docs/guides/api/crm/lists/overview
//  - https://developers.hubspot.com/docs/guides/api/crm/properties
//  - github.com/HubSpot/hubspot-api-nodejs codegen/crm/{contacts,lists,properties}
import { randomUUID } from 'node:crypto';
import { createFaultControls, healthyFaults, takeFault, type FaultControls } from './common/faults';
import { createDailyCounter, createRollingWindow, type Clock } from './common/limits';
import { sleep, startFakeServer, type FakeReply, type RequestRecord } from './common/server';
import { batchRead, batchUpdate, listContacts, type ContactsState } from './hubspot/contacts';
import {
  builtInProperties,
  type Contact,
  type ContactSeed,
  type HsList,
  type HsListSeed,
  type Property,
} from './hubspot/data';
import { hsError, notFound, rateLimited, unauthorized } from './hubspot/errors';
import { getList, memberships, searchLists } from './hubspot/lists';
import { createProperty, getProperty, listProperties, patchProperty } from './hubspot/properties';

export { demoContacts, type ContactSeed, type HsListSeed } from './hubspot/data';

export type HubSpotTier = 'starter' | 'professional' | 'enterprise';

/** Per private app per 10 seconds, and per account per day (usage guidelines' table). */
export const HUBSPOT_LIMITS: Record<HubSpotTier, { tenSecondly: number; daily: number }> = {
  starter: { tenSecondly: 100, daily: 250_000 },
  professional: { tenSecondly: 190, daily: 625_000 },
  enterprise: { tenSecondly: 190, daily: 1_000_000 },
};

export interface HubSpotFakeOptions {
  contacts?: ContactSeed[];
  lists?: HsListSeed[];
  token?: string;
  tier?: HubSpotTier;
  /** Overrides of the tier's numbers (a small burst limit makes a 429 storm cheap in tests). */
  limits?: Partial<{ tenSecondly: number; daily: number }>;
  invalidPropertyMode?: ContactsState['invalidPropertyMode'];
  latencyMs?: number;
  clock?: Clock;
  port?: number;
}

export interface HubSpotFake {
  /** The base URL, as https://api.hubapi.com would be. */
  url: string;
  token: string;
  contact(id: string): Contact | undefined;
  contacts: readonly Contact[];
  properties: ReadonlyMap<string, Property>;
  lists: ReadonlyMap<string, HsList>;
  requests: readonly RequestRecord[];
  faults: FaultControls;
  config: {
    tenSecondly: number;
    daily: number;
    latencyMs: number;
    invalidPropertyMode: ContactsState['invalidPropertyMode'];
  };
  stop(): Promise<void>;
}

function seed(options: HubSpotFakeOptions, state: ContactsState, lists: Map<string, HsList>): void {
  const now = new Date().toISOString();
  for (const [i, s] of (options.contacts ?? []).entries()) {
    // Record ids ascend, as HubSpot's do; paging by `after` follows them.
    const id = String(1001 + i * 2);
    const contact: Contact = {
      id,
      properties: {
        email: s.email,
        firstname: s.firstName ?? '',
        lastname: s.lastName ?? '',
        createdate: now,
        lastmodifieddate: now,
        hs_object_id: id,
        ...s.properties,
      },
      createdAt: now,
      updatedAt: now,
    };
    state.contacts.push(contact);
    state.byId.set(id, contact);
  }
  for (const [i, ls] of (options.lists ?? []).entries()) {
    const ids = (ls.members ?? state.contacts.map((_, j) => j))
      .map((j) => state.contacts[j]?.id)
      .filter((x): x is string => x !== undefined);
    ids.sort((a, b) => Number(a) - Number(b));
    const listId = String(10 + i);
    lists.set(listId, {
      listId,
      name: ls.name,
      processingType: ls.processingType ?? 'MANUAL',
      objectTypeId: '0-1',
      createdAt: now,
      updatedAt: now,
      members: ids,
      joinedAt: new Map(ids.map((id) => [id, now])),
    });
  }
}

export async function startHubSpotFake(options: HubSpotFakeOptions = {}): Promise<HubSpotFake> {
  const token = options.token ?? `pat-na1-${randomUUID()}`;
  const tier = HUBSPOT_LIMITS[options.tier ?? 'professional'];
  const config = {
    tenSecondly: options.limits?.tenSecondly ?? tier.tenSecondly,
    daily: options.limits?.daily ?? tier.daily,
    latencyMs: options.latencyMs ?? 0,
    invalidPropertyMode: options.invalidPropertyMode ?? 'whole-batch',
  };
  let baseUrl = '';
  const state: ContactsState = {
    contacts: [],
    byId: new Map(),
    properties: new Map(builtInProperties().map((p) => [p.name, p])),
    get invalidPropertyMode() {
      return config.invalidPropertyMode;
    },
    baseUrl: () => baseUrl,
  };
  const lists = new Map<string, HsList>();
  seed(options, state, lists);
  const clock = options.clock ?? Date.now;
  const burst = createRollingWindow(() => config.tenSecondly, 10_000, clock);
  const daily = createDailyCounter(() => config.daily);
  const faultState = healthyFaults();

  function route(method: string, path: string, query: URLSearchParams, body: Buffer): FakeReply {
    const p = path.replace(/\/+$/, '');
    if (method === 'GET' && p === '/crm/v3/objects/contacts') return listContacts(state, query);
    if (method === 'POST' && p === '/crm/v3/objects/contacts/batch/read')
      return batchRead(state, body);
    if (method === 'POST' && p === '/crm/v3/objects/contacts/batch/update')
      return batchUpdate(state, body);
    if (method === 'GET' && p === '/crm/v3/properties/contacts')
      return listProperties(state.properties);
    if (method === 'POST' && p === '/crm/v3/properties/contacts')
      return createProperty(state.properties, body);
    const prop = /^\/crm\/v3\/properties\/contacts\/([^/]+)$/.exec(p);
    if (prop && method === 'GET')
      return getProperty(state.properties, decodeURIComponent(prop[1] ?? ''));
    if (prop && method === 'PATCH')
      return patchProperty(state.properties, decodeURIComponent(prop[1] ?? ''), body);
    if (method === 'POST' && p === '/crm/v3/lists/search')
      return searchLists([...lists.values()], body);
    const list = /^\/crm\/v3\/lists\/([^/]+)(\/memberships)?$/.exec(p);
    if (list && method === 'GET') {
      const id = decodeURIComponent(list[1] ?? '');
      return list[2] ? memberships(lists, id, query) : getList(lists, id);
    }
    return notFound(`No route for ${method} ${path}`);
  }

  const server = await startFakeServer(
    async (req) => {
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const fault = takeFault(faultState);
      if (m?.[1] !== token || fault === 'failAuth') return unauthorized();
      // Both limits are counted per request; a refused request is still counted
      // against the day, as "requests resulting in an error response" are.
      const day = daily.take();
      const window = burst.take();
      const headers = {
        'X-HubSpot-RateLimit-Daily': String(day.max),
        'X-HubSpot-RateLimit-Daily-Remaining': String(day.remaining),
        'X-HubSpot-RateLimit-Interval-Milliseconds': String(window.windowMs),
        'X-HubSpot-RateLimit-Max': String(window.max),
        'X-HubSpot-RateLimit-Remaining': String(window.remaining),
        'X-HubSpot-RateLimit-Secondly': String(Math.ceil(window.max / 10)),
        'X-HubSpot-RateLimit-Secondly-Remaining': String(Math.floor(window.remaining / 10)),
        'X-HubSpot-Correlation-Id': randomUUID(),
      };
      let reply: FakeReply;
      if (!day.allowed) reply = rateLimited('DAILY');
      else if (!window.allowed || fault === 'refuse') reply = rateLimited('TEN_SECONDLY_ROLLING');
      else {
        await sleep(config.latencyMs + faultState.slowMs);
        reply =
          fault !== null
            ? hsError(fault.serverError, 'INTERNAL_ERROR', 'internal error')
            : route(req.method, req.path, req.query, req.body);
      }
      return { ...reply, headers: { ...headers, ...reply.headers } };
    },
    { port: options.port },
  );
  baseUrl = server.url;

  return {
    url: server.url,
    token,
    contact: (id) => state.byId.get(id),
    contacts: state.contacts,
    properties: state.properties,
    lists,
    requests: server.requests,
    faults: createFaultControls(faultState),
    config,
    stop: () => server.stop(),
  };
}
