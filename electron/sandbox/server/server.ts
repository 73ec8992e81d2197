// The sandbox: the service interface made executable over real HTTP on
// loopback, for the demo account, tests and benchmarks. It never replaces the
// real service for a user with a key.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLedger, type Ledger } from '../ledger';
import { defaultConfig, type SandboxConfig } from '../config';
import { createFaultControls, healthyFaults, type FaultControls } from '../faults';
import { createSlots } from '../limits';
import { SandboxError, errorReply, type Reply } from './http';
import { createBulkService } from '../bulk/bulk';
import { openAccounts, type SandboxAccount } from '../accounts';
import { createRouter, type Router, type RouterState } from './routes';
import { logRequest, type RequestLogEntry } from './request-log';
import { respond } from './respond';

export { DEFAULT_BALANCE_MICROS, newSandboxKey, type SandboxAccount } from '../accounts';
export type { RequestLogEntry } from './request-log';

export interface SandboxOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Accounts to open; one with a 25 USD balance when none are given. */
  accounts?: SandboxAccount[];
  config?: Partial<SandboxConfig>;
}

export interface Sandbox {
  url: string;
  keys: string[];
  ledger: Ledger;
  requests: readonly RequestLogEntry[];
  /** Live configuration: tests may change it while the sandbox runs. */
  config: SandboxConfig;
  faults: FaultControls;
  /** Bulk task ids, per key. */
  tasks(key?: string): readonly string[];
  /**
   * The network gone: connections are cut and refused (the port stops
   * listening) while the service itself runs on, its bulk tasks too.
   */
  offline(): Promise<void>;
  /** The network back: listening again on the same address. */
  online(): Promise<void>;
  stop(): Promise<void>;
}

/** One exchange: log the request, route it, and write the answer (unless a fault dropped it). */
function exchange(
  state: RouterState,
  route: Router,
  keys: string[],
  requests: RequestLogEntry[],
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const header = req.headers['x-api-key'];
    const key = typeof header === 'string' && state.ledger.has(header) ? header : null;
    const entry = logRequest(
      requests,
      state.config.requestLogLimit,
      {
        method: req.method ?? 'GET',
        path: url.pathname,
        account: key === null ? null : keys.indexOf(key),
      },
      res,
    );

    void (async () => {
      let reply: Reply | 'dropped';
      try {
        reply = await route(req, url, key, req.socket);
      } catch (err) {
        if (!(err instanceof SandboxError)) {
          console.error('[sandbox] unexpected error', err);
          reply = errorReply(new SandboxError(50300, 'internal error'));
        } else reply = errorReply(err);
      }
      if (reply === 'dropped') return;
      if (reply.kind === 'json') entry.code = (reply.body as { code: number }).code;
      await respond(req, res, reply, state.faults);
    })();
  };
}

/** Listens on host:port; the base URL it answers on. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${shown}:${address.port}`;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const config: SandboxConfig = { ...defaultConfig(), ...options.config };
  const ledger = createLedger();
  const keys = openAccounts(ledger, options.accounts);
  const requests: RequestLogEntry[] = [];
  const state: RouterState = {
    config,
    ledger,
    faults: healthyFaults(),
    slots: createSlots(() => config),
    usage: new Map<string, number>(),
    bulk: createBulkService(),
    baseUrl: '',
  };
  const server = createServer(exchange(state, createRouter(state), keys, requests));
  server.keepAliveTimeout = 5_000;
  state.baseUrl = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const { port, address } = server.address() as AddressInfo;

  return {
    url: state.baseUrl,
    keys,
    ledger,
    requests,
    config,
    faults: createFaultControls(state.faults),
    tasks: (key) => state.bulk.tasks(key),
    offline: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        if (!server.listening) resolve();
        else server.close(() => resolve());
      }),
    online: async () => {
      if (!server.listening) await listen(server, port, address);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        state.bulk.dispose();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
