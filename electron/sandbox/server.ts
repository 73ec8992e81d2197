// The sandbox: the service interface made executable over real HTTP on
// loopback, for the demo account, tests and benchmarks. It never replaces the
// real service for a user with a key.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { finished, pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { createLedger, type Ledger } from './ledger';
import { defaultConfig, type SandboxConfig } from './config';
import { createFaultControls, healthyFaults, takeReset, type FaultControls } from './faults';
import { createSlots } from './limits';
import { SandboxError, errorReply, okReply, readJson, sandboxCodes, type Reply } from './http';
import { multiCheck, singleCheck } from './checks';
import { createBulkService } from './bulk';

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
  config?: Partial<SandboxConfig>;
}

export interface RequestLogEntry {
  /** When the request arrived and when its answer was finished (or dropped), ms since epoch. */
  at: number;
  endedAt: number | null;
  method: string;
  path: string;
  status: number | null;
  /** The envelope code answered, or null for a dropped connection or a file. */
  code: number | null;
  /** Which account made the request (its index in keys), or null without a valid key. */
  account: number | null;
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
  stop(): Promise<void>;
}

export const DEFAULT_BALANCE_MICROS = 25_000_000;

export function newSandboxKey(): string {
  return `sk_test_${randomBytes(16).toString('hex')}`;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const config: SandboxConfig = { ...defaultConfig(), ...options.config };
  const ledger = createLedger();
  const accounts = options.accounts ?? [
    { key: newSandboxKey(), balanceMicros: DEFAULT_BALANCE_MICROS },
  ];
  for (const account of accounts) ledger.open(account.key, account.balanceMicros);
  const keys = accounts.map((a) => a.key);
  const requests: RequestLogEntry[] = [];
  const faultState = healthyFaults();
  const faults = createFaultControls(faultState);
  const slots = createSlots(() => config);
  const usage = new Map<string, number>();
  const bulk = createBulkService();
  let baseUrl = '';
  let counter = 0;

  type Handler = (req: IncomingMessage, key: string, params: string[]) => Promise<Reply>;
  interface Route {
    pattern: RegExp;
    methods: Record<string, Handler>;
    /** Synchronous checks count against the in-flight limits. */
    slot?: 'single' | 'multi';
  }

  const checkContext = (key: string) => ({
    key,
    ref: `req-${++counter}`,
    config,
    faults: faultState,
    ledger,
    usage,
  });
  const bulkContext = (key: string) => ({
    key,
    baseUrl,
    config,
    faults: faultState,
    ledger,
    usage,
  });

  const routes: Route[] = [
    {
      pattern: /^\/api\/v1\/balance$/,
      methods: { GET: async (_req, key) => okReply({ balance_micros: ledger.balance(key) }) },
    },
    {
      pattern: /^\/api\/v1\/check$/,
      slot: 'single',
      methods: {
        POST: async (req, key) =>
          singleCheck(await readJson(req, config.maxJsonBytes), checkContext(key)),
      },
    },
    {
      pattern: /^\/api\/v1\/batch-check$/,
      slot: 'multi',
      methods: {
        POST: async (req, key) =>
          multiCheck(await readJson(req, config.maxJsonBytes), checkContext(key)),
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

  // The result file is behind a signed link: no API key, and none of the API's faults.
  const resultPattern = /^\/api\/v1\/bulk-results\/([^/]+)$/;

  async function route(
    req: IncomingMessage,
    url: URL,
    key: string | null,
    socket: Socket,
  ): Promise<Reply | 'dropped'> {
    const method = req.method ?? 'GET';
    const result = resultPattern.exec(url.pathname);
    if (result) {
      if (method !== 'GET') {
        throw new SandboxError(sandboxCodes.methodNotAllowed, `${method} is not allowed here`, {
          Allow: 'GET',
        });
      }
      return bulk.result(result[1] ?? '', url.searchParams, {
        baseUrl,
        config,
        faults: faultState,
        ledger,
        usage,
      });
    }
    let found: Route | undefined;
    let params: string[] = [];
    for (const candidate of routes) {
      const m = candidate.pattern.exec(url.pathname);
      if (m) {
        found = candidate;
        params = m.slice(1);
        break;
      }
    }
    if (!found) throw new SandboxError(sandboxCodes.notFound, `no such endpoint: ${url.pathname}`);
    const handler = found.methods[method];
    if (!handler) {
      throw new SandboxError(
        sandboxCodes.methodNotAllowed,
        `${method} is not allowed on ${url.pathname}`,
        {
          Allow: Object.keys(found.methods).join(', '),
        },
      );
    }
    if (key === null) throw new SandboxError(40100, 'missing or invalid API key');
    if (faultState.maintenance)
      throw new SandboxError(50300, 'the validation service is under maintenance');
    if (faultState.capacity.remaining > 0) {
      faultState.capacity.remaining -= 1;
      throw new SandboxError(50303, 'the service is at capacity', {
        'Retry-After': faultState.capacity.retryAfter,
      });
    }
    const reset = takeReset(faultState, url.pathname);
    if (reset === 'before') {
      socket.destroy();
      return 'dropped';
    }
    let release: (() => void) | null = null;
    if (found.slot) {
      release = slots.enter(key, found.slot === 'multi');
      if (!release) {
        throw new SandboxError(
          42901,
          'all in-flight slots are taken, or a multi check is already running',
          {
            'Retry-After': String(config.busyRetryAfterSeconds),
          },
        );
      }
    }
    try {
      const reply = await handler(req, key, params);
      if (reset === 'after') {
        socket.destroy();
        return 'dropped';
      }
      return reply;
    } catch (err) {
      if (reset === 'after') {
        socket.destroy();
        return 'dropped';
      }
      throw err;
    } finally {
      release?.();
    }
  }

  async function write(res: ServerResponse, reply: Reply): Promise<void> {
    if (reply.kind === 'json') {
      const text = JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
        'Cache-Control': 'no-store',
        ...reply.headers,
      });
      res.end(text);
      return;
    }
    res.writeHead(reply.status, { 'Cache-Control': 'no-store', ...reply.headers });
    const cut = faultState.downloadCut;
    if (cut.remaining > 0) {
      cut.remaining -= 1;
      let sent = 0;
      const limiter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          const room = cut.afterBytes - sent;
          if (room <= 0) {
            res.socket?.destroy();
            done();
            return;
          }
          sent += Math.min(room, chunk.length);
          done(null, chunk.subarray(0, room));
        },
      });
      await pipeline(reply.stream, limiter, res).catch(() => res.socket?.destroy());
      return;
    }
    await pipeline(reply.stream, res).catch(() => res.socket?.destroy());
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const header = req.headers['x-api-key'];
    const key = typeof header === 'string' && ledger.has(header) ? header : null;
    const entry: RequestLogEntry = {
      at: Date.now(),
      endedAt: null,
      method: req.method ?? 'GET',
      path: url.pathname,
      status: null,
      code: null,
      account: key === null ? null : keys.indexOf(key),
    };
    requests.push(entry);
    // A long-running sandbox (the demo, `npm run sandbox`) keeps only recent requests.
    if (requests.length > config.requestLogLimit) {
      requests.splice(
        0,
        requests.length - config.requestLogLimit + Math.ceil(config.requestLogLimit / 10),
      );
    }
    const finish = () => {
      entry.endedAt ??= Date.now();
    };
    res.on('finish', () => {
      entry.status = res.statusCode;
      finish();
    });
    res.on('close', finish);

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
      if (faultState.slowMs > 0) await sleep(faultState.slowMs);
      // An error answer may come before the body was read: drain it first so
      // the client sees the answer rather than a reset.
      if (!req.readableEnded) {
        req.resume();
        await finished(req).catch(() => undefined);
      }
      await write(res, reply);
    })();
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  return {
    url: baseUrl,
    keys,
    ledger,
    requests,
    config,
    faults,
    tasks: (key) => bulk.tasks(key),
    stop: () =>
      new Promise<void>((resolve) => {
        bulk.dispose();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
