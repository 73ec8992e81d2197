import type { IncomingMessage, ServerResponse } from 'node:http';
import { startStub } from '../support/http-stub';
import type { Sandbox } from '../../../electron/sandbox/server';
import type { RequestLogEntry } from '../../../electron/sandbox/server';

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
