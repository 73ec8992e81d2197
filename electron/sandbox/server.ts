// The sandbox: the service interface made executable over real HTTP on
// loopback, for the demo account, tests and benchmarks. It never replaces the
// real service for a user with a key.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createLedger, type Ledger } from './ledger';
import { sandboxCodes, sendError, sendOk } from './http';

export interface SandboxAccount {
  key: string;
  balanceMicros: number;
}

export interface SandboxOptions {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Accounts to open; one with a 25 USD balance when none are given. */
  accounts?: SandboxAccount[];
}

export interface RequestLogEntry {
  at: number;
  method: string;
  path: string;
  status: number;
  /** Which account made the request (its index in keys), or null without a valid key. */
  account: number | null;
}

export interface Sandbox {
  url: string;
  keys: string[];
  ledger: Ledger;
  requests: readonly RequestLogEntry[];
  stop(): Promise<void>;
}

export const DEFAULT_BALANCE_MICROS = 25_000_000;

export function newSandboxKey(): string {
  return `sk_test_${randomBytes(16).toString('hex')}`;
}

type Route = (req: IncomingMessage, res: ServerResponse, key: string) => void;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const ledger = createLedger();
  const accounts = options.accounts ?? [
    { key: newSandboxKey(), balanceMicros: DEFAULT_BALANCE_MICROS },
  ];
  for (const account of accounts) ledger.open(account.key, account.balanceMicros);
  const keys = accounts.map((a) => a.key);
  const requests: RequestLogEntry[] = [];

  const routes: Record<string, Record<string, Route>> = {
    '/api/v1/balance': {
      GET: (_req, res, key) => sendOk(res, { balance_micros: ledger.balance(key) }),
    },
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    const method = req.method ?? 'GET';
    const header = req.headers['x-api-key'];
    const key = typeof header === 'string' && ledger.has(header) ? header : null;
    res.on('finish', () => {
      requests.push({
        at: Date.now(),
        method,
        path,
        status: res.statusCode,
        account: key === null ? null : keys.indexOf(key),
      });
    });
    const route = routes[path];
    if (!route) return sendError(res, sandboxCodes.notFound, `no such endpoint: ${path}`);
    const handler = route[method];
    if (!handler) {
      return sendError(res, sandboxCodes.methodNotAllowed, `${method} is not allowed on ${path}`, {
        Allow: Object.keys(route).join(', '),
      });
    }
    if (key === null) return sendError(res, 40100, 'missing or invalid API key');
    handler(req, res, key);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    keys,
    ledger,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
