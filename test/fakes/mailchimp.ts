// A faithful fake of the Mailchimp Marketing API 3.0, for the parts issue 32
// uses: ping, lists, members read page by page, tags, unsubscribe, archive and
// batch operations; its errors, its key and its limit of simultaneous
// connections. Built from the public reference, not from our client:
//  - https://mailchimp.com/developer/marketing/docs/fundamentals/ (base URL
//    https://<dc>.api.mailchimp.com/3.0, the dc is the key's suffix; HTTP Basic
//    with any user name and the key as password; count/offset paging;
//    partial responses; "each user account is permitted up to 10
//    simultaneous connections")
//  - https://mailchimp.com/developer/marketing/docs/errors/ (problem detail
//    documents; 401 API Key Missing/Invalid, 404, 429 TooManyRequests)
//  - https://mailchimp.com/developer/marketing/api/ping/
//  - https://mailchimp.com/developer/marketing/api/list-members/
//  - https://mailchimp.com/developer/marketing/api/list-member-tags/
//  - https://mailchimp.com/developer/marketing/guides/run-async-requests-batch-endpoint/
//  - https://mailchimp.com/help/about-cleaned-contacts/
//  - SDK: github.com/mailchimp/mailchimp-marketing-node (Basic auth, server prefix)
// The fake answers plain http on loopback, addressed by its base URL
// (`url`, which ends in /3.0).
import { randomBytes } from 'node:crypto';
import { createFaultControls, healthyFaults, takeFault, type FaultControls } from './common/faults';
import { createConcurrencyGate } from './common/limits';
import { sleep, startFakeServer, type FakeReply, type RequestRecord } from './common/server';
import { createBatches, type Batch } from './mailchimp/batches';
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
  config: { maxConnections: number; latencyMs: number; batchStepMs: number };
  stop(): Promise<void>;
}

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
    const route = `${method} /${parts.map((p, i) => (i % 2 === 1 ? '{}' : p)).join('/')}`;
    if (route === 'GET /ping')
      return { status: 200, json: { health_status: "Everything's Chimpy!" } };
    if (route === 'GET /lists') return getLists(state, query);
    if (route === 'POST /batches') return batches.start(body);
    if (route === 'GET /batches/{}') return batches.get(parts[1] ?? '');
    const list =
      parts[0] === 'lists' && parts[1] !== undefined ? state.lists.get(parts[1]) : undefined;
    if (list === undefined) return notFound();
    if (route === 'GET /lists/{}') return { status: 200, json: listView(list) };
    if (route === 'GET /lists/{}/members') return getMembers(list, query);
    const member = parts[3] === undefined ? undefined : findMember(list, parts[3]);
    if (member === undefined) return notFound();
    if (route === 'GET /lists/{}/members/{}') return { status: 200, json: memberView(member) };
    if (route === 'PATCH /lists/{}/members/{}') return patchMember(member, body);
    if (route === 'DELETE /lists/{}/members/{}') return archiveMember(member);
    if (route === 'POST /lists/{}/members/{}/tags') return writeTags(state, member, body);
    return problem(
      405,
      'Method Not Allowed',
      'The requested method and resource are not compatible.',
    );
  }
  const batches = createBatches(dispatch, {
    stepMs: () => config.batchStepMs,
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
