// Downloading a result file: only from an encrypted link (or one on this
// machine), only from an address on the internet (judged as the connection is
// made, link-address.ts), following redirects ourselves so each hop is judged,
// never larger than the task's addresses can fill, streamed to disk, unpacked
// when it is an archive, and renamed into place only when whole.
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  hostOf,
  isLoopbackUrl,
  redirectProblem,
  resultLinkProblem,
} from '../../common/urls/service-url';
import { message } from '../../common/i18n/message';
import { placeFile } from '../../lib/files/atomic-file';
import { boundedStream, declaresMoreThan, type BodyLimit } from './bounded-body';
import {
  ServiceError,
  badResponseError,
  linkAddressRefusedError,
  linkExpiredError,
  networkError,
  resultLinkRefusedError,
  resultTooLargeError,
  timeoutError,
} from '../errors';
import { asWriteFailure, resultNotSavedError } from '../../lib/files/write-failure';
import { LinkAddressRefused, systemResolver, type Resolver } from './link-address';
import { openHop, type Hop } from './link-request';
import { isRedirect, resolveLocation } from './read-answer';
import { isZip, unzipTo } from './unzip';

export interface DownloadedResult {
  format: 'csv' | 'zip';
  path: string;
  bytes: number;
}

export interface ResultOptions {
  signal?: AbortSignal;
  /** The addresses in the task: what sets the most its result file may hold. */
  rows?: number;
}

/** How a download connects: set by the client, changed only by tests. */
export interface LinkConnection {
  /** Where the link came from: a service on this computer may link to this computer. */
  serviceUrl: string;
  /** How a link's host name becomes addresses; the system's by default. */
  resolve?: Resolver;
  /** Certificates trusted instead of Node's own list: for a test's own TLS server. */
  ca?: string;
}

/**
 * A generous row of a result file: the identifier (254 bytes at most), the
 * flags and provider, and an avatar URL that may be long. Real rows are a
 * tenth of this; the cap is there for a file that is not a result at all.
 */
export const RESULT_ROW_BYTES = 4_096;
/** Room for a header and an archive's own overhead, whatever the row count. */
export const RESULT_MARGIN_BYTES = 1_048_576;
/** The most addresses a bulk task takes: the cap when a caller does not say how many. */
export const MAX_TASK_ROWS = 500_000;
/** Hops of a result link followed before giving up. */
export const MAX_REDIRECTS = 5;

/** The most bytes a result file (or what its archive unpacks to) may hold, for `rows` addresses. */
export const resultByteCap = (rows: number): number =>
  rows * RESULT_ROW_BYTES + RESULT_MARGIN_BYTES;

/** Asking the service for a fresh link can help: the link expired, or the download broke off. */
export const freshLinkMayHelp = (err: unknown): boolean =>
  err instanceof ServiceError && err.retryable;

const ENDPOINT = 'GET result_url';
/** Enough of an error page to quote in a message. */
const ERROR_PAGE_BYTES = 65_536;

/** Reads what is left of an error page, to quote; never more than a page. */
async function errorPage(hop: Hop): Promise<string> {
  const chunks: Uint8Array[] = [];
  try {
    const limit = { limit: ERROR_PAGE_BYTES, tooLarge: () => new Error('too long to quote') };
    for await (const chunk of boundedStream(hop.body, limit)) chunks.push(chunk);
  } catch {
    hop.drop();
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * One hop, with a refused address said in the words of where it was met: the
 * link as the service gave it, or a redirect from `from`.
 */
async function judgedHop(
  at: string,
  from: { url: string; status: number } | null,
  connection: LinkConnection,
  signal: AbortSignal,
): Promise<Hop> {
  const url = new URL(at);
  // The sandbox links to itself plainly (http://127.0.0.1:…); a name that only
  // resolves to this computer is still refused, as rebinding would be.
  const allowLoopback = isLoopbackUrl(connection.serviceUrl) && isLoopbackUrl(at);
  try {
    return await openHop(url, {
      signal,
      resolve: connection.resolve ?? systemResolver,
      allowLoopback,
      ...(connection.ca !== undefined ? { ca: connection.ca } : {}),
    });
  } catch (err) {
    if (!(err instanceof LinkAddressRefused)) throw err;
    const address = err.address === url.hostname.replace(/^\[|\]$/g, '') ? null : err.address;
    if (from === null) {
      const said = message('error.service.linkPointsAt', {
        service: hostOf(connection.serviceUrl),
        host: url.host,
      });
      throw linkAddressRefusedError('link_refused', said, address, err.said);
    }
    const said = message('error.service.linkRedirectedTo', {
      from: hostOf(from.url),
      host: url.host,
    });
    throw linkAddressRefusedError('redirect_refused', said, address, err.said, from.status);
  }
}

/**
 * The answer at the end of the link. The link is signed by the service: it
 * gets no API key, which must never go to whatever host a link points at.
 * Also the road of a platform's own result links (Mailchimp's batch results).
 */
export async function openLink(
  url: string,
  connection: LinkConnection,
  signal: AbortSignal,
): Promise<Hop> {
  let at = url;
  let from: { url: string; status: number } | null = null;
  for (let hops = 0; ; hops += 1) {
    const res = await judgedHop(at, from, connection, signal);
    if (!isRedirect(res.status)) return res;
    res.drop();
    const next = resolveLocation(res.headers.location, at);
    if (next === null) throw badResponseError(ENDPOINT, 'a redirect to no address', res.status);
    const problem = redirectProblem(at, next);
    if (problem !== null) throw resultLinkRefusedError('redirect_refused', problem, res.status);
    if (hops >= MAX_REDIRECTS) {
      throw resultLinkRefusedError(
        'redirect_refused',
        message('error.service.tooManyRedirects', { times: MAX_REDIRECTS, host: hostOf(next) }),
        res.status,
      );
    }
    from = { url: at, status: res.status };
    at = next;
  }
}

export async function downloadResultFile(
  url: string,
  destPath: string,
  options: ResultOptions & LinkConnection & { timeoutMs: number },
): Promise<DownloadedResult> {
  // Refused before any connection: an unencrypted link could be read, or
  // changed, on the way, and one onto this machine could reach local services.
  const problem = resultLinkProblem(options.serviceUrl, url);
  if (problem !== null) throw resultLinkRefusedError('link_refused', problem);
  const rows = options.rows ?? MAX_TASK_ROWS;
  const cap = resultByteCap(rows);
  const bound: BodyLimit = { limit: cap, tooLarge: () => resultTooLargeError(rows, cap) };
  const host = hostOf(url);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const part = `${destPath}.part`;
  const unpacked = `${destPath}.unzip`;
  const fail = (err: unknown): never => {
    if (options.signal?.aborted) throw options.signal.reason;
    if (err instanceof ServiceError) throw err;
    // Writing the file failed, not the network: said as such below.
    if (asWriteFailure(err)) throw err;
    if (timeout.aborted) throw timeoutError(host, Math.round(options.timeoutMs / 1000));
    throw networkError(host, err);
  };
  try {
    const res = await openLink(url, options, signal).catch(fail);
    if (res.status < 200 || res.status > 299) {
      const text = await errorPage(res);
      if ([403, 404, 410].includes(res.status)) throw linkExpiredError(res.status);
      throw badResponseError(ENDPOINT, text.slice(0, 80) || res.statusText, res.status);
    }
    // What fetch gave as no body at all: not a file, however it is read.
    if (res.status === 204 || res.status === 205) {
      res.drop();
      throw badResponseError(ENDPOINT, 'no body', res.status);
    }
    if (declaresMoreThan(res.headers['content-length'], cap)) {
      res.drop();
      throw bound.tooLarge();
    }
    await pipeline(Readable.from(boundedStream(res.body, bound)), createWriteStream(part)).catch(
      fail,
    );
    const zip = await isZip(part);
    if (zip) {
      try {
        await unzipTo(part, unpacked, bound);
      } catch (err) {
        if (err instanceof ServiceError || asWriteFailure(err)) throw err;
        throw badResponseError(
          ENDPOINT,
          `the archive could not be unpacked (${String(err)})`,
          res.status,
        );
      }
      await placeFile(unpacked, destPath);
    } else {
      await placeFile(part, destPath);
    }
    const { size } = await stat(destPath);
    return { format: zip ? 'zip' : 'csv', path: destPath, bytes: size };
  } catch (err) {
    // Nothing at destPath may pass for this answer: no part of it, nor an older file.
    await rm(destPath, { force: true });
    // A full disk is not the link's fault: the results wait at the service.
    const failure = asWriteFailure(err);
    throw failure ? resultNotSavedError(failure, dirname(destPath)) : err;
  } finally {
    await rm(part, { force: true });
    await rm(unpacked, { force: true });
  }
}
