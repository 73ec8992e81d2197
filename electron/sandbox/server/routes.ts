// Which code answers a request: the table of path and method to endpoint, and
// the lookup that answers 40400 for an unknown path and 40500 (with Allow) for
// a method the path does not take. API endpoints go through the gate; the
// result file does not, as its link is signed and bears none of the API's faults.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { SandboxError, readJson, sandboxCodes, type Reply } from './http';
import type { Ledger } from '../ledger';
import type { BulkService } from '../bulk/bulk';
import { multiCheck, singleCheck } from '../checks';
import { balanceReply } from '../accounts';
import { throughGate, type GateState, type Slot } from './gate';

/** The live sandbox the endpoints work on. */
export interface RouterState extends GateState {
  ledger: Ledger;
  /** Addresses checked per key so far, for the usage quota. */
  usage: Map<string, number>;
  bulk: BulkService;
  /** The sandbox's own address, for links in answers; set once it listens. */
  baseUrl: string;
}

type Handler = (req: IncomingMessage, key: string, params: string[]) => Promise<Reply>;

interface Route {
  pattern: RegExp;
  methods: Record<string, Handler>;
  slot?: Slot;
}

/** Answers one request; 'dropped' when a fault cut its connection instead. */
export type Router = (
  req: IncomingMessage,
  url: URL,
  key: string | null,
  socket: Socket,
) => Promise<Reply | 'dropped'>;

const resultPattern = /^\/api\/v1\/bulk-results\/([^/]+)$/;

function apiRoutes(state: RouterState): Route[] {
  let counter = 0;
  const checkContext = (key: string) => ({
    key,
    ref: `req-${++counter}`,
    config: state.config,
    faults: state.faults,
    ledger: state.ledger,
    usage: state.usage,
  });
  const bulkContext = (key: string) => ({
    key,
    baseUrl: state.baseUrl,
    config: state.config,
    faults: state.faults,
    ledger: state.ledger,
    usage: state.usage,
  });
  const { bulk } = state;
  return [
    {
      pattern: /^\/api\/v1\/balance$/,
      methods: { GET: async (_req, key) => balanceReply(state.ledger, key) },
    },
    {
      pattern: /^\/api\/v1\/check$/,
      slot: 'single',
      methods: {
        POST: async (req, key) =>
          singleCheck(await readJson(req, state.config.maxJsonBytes), checkContext(key)),
      },
    },
    {
      pattern: /^\/api\/v1\/batch-check$/,
      slot: 'multi',
      methods: {
        POST: async (req, key) =>
          multiCheck(await readJson(req, state.config.maxJsonBytes), checkContext(key)),
      },
    },
    {
      pattern: /^\/api\/v1\/bulk-tasks$/,
      methods: { POST: async (req, key) => bulk.submit(req, bulkContext(key)) },
    },
    {
      pattern: /^\/api\/v1\/bulk-tasks\/([^/]+)$/,
      methods: { GET: async (_req, key, [id]) => bulk.get(id ?? '', bulkContext(key)) },
    },
  ];
}

/** The route and handler for a method and path; throws 40400 or 40500 when there is none. */
function find(
  routes: Route[],
  method: string,
  path: string,
): { route: Route; handler: Handler; params: string[] } {
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    const handler = route.methods[method];
    if (!handler) {
      throw new SandboxError(sandboxCodes.methodNotAllowed, `${method} is not allowed on ${path}`, {
        Allow: Object.keys(route.methods).join(', '),
      });
    }
    return { route, handler, params: m.slice(1) };
  }
  throw new SandboxError(sandboxCodes.notFound, `no such endpoint: ${path}`);
}

export function createRouter(state: RouterState): Router {
  const routes = apiRoutes(state);
  return async (req, url, key, socket) => {
    const method = req.method ?? 'GET';
    const result = resultPattern.exec(url.pathname);
    if (result) {
      if (method !== 'GET') {
        throw new SandboxError(sandboxCodes.methodNotAllowed, `${method} is not allowed here`, {
          Allow: 'GET',
        });
      }
      return state.bulk.result(result[1] ?? '', url.searchParams, {
        baseUrl: state.baseUrl,
        config: state.config,
        faults: state.faults,
        ledger: state.ledger,
        usage: state.usage,
      });
    }
    const { route, handler, params } = find(routes, method, url.pathname);
    return throughGate(state, { key, path: url.pathname, slot: route.slot, socket }, (k) =>
      handler(req, k, params),
    );
  };
}
