// The envelope on every sandbox response, errors included, with the HTTP
// status each service code maps to (the mapping is documented in README.md).
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/** Codes the spec does not define but a careful service still needs. */
export const sandboxCodes = {
  linkExpired: 40300,
  notFound: 40400,
  methodNotAllowed: 40500,
  tooLarge: 41300,
  unsupportedMediaType: 41500,
} as const;

const statusForCode: Record<number, number> = {
  40000: 400,
  40001: 400,
  40002: 400,
  40100: 401,
  40200: 402,
  40300: 403,
  40400: 404,
  40500: 405,
  41300: 413,
  41500: 415,
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

/** What a route answers; the server writes it (or drops the connection, under a fault). */
export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'stream'; status: number; headers: Record<string, string>; stream: Readable };

export const okReply = (data: unknown): Reply => ({
  kind: 'json',
  status: 200,
  body: { code: 0, msg: 'ok', data },
});

/** Thrown by routes; becomes an enveloped error with no data. */
export class SandboxError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const errorReply = (err: SandboxError): Reply => ({
  kind: 'json',
  status: httpStatusFor(err.code),
  body: { code: err.code, msg: err.message },
  headers: err.headers,
});

/** Reads a JSON body up to a size limit: 41300 past it, 40001 if it does not parse. */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new SandboxError(
      sandboxCodes.unsupportedMediaType,
      'send the body as JSON with Content-Type: application/json',
    );
  }
  // Past the limit the rest is read and dropped rather than cutting the
  // connection, so the client reliably gets the enveloped answer.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (size > maxBytes) {
    throw new SandboxError(sandboxCodes.tooLarge, `the body is over ${maxBytes} bytes`);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new SandboxError(40001, 'the body is not valid JSON');
  }
}
