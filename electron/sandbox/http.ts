// The envelope on every sandbox response, errors included, with the HTTP
// status each service code maps to (the mapping is documented in README.md).
import type { ServerResponse } from 'node:http';

/** Codes the spec does not define but a careful service still needs. */
export const sandboxCodes = {
  notFound: 40400,
  methodNotAllowed: 40500,
} as const;

const statusForCode: Record<number, number> = {
  40000: 400,
  40001: 400,
  40002: 400,
  40100: 401,
  40200: 402,
  40400: 404,
  40500: 405,
  42200: 422,
  42900: 429,
  42901: 429,
  50300: 503,
  50303: 503,
  50400: 504,
};

export function httpStatusFor(code: number): number {
  return statusForCode[code] ?? 500;
}

export function sendOk(res: ServerResponse, data: unknown): void {
  send(res, 200, { code: 0, msg: 'ok', data });
}

export function sendError(
  res: ServerResponse,
  code: number,
  msg: string,
  headers: Record<string, string> = {},
): void {
  send(res, httpStatusFor(code), { code, msg }, headers);
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}
