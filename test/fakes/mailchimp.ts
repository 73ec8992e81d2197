// A fake of the Mailchimp Marketing API 3.0, for the parts issue 32 uses:
// ping, lists, members read page by page, tags, unsubscribe, archive and
// batch operations; its errors, its key and its limit of simultaneous
// connections. Built from what could be read of the public reference, not
// from our client. The rules are cited where they are made, in
// test/fakes/mailchimp/*.ts.
//
// Read (every quotation in these files comes from one of these):
//  - github.com/mailchimp/mailchimp-marketing-node, v3.0.80:
//    src/ApiClient.js (base https://server.api.mailchimp.com/3.0 with "server"
//    replaced by the account's server prefix; HTTP Basic, user "user",
//    password the API key), src/api/ListsApi.js (members: count "Default
//    value is 10. Maximum value is 1000", offset, status, fields and
//    exclude_fields; the member path takes the MD5 hash, "also accepts a
//    list member's email address or contact_id", the tags path the hash
//    only; DELETE archives; tags: add or remove, an unknown active tag is
//    created), src/api/BatchesApi.js ("only one batch request is run at a
//    time").
//  - github.com/mailchimp/mailchimp-marketing-python-sdk, generated types:
//    types/batch.py, batch_status.py, batch_completed_at_one.py,
//    batches/types/create_batches_request_operations_item(_method).py,
//    types/list_members.py, lists/types/list_members_lists_request_status.py,
//    update_member_lists_request_status.py,
//    create_member_tag_lists_request_tags_item.py, list_members_lists_response.py.
//  - https://mailchimp.com/developer/marketing/docs/errors/ (the problem
//    document: type, title, status, detail, instance; application/problem+json;
//    its 405 example). Only the top of the page; the error glossary was not.
//  - https://mailchimp.com/developer/marketing/guides/run-async-requests-batch-endpoint/
//    ("a limit of 10 concurrent connections for your API key") and the older
//    guide at
//    https://developer.mailchimp.com/documentation/mailchimp/guides/how-to-use-batch-operations/
//    (the operation and batch fields, 200 on POST, the five statuses).
//  - https://mailchimp.com/help/about-cleaned-contacts/ ("you can't edit
//    them") and the same article as hosted at
//    https://quickbooks.intuit.com/learn-support/en-us/help-article/email-campaign/cleaned-contacts/L4Mq51NnS_US_en_US
//    ("Cleaned contacts ... cannot be archived").
//  - Others' reports: github.com/thorning/node-mailchimp issue 61 (count 3000
//    answered with 1000 records), mailchimp/mailchimp-client-lib-codegen
//    issue 129 (a maintainer: "You can retrieve 1000 records at a time"), the
//    Arcadier/Mailchimp-Exporter wiki (the result archive's JSON,
//    [{status_code, operation_id, response}], quoted from Mailchimp's guide),
//    a Stack Overflow question 63584277 (DELETE archives; an archived member
//    is still read and a PATCH with a status brings it back), the Kestra
//    Mailchimp plugin page (the data center is the key's suffix).
//
// Assumed, not read anywhere (a client must not lean on these):
//  - the 401, 429 and 400 titles and details, the 400 `errors` array, and
//    that a 429 carries no Retry-After; how an unknown status filter is answered;
//  - what the API answers when a cleaned member is edited, tagged
//    (`cleanedAcceptsTags`, refused by default) or archived (400 here);
//  - that GET .../members without a status leaves archived members out, and
//    that archiving an archived member answers 404;
//  - the list's `stats` fields; ping's health_status text;
//  - the batch's timing, that response_body_url is "" until "finished", the
//    archive's file names and 500 results a file, and that the archive link
//    (here /_fake/batch-results/...) needs no key;
//  - that the limit counts requests in flight on the key, and nothing else
//    (no per-second or per-day limit is modelled).
// The fake answers plain http on loopback, addressed by its base URL
// (`url`, which ends in /3.0).
import { randomBytes } from 'node:crypto';
import { createFaultControls, healthyFaults, takeFault, type FaultControls } from './common/faults';
import { createConcurrencyGate } from './common/limits';
import { sleep, startFakeServer, type FakeReply, type RequestRecord } from './common/server';
import { createBatches, type Batch, type ResultArchive } from './mailchimp/batches';
import {
  listView,
  makeMember,
  memberView,
  type List,
  type ListSeed,
  type Member,
} from './mailchimp/data';
import {
  apiKeyInvalid,
  apiKeyMissing,
  methodNotAllowed,
  notFound,
  problem,
  tooManyRequests,
} from './mailchimp/errors';
import {
  archiveMember,
  findMember,
  getLists,
  getMembers,
  patchMember,
  tagIdOf,
  writeTags,
  type MailchimpState,
} from './mailchimp/members';

export { demoMembers, subscriberHash, type MemberSeed, type MemberStatus } from './mailchimp/data';

export interface MailchimpFakeOptions {
  lists?: ListSeed[];
  /** The data center, the key's suffix ("us21"). */
  dc?: string;
  key?: string;
  /** "up to 10 simultaneous connections" per user account. */
  maxConnections?: number;
  /** Each answer waits this long, so connections overlap as they do over a real network. */
  latencyMs?: number;
  /** How long each batch step (pending → started → finished) takes. */
  batchStepMs?: number;
  /**
   * What a finished batch's results link serves: the results (default), an
   * archive inflating far past any batch's results ('bomb'), or a link to an
   * address off the internet ('private-link').
   */
  resultArchive?: ResultArchive;
  cleanedAcceptsTags?: boolean;
  port?: number;
}

export interface MailchimpFake {
  /** The base URL, as https://<dc>.api.mailchimp.com/3.0 would be. */
  url: string;
  key: string;
  dc: string;
  lists: ReadonlyMap<string, List>;
  member(listId: string, email: string): Member | undefined;
  batches: ReadonlyMap<string, Batch>;
  requests: readonly RequestRecord[];
  faults: FaultControls;
  /** Live settings tests may change while the fake runs. */
  config: {
    maxConnections: number;
    latencyMs: number;
    batchStepMs: number;
    resultArchive: ResultArchive;
  };
  stop(): Promise<void>;
}

/**
 * The paths the fake answers and their methods (a 405 names them in Allow).
 * The real API has more methods on some of these paths (POST /lists/{id}/members,
 * GET /batches, DELETE /batches/{id}, ...); the fake answers only these.
 */
const ROUTES: Record<string, string[]> = {
  '/ping': ['GET'],
  '/lists': ['GET'],
  '/lists/{}': ['GET'],
  '/lists/{}/members': ['GET'],
  '/lists/{}/members/{}': ['GET', 'PATCH', 'DELETE'],
  '/lists/{}/members/{}/tags': ['POST'],
  '/batches': ['POST'],
  '/batches/{}': ['GET'],
};

/** The key from "Authorization: Basic base64(anyuser:key)", or null. */
function keyOf(header: string | undefined): string | null {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

function seedLists(state: MailchimpState, seeds: ListSeed[]): void {
  for (const [i, seed] of seeds.entries()) {
    const id = seed.id ?? randomBytes(5).toString('hex');
    const list: List = {
      id,
      web_id: 100_000 + i,
      name: seed.name,
      date_created: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
      members: [],
      byHash: new Map(),
    };
    for (const ms of seed.members) {
      const member = makeMember(id, ms, tagIdOf(state));
      if (list.byHash.has(member.id)) continue;
      list.members.push(member);
      list.byHash.set(member.id, member);
    }
    state.lists.set(id, list);
  }
}

export async function startMailchimpFake(
  options: MailchimpFakeOptions = {},
): Promise<MailchimpFake> {
  const dc = options.dc ?? 'us21';
  const key = options.key ?? `${randomBytes(16).toString('hex')}-${dc}`;
  const config = {
    maxConnections: options.maxConnections ?? 10,
    latencyMs: options.latencyMs ?? 0,
    batchStepMs: options.batchStepMs ?? 20,
    resultArchive: options.resultArchive ?? ('results' as ResultArchive),
  };
  const state: MailchimpState = {
    lists: new Map(),
    tagIds: new Map(),
    cleanedAcceptsTags: options.cleanedAcceptsTags ?? false,
  };
  seedLists(state, options.lists ?? []);
  const faultState = healthyFaults();
  const gate = createConcurrencyGate(() => config.maxConnections);
  let baseUrl = '';

  async function dispatch(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Buffer,
  ): Promise<FakeReply> {
    const parts = path
      .split('/')
      .filter((p) => p !== '')
      .map(decodeURIComponent);
    const pattern = `/${parts.map((p, i) => (i % 2 === 1 ? '{}' : p)).join('/')}`;
    const allowed = ROUTES[pattern];
    if (allowed === undefined) return notFound();
    if (!allowed.includes(method)) return methodNotAllowed(allowed);
    const route = `${method} ${pattern}`;
    if (route === 'GET /ping')
      return { status: 200, json: { health_status: "Everything's Chimpy!" } };
    if (route === 'GET /lists') return getLists(state, query);
    if (route === 'POST /batches') return batches.start(body);
    if (route === 'GET /batches/{}') return batches.get(parts[1] ?? '');
    const list = parts[1] === undefined ? undefined : state.lists.get(parts[1]);
    if (list === undefined) return notFound();
    if (route === 'GET /lists/{}') return { status: 200, json: listView(list) };
    if (route === 'GET /lists/{}/members') return getMembers(list, query);
    const tags = pattern === '/lists/{}/members/{}/tags';
    const member = parts[3] === undefined ? undefined : findMember(list, parts[3], tags);
    if (member === undefined) return notFound();
    if (route === 'GET /lists/{}/members/{}') return { status: 200, json: memberView(member) };
    if (route === 'PATCH /lists/{}/members/{}') return patchMember(member, body);
    if (route === 'DELETE /lists/{}/members/{}') return archiveMember(member);
    return writeTags(state, member, body);
  }
  const batches = createBatches(dispatch, {
    stepMs: () => config.batchStepMs,
    resultArchive: () => config.resultArchive,
    baseUrl: () => baseUrl,
  });

  const server = await startFakeServer(
    async (req) => {
      const archive = /^\/_fake\/batch-results\/([0-9a-f]+)\.tar\.gz$/.exec(req.path);
      if (archive && req.method === 'GET') return batches.archive(archive[1] ?? '');
      if (!req.path.startsWith('/3.0/') && req.path !== '/3.0') return notFound();
      const given = keyOf(req.headers.authorization);
      if (given === null) return apiKeyMissing();
      const fault = takeFault(faultState);
      if (given !== key || fault === 'failAuth') return apiKeyInvalid();
      const release = gate.enter(given);
      if (release === null || fault === 'refuse') {
        release?.();
        return tooManyRequests();
      }
      try {
        await sleep(config.latencyMs + faultState.slowMs);
        if (fault !== null) {
          return problem(
            fault.serverError,
            'Internal Server Error',
            'An unexpected internal error has occurred.',
          );
        }
        return await dispatch(req.method, req.path.slice('/3.0'.length), req.query, req.body);
      } finally {
        release();
      }
    },
    { port: options.port },
  );
  baseUrl = server.url;

  return {
    url: `${server.url}/3.0`,
    key,
    dc,
    lists: state.lists,
    member: (listId, email) => {
      const list = state.lists.get(listId);
      return list === undefined ? undefined : findMember(list, email);
    },
    batches: batches.batches,
    requests: server.requests,
    faults: createFaultControls(faultState),
    config,
    stop: async () => {
      batches.dispose();
      await server.stop();
    },
  };
}
