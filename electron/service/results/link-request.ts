// One hop of a result link, over node:http(s) rather than fetch: only a
// request made here takes a lookup of our own, so the address judged
// (link-address.ts) is the address connected to. It sends a bare GET (no API
// key, no cookie), hands a redirect back to be judged rather than following
// it, and undoes the body's compression as fetch did, so what is counted
// against a ceiling is what the file holds.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { guardedLookup, literalAddress, refusal, type Resolver } from './link-address';

export interface HopOptions {
  signal: AbortSignal;
  resolve: Resolver;
  /** This computer may be connected to: the service is here, and the link says so plainly. */
  allowLoopback: boolean;
  /** Certificates trusted instead of Node's own list: for a test's own TLS server. */
  ca?: string;
}

export interface Hop {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** The body, its content-encoding undone. */
  body: Readable;
  /** Lets go of the body: the connection is dropped, not drained. */
  drop(): void;
}

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** The body with its codings undone, last applied first; as sent when one is unknown, as fetch does. */
function decoded(res: IncomingMessage): Readable {
  const codings = (res.headers['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  const steps: Transform[] = [];
  for (const coding of codings) {
    const make = DECODERS[coding];
    if (make === undefined) return res;
    steps.push(make());
  }
  const last = steps.at(-1);
  if (last === undefined) return res;
  // A pipeline, so that letting go of the last step also drops the connection,
  // and a broken connection is an error of the last step.
  pipeline([res, ...steps], () => undefined);
  return last;
}

/**
 * Sends one GET to `url`, connecting only to an address the table allows: a
 * host written as an address is judged here (Node looks no address up for
 * it), a name by the guarded lookup as the connection is made. A refusal
 * rejects with `LinkAddressRefused` before any connection is opened.
 */
export function openHop(url: URL, options: HopOptions): Promise<Hop> {
  const literal = literalAddress(url.hostname);
  if (literal !== null) {
    const refused = refusal(url.hostname, literal, options.allowLoopback);
    if (refused !== null) return Promise.reject(refused);
  }
  const common = {
    method: 'GET',
    headers: { Accept: '*/*', 'Accept-Encoding': 'gzip, deflate, br' },
    lookup: guardedLookup(options.resolve, options.allowLoopback),
    // A connection of its own, judged as it is made: never one pooled from another host's lookup.
    agent: false as const,
    signal: options.signal,
  };
  return new Promise<Hop>((resolve, reject) => {
    const answered = (res: IncomingMessage) =>
      resolve({
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? '',
        headers: res.headers,
        body: decoded(res),
        drop: () => void res.destroy(),
      });
    const req =
      url.protocol === 'https:'
        ? httpsRequest(
            url,
            { ...common, ...(options.ca !== undefined ? { ca: options.ca } : {}) },
            answered,
          )
        : httpRequest(url, common, answered);
    // Also after the answer came: a broken body is then the body's error, not an unhandled one.
    req.on('error', reject);
    req.end();
  });
}
