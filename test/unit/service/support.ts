import { readdir, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Zip, ZipDeflate } from 'fflate';
import { startStub } from '../support/http-stub';
import type { Sandbox } from '../../../electron/sandbox/server/server';
import type { RequestLogEntry } from '../../../electron/sandbox/server/server';
import {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
} from '../../../electron/service/client';
import { ServiceError } from '../../../electron/service/errors';
import { createLimiter } from '../../../electron/service/limiter';

/** The most requests to `path` that were in flight at once, from the sandbox's own log. */
export function maxOverlap(requests: readonly RequestLogEntry[], path: string): number {
  const events: [number, number][] = [];
  for (const r of requests) {
    if (r.path !== path) continue;
    events.push([r.at, 1], [r.endedAt ?? Number.MAX_SAFE_INTEGER, -1]);
  }
  // Ends sort before starts at the same millisecond: a slot freed and taken again is not an overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let max = 0;
  for (const [, delta] of events) {
    current += delta;
    max = Math.max(max, current);
  }
  return max;
}

export const requestsTo = (sandbox: Sandbox, path: string) =>
  sandbox.requests.filter((r) => r.path === path);

export const fastRetry = { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3 };

/** A client of its own (its own limiter), with quick retries and fast polling, for a service here. */
export const quickClient = (
  baseUrl: string,
  apiKey: string,
  options: Partial<ServiceClientOptions> = {},
): ServiceClient =>
  createServiceClient({
    baseUrl,
    apiKey,
    limiter: createLimiter(),
    retry: fastRetry,
    allowFastPolling: true,
    pollIntervalSeconds: 0.02,
    ...options,
  });

/** A handler that answers every request with this status and JSON body. */
export const jsonReply =
  (status: number, body: unknown) =>
  (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };

/** Runs `use` against a one-route stub server, and always stops it. */
export async function withStub<T>(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const stub = await startStub(handler);
  try {
    return await use(stub.url);
  } finally {
    await stub.stop();
  }
}

export interface Listener {
  url: string;
  /** Every request that arrived, with its headers. */
  requests: { method: string; url: string; headers: IncomingMessage['headers'] }[];
  /** TCP connections accepted, requests or not. */
  connections(): number;
  stop(): Promise<void>;
}

/**
 * A stub server on any loopback address (127.0.0.2 is this machine too, on
 * Linux): a second origin a redirect can point at, that records everything.
 */
export async function listenOn(
  host: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
    void res.writeHead(200).end('{}'),
): Promise<Listener> {
  const requests: Listener['requests'] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((r) => server.listen(0, host, r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    requests,
    connections: () => connections,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** What a stub that serves a large body saw: how much it could write before the client let go. */
export interface Served {
  written: number;
  /** The whole body went out. */
  finished: boolean;
  /** Resolves when the response's connection is closed (by the client, or at the end). */
  closed: Promise<void>;
}

/**
 * A handler that sends `total` bytes (`head` first, then `fill`), in 64 KiB
 * writes that wait for the client to take them, so `written` tells how far
 * the client read. With `withLength`, a Content-Length says how much is coming.
 */
export function largeBody(
  total: number,
  options: { withLength: boolean; contentType: string; head?: Uint8Array; fill?: number },
): { handler: (req: IncomingMessage, res: ServerResponse) => void; served: Served[] } {
  const served: Served[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    let closed = false;
    const state: Served = {
      written: 0,
      finished: false,
      closed: new Promise<void>((resolve) =>
        res.once('close', () => {
          closed = true;
          resolve();
        }),
      ),
    };
    served.push(state);
    res.on('finish', () => (state.finished = true));
    res.writeHead(200, {
      'Content-Type': options.contentType,
      ...(options.withLength ? { 'Content-Length': String(total) } : {}),
    });
    const fill = Buffer.alloc(65_536, options.fill ?? 0x20);
    let head = options.head ? Buffer.from(options.head) : Buffer.alloc(0);
    const pump = () => {
      while (!closed && state.written < total) {
        const chunk = head.length > 0 ? head : fill;
        const piece = chunk.subarray(0, Math.min(chunk.length, total - state.written));
        if (head.length > 0) head = head.subarray(piece.length);
        state.written += piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!closed) res.end();
    };
    pump();
  };
  return { handler, served };
}

/** The ServiceError a promise rejects with (failing the test when it resolves or throws another). */
export async function serviceFailure(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(err instanceof ServiceError)) throw err;
  return err;
}

/**
 * A zip archive whose one file inflates to `bytes` zero bytes, deflated in
 * 1 MiB pieces: the archive is about a thousandth of that, and the file it
 * holds never exists in memory here.
 */
export async function zipOfZeros(bytes: number, name = 'result.csv'): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  await new Promise<void>((resolve, reject) => {
    const zip = new Zip((err, data, final) => {
      if (err) return reject(err);
      parts.push(data);
      if (final) resolve();
    });
    const file = new ZipDeflate(name, { level: 1 });
    zip.add(file);
    const piece = new Uint8Array(1_048_576);
    for (let left = bytes; left > 0; left -= piece.length) {
      file.push(piece.subarray(0, Math.min(piece.length, left)), left <= piece.length);
    }
    zip.end();
  });
  return Buffer.concat(parts);
}

/** Samples the size of every file in a folder until stopped: the largest each one ever was. */
export function watchSizes(dir: string): { stop(): Promise<Map<string, number>> } {
  const largest = new Map<string, number>();
  let running = true;
  const sample = async () => {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const size = await stat(join(dir, name)).then(
        (s) => s.size,
        () => 0,
      );
      largest.set(name, Math.max(largest.get(name) ?? 0, size));
    }
  };
  const loop = (async () => {
    while (running) {
      await sample();
      await new Promise((r) => setTimeout(r, 1));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return largest;
    },
  };
}
