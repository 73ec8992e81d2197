// The one HTTP server every platform fake runs on: plain http on loopback
// (the fakes are addressed by base URL, as the issue's
// LIST_CLEANER_<PLATFORM>_URL allows), the whole body read before the
// platform's handler sees it, every request recorded for tests to inspect.
// Modelled on electron/sandbox/server/server.ts, without its envelope: each
// platform answers in its own shape.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  /** A JSON body (serialised with `contentType`, application/json unless told). */
  json?: unknown;
  /** Bytes sent as they are (a batch's result archive). */
  raw?: Buffer;
  contentType?: string;
}

export interface RequestRecord {
  at: number;
  method: string;
  path: string;
  query: string;
  status: number | null;
}

export interface FakeServer {
  url: string;
  requests: RequestRecord[];
  stop(): Promise<void>;
}

export type FakeHandler = (req: FakeRequest) => Promise<FakeReply>;

/** Bodies past this are refused with 413 before the platform sees them: no fake should hold a runaway upload. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks);
}

function write(res: ServerResponse, reply: FakeReply): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.status === 204 || (reply.json === undefined && reply.raw === undefined)) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const bytes = reply.raw ?? Buffer.from(JSON.stringify(reply.json), 'utf8');
  headers['Content-Type'] = reply.contentType ?? 'application/json;charset=utf-8';
  headers['Content-Length'] = bytes.length;
  res.writeHead(reply.status, headers);
  res.end(bytes);
}

export async function startFakeServer(
  handler: FakeHandler,
  options: { host?: string; port?: number; requestLogLimit?: number } = {},
): Promise<FakeServer> {
  const requests: RequestRecord[] = [];
  const limit = options.requestLogLimit ?? 200_000;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const record: RequestRecord = {
      at: Date.now(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      status: null,
    };
    requests.push(record);
    if (requests.length > limit) requests.splice(0, requests.length - limit);
    res.on('finish', () => (record.status = res.statusCode));
    void (async () => {
      const body = await readBody(req);
      let reply: FakeReply;
      if (body === null) reply = { status: 413, json: { message: 'request body too large' } };
      else {
        try {
          reply = await handler({
            method: record.method,
            path: url.pathname,
            query: url.searchParams,
            headers: req.headers,
            body,
          });
        } catch (err) {
          console.error('[fake] unexpected error', err);
          reply = { status: 500, json: { message: 'fake internal error' } };
        }
      }
      write(res, reply);
    })();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
