// Downloading a result file: only from an encrypted link (or one on this
// machine), following redirects ourselves so each hop is judged, never larger
// than the task's addresses can fill, streamed to disk, unpacked when it is an
// archive, and renamed into place only when whole.
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { hostOf, redirectProblem, resultLinkProblem } from '../common/service-url';
import { placeFile } from '../lib/atomic-file';
import { boundedChunks, discardBody, readBoundedText, type BodyLimit } from './bounded-body';
import {
  ServiceError,
  badResponseError,
  linkExpiredError,
  networkError,
  resultLinkRefusedError,
  resultTooLargeError,
  timeoutError,
} from './errors';
import { asWriteFailure, resultNotSavedError } from '../lib/write-failure';
import { isRedirect, redirectTarget } from './read-answer';
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

/**
 * The answer at the end of the link. The link is signed by the service: it
 * gets no API key, which must never go to whatever host a link points at.
 */
async function openLink(url: string, signal: AbortSignal): Promise<Response> {
  let at = url;
  for (let hops = 0; ; hops += 1) {
    const res = await fetch(at, { signal, redirect: 'manual' });
    if (!isRedirect(res.status)) return res;
    await discardBody(res);
    const next = redirectTarget(res, at);
    if (next === null) throw badResponseError(ENDPOINT, 'a redirect to no address', res.status);
    const problem = redirectProblem(at, next);
    if (problem !== null) throw resultLinkRefusedError('redirect_refused', problem, res.status);
    if (hops >= MAX_REDIRECTS) {
      throw resultLinkRefusedError(
        'redirect_refused',
        `The result link was redirected more than ${MAX_REDIRECTS} times (last to ${hostOf(next)}); List Cleaner stopped following it.`,
        res.status,
      );
    }
    at = next;
  }
}

export async function downloadResultFile(
  url: string,
  destPath: string,
  options: ResultOptions & { timeoutMs: number; serviceUrl: string },
): Promise<DownloadedResult> {
  // Refused before any connection: an unencrypted link could be read, or
  // changed, on the way, and one onto this machine could reach local services.
  const problem = resultLinkProblem(options.serviceUrl, url);
  if (problem !== null) throw resultLinkRefusedError('bad_response', problem);
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
    const res = await openLink(url, signal).catch(fail);
    if (!res.ok) {
      const text = await readBoundedText(res, {
        limit: ERROR_PAGE_BYTES,
        tooLarge: () => new Error('an error page too long to quote'),
      }).catch(() => '');
      if ([403, 404, 410].includes(res.status)) throw linkExpiredError(res.status);
      throw badResponseError(ENDPOINT, text.slice(0, 80) || res.statusText, res.status);
    }
    if (!res.body) throw badResponseError(ENDPOINT, 'no body', res.status);
    await pipeline(Readable.from(boundedChunks(res, bound)), createWriteStream(part)).catch(fail);
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
