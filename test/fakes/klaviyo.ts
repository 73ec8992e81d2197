// A faithful fake of the Klaviyo API endpoints List Cleaner's connector
// uses, as a private key sees them: `Authorization: Klaviyo-API-Key <key>`,
// the required dated `revision` header, the key's scopes, JSON:API answers
// with cursor paging, bulk profile import jobs, bulk unsubscribe, the error
// body, and the per-endpoint burst/steady rate limits with their headers.
// Read:
//  - github.com/klaviyo/openapi openapi/stable.json at f0a30ba (revision
//    2026-07-15): operations get_accounts, get_lists, get_list,
//    get_profiles_for_list, get_profiles, bulk_import_profiles,
//    get_bulk_import_profiles_job, get_errors_for_bulk_import_profiles_job,
//    bulk_unsubscribe_profiles (parameters, page[size] limits, scopes in
//    x-klaviyo-scopes, limits in x-klaviyo-ratelimit, schemas, ClientError)
//  - developers.klaviyo.com/en/docs/rate_limits_and_error_handling (v2024-02-15,
//    v2024-06-15, v2025-01-15 copies): fixed burst and steady windows, the
//    RateLimit-* headers on every non-429 answer, none of them on a 429
//  - developers.klaviyo.com/en/docs/use_klaviyos_bulk_profile_import_api:
//    the import is an upsert; null does not clear a field
//  - developers.klaviyo.com/en/v2025-01-15/reference/bulk_unsubscribe_profiles.md
//    and .../v2024-02-15/reference/unsubscribe_profiles.md: the endpoint's
//    name across revisions and its scopes
//  - community.klaviyo.com "GET profiles API giving less information" (8623):
//    list profiles default to 20 a page, at most 100, `revision` sent as a header
// Assumed (each module says more): the error codes' and titles' words, the
// revision check's answers (400 when absent, unknown or malformed), a 403
// naming the missing scopes, how long a job's steps take, and that each
// endpoint counts its own rate-limit bucket. Klaviyo has no profile that
// refuses an update as such (Mailchimp's `cleaned` has no peer here).
import { randomBytes } from 'node:crypto';
import { createFaultControls, healthyFaults, takeFault, type FaultControls } from './common/faults';
import type { Clock } from './common/limits';
import { sleep, startFakeServer, type FakeReply, type RequestRecord } from './common/server';
import {
  seedStore,
  type KlList,
  type ListSeed,
  type Profile,
  type ProfileSeed,
  type Store,
} from './klaviyo/data';
import {
  invalid,
  klError,
  notAuthenticated,
  notFound,
  permissionDenied,
  throttled,
} from './klaviyo/errors';
import { createImports, type ImportJob } from './klaviyo/imports';
import { createKlaviyoLimits, KLAVIYO_RATES, type Operation, type Rate } from './klaviyo/limits';
import { getAccounts, getList, getListProfiles, getLists, getProfiles } from './klaviyo/reads';
import { bulkUnsubscribe } from './klaviyo/unsubscribe';

export { demoProfiles, type ListSeed, type ProfileSeed } from './klaviyo/data';
export { KLAVIYO_RATES } from './klaviyo/limits';

/** The newest revision read, and older dated revisions the docs show in use. */
export const KLAVIYO_REVISIONS = [
  '2024-02-15',
  '2024-06-15',
  '2024-10-15',
  '2025-01-15',
  '2025-07-15',
  '2026-01-15',
  '2026-07-15',
];

/** Each endpoint's scopes (x-klaviyo-scopes, revision 2026-07-15). */
const SCOPES: Record<Operation, string[]> = {
  accounts: ['accounts:read'],
  lists: ['lists:read'],
  list: ['lists:read'],
  listCount: ['lists:read'],
  listProfiles: ['lists:read', 'profiles:read'],
  profiles: ['profiles:read'],
  importCreate: ['lists:write', 'profiles:write'],
  importGet: ['lists:read', 'profiles:read'],
  importErrors: ['profiles:read'],
  unsubscribe: ['lists:write', 'profiles:write', 'subscriptions:write'],
};
export const ALL_SCOPES = [...new Set(Object.values(SCOPES).flat())];

export interface KlaviyoFakeOptions {
  profiles?: ProfileSeed[];
  lists?: ListSeed[];
  key?: string;
  accountName?: string;
  /** The key's scopes; all the connector needs unless told. */
  scopes?: string[];
  /** Overrides of the documented limits (a small burst makes a 429 cheap in tests). */
  limits?: Partial<Record<Operation, Rate>>;
  /** How long each step of an async job takes. Default 20 ms. */
  stepMs?: number;
  /** The Retry-After of a 429 injected by faults.refuse. Default 1. */
  refuseRetryAfter?: number;
  latencyMs?: number;
  clock?: Clock;
  port?: number;
}

export interface KlaviyoFake {
  /** The base URL, as https://a.klaviyo.com/api would be. */
  url: string;
  key: string;
  profiles: readonly Profile[];
  profile(id: string): Profile | undefined;
  byEmail(email: string): Profile | undefined;
  lists: ReadonlyMap<string, KlList>;
  importJobs: ReadonlyMap<string, ImportJob>;
  requests: readonly RequestRecord[];
  faults: FaultControls;
  config: {
    scopes: string[];
    limits: Record<Operation, Rate>;
    stepMs: number;
    refuseRetryAfter: number;
    latencyMs: number;
  };
  stop(): Promise<void>;
}

type Route = { op: Operation; run: () => FakeReply };

export async function startKlaviyoFake(options: KlaviyoFakeOptions = {}): Promise<KlaviyoFake> {
  const key = options.key ?? `pk_${randomBytes(17).toString('hex')}`;
  const config = {
    scopes: options.scopes ?? ALL_SCOPES,
    limits: { ...KLAVIYO_RATES, ...options.limits },
    stepMs: options.stepMs ?? 20,
    refuseRetryAfter: options.refuseRetryAfter ?? 1,
    latencyMs: options.latencyMs ?? 0,
  };
  let baseUrl = '';
  const store: Store = {
    profiles: [],
    byId: new Map(),
    byEmail: new Map(),
    lists: new Map(),
    baseUrl: () => baseUrl,
  };
  seedStore(store, options.profiles ?? [], options.lists ?? []);
  const account = { id: 'AbC123', name: options.accountName ?? 'Example Store' };
  const imports = createImports(store, () => config.stepMs);
  const limits = createKlaviyoLimits(() => config.limits, options.clock ?? Date.now);
  const faultState = healthyFaults();

  function route(method: string, path: string, query: URLSearchParams, body: Buffer): Route | null {
    // Older revisions wrote paths with a trailing slash; both are answered.
    const p = path.replace(/\/+$/, '');
    if (method === 'GET' && p === '/api/accounts')
      return { op: 'accounts', run: () => getAccounts(store, account) };
    if (method === 'GET' && p === '/api/lists')
      return { op: 'lists', run: () => getLists(store, query) };
    if (method === 'GET' && p === '/api/profiles')
      return { op: 'profiles', run: () => getProfiles(store, query) };
    const list = /^\/api\/lists\/([^/]+)(\/profiles)?$/.exec(p);
    if (method === 'GET' && list) {
      const id = decodeURIComponent(list[1] ?? '');
      if (list[2]) return { op: 'listProfiles', run: () => getListProfiles(store, id, query) };
      const counted = (query.get('additional-fields[list]') ?? '').includes('profile_count');
      return { op: counted ? 'listCount' : 'list', run: () => getList(store, id, query) };
    }
    if (method === 'POST' && p === '/api/profile-bulk-import-jobs')
      return { op: 'importCreate', run: () => imports.create(body) };
    const job = /^\/api\/profile-bulk-import-jobs\/([^/]+)(\/import-errors)?$/.exec(p);
    if (method === 'GET' && job) {
      const id = decodeURIComponent(job[1] ?? '');
      return job[2]
        ? { op: 'importErrors', run: () => imports.errors(id, query) }
        : { op: 'importGet', run: () => imports.get(id) };
    }
    if (method === 'POST' && p === '/api/profile-subscription-bulk-delete-jobs') {
      return { op: 'unsubscribe', run: () => bulkUnsubscribe(store, body, imports.later) };
    }
    return null;
  }

  async function answer(
    req: Parameters<Parameters<typeof startFakeServer>[0]>[0],
  ): Promise<FakeReply> {
    const m = /^Klaviyo-API-Key\s+(\S+)$/.exec(req.headers.authorization ?? '');
    const fault = takeFault(faultState);
    if (m === null)
      return notAuthenticated(
        'Missing or invalid authorization scheme. Please use Klaviyo-API-Key.',
      );
    if (m[1] !== key || fault === 'failAuth')
      return notAuthenticated('Incorrect authentication credentials.');
    const revision = req.headers.revision;
    if (typeof revision !== 'string' || revision === '') {
      return invalid('Missing required header: revision.', { parameter: 'revision' });
    }
    if (!KLAVIYO_REVISIONS.includes(revision.replace(/\.[a-z]+$/, ''))) {
      return invalid(`Invalid revision: ${revision}. Use a dated revision (YYYY-MM-DD).`, {
        parameter: 'revision',
      });
    }
    const r = route(req.method, req.path, req.query, req.body);
    if (r === null) return notFound(`No route for ${req.method} ${req.path}.`);
    const missing = SCOPES[r.op].filter((s) => !config.scopes.includes(s));
    if (missing.length > 0) return permissionDenied(missing);
    if (fault === 'refuse') return throttled(config.refuseRetryAfter);
    const taken = limits.take(r.op);
    if (!taken.allowed) return throttled(taken.retryAfter);
    await sleep(config.latencyMs + faultState.slowMs);
    const ct = req.headers['content-type'] ?? '';
    const reply =
      fault !== null
        ? klError(
            fault.serverError,
            'error',
            'A server error occurred.',
            'A server error occurred.',
          )
        : req.method === 'POST' && !/^application\/(vnd\.api\+)?json\b/.test(ct)
          ? klError(
              415,
              'unsupported_media_type',
              'Unsupported media type.',
              `Unsupported media type "${ct}" in request.`,
            )
          : r.run();
    return { ...reply, headers: { ...taken.headers, ...reply.headers } };
  }

  const server = await startFakeServer(answer, { port: options.port });
  baseUrl = server.url;

  return {
    url: `${server.url}/api`,
    key,
    profiles: store.profiles,
    profile: (id) => store.byId.get(id),
    byEmail: (email) => store.byEmail.get(email.toLowerCase()),
    lists: store.lists,
    importJobs: imports.jobs,
    requests: server.requests,
    faults: createFaultControls(faultState),
    config,
    stop: async () => {
      imports.dispose();
      await server.stop();
    },
  };
}
