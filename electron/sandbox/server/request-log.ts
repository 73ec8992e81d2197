// The sandbox's record of the requests it was sent, so tests can see what a
// client did (which paths, in what order, for which account, answered how and
// when). A long-running sandbox (the demo, `npm run sandbox`) keeps only recent ones.
import type { ServerResponse } from 'node:http';

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

/** Logs a request as it arrives; its status and end are filled in as the response ends. */
export function logRequest(
  requests: RequestLogEntry[],
  limit: number,
  request: Pick<RequestLogEntry, 'method' | 'path' | 'account'>,
  res: ServerResponse,
): RequestLogEntry {
  const entry: RequestLogEntry = {
    at: Date.now(),
    endedAt: null,
    method: request.method,
    path: request.path,
    status: null,
    code: null,
    account: request.account,
  };
  requests.push(entry);
  if (requests.length > limit) {
    requests.splice(0, requests.length - limit + Math.ceil(limit / 10));
  }
  const finish = () => {
    entry.endedAt ??= Date.now();
  };
  res.on('finish', () => {
    entry.status = res.statusCode;
    finish();
  });
  res.on('close', finish);
  return entry;
}
