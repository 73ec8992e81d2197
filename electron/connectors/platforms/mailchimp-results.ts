// A Mailchimp batch's results: a gzipped tar of JSON files at a signed storage
// link that takes no key. They come from elsewhere than the API, so they are
// fetched as the service's result links are (service/results/download.ts):
// only an encrypted link, only to an address on the internet (judged as the
// connection is made, each redirect too), and bounded: never more than the
// batch's operations can fill, counted as it arrives and again as it
// inflates. Inflating is a stream (zlib works off the main thread), and the
// archive is read file by file, never held whole.
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import { message } from '../../common/i18n/message';
import { resultLinkProblem } from '../../common/urls/service-url';
import { AppError } from '../../lib/app-error';
import { tarFiles } from '../../lib/files/tar-stream';
import {
  boundedStream,
  declaresMoreThan,
  type BodyLimit,
} from '../../service/results/bounded-body';
import { openLink, type LinkConnection } from '../../service/results/download';
import { PlatformError, type PlatformHttp } from '../http';

export const resultsSchema = z.array(
  z.object({
    status_code: z.number(),
    operation_id: z.string().nullable().optional(),
    response: z.string().optional(),
  }),
);
export type BatchResult = z.infer<typeof resultsSchema>[number];

/**
 * A generous result of one operation: its status, id and Mailchimp's answer
 * (a member or a problem, a few kilobytes). The cap is there for an archive
 * that is not a batch's results at all.
 */
export const RESULT_OPERATION_BYTES = 16 * 1024;
/** Room for the archive's headers and files, whatever the operations. */
export const RESULT_MARGIN_BYTES = 1024 * 1024;
/** How long the whole download may take. */
const DOWNLOAD_MS = 120_000;

/** The most bytes a batch's results may hold, compressed or inflated, for `operations`. */
export const batchResultCap = (operations: number): number =>
  operations * RESULT_OPERATION_BYTES + RESULT_MARGIN_BYTES;

const notDownloaded = (status: string, code: number | null) =>
  new PlatformError(
    'platform',
    message('error.connector.mailchimp.resultsNotDownloaded', { status }),
    code,
  );

/**
 * The results of a batch of `operations` operations at `link`. Anything
 * refused leaves the batch's writes as they are: the next run reads the
 * members back and carries on.
 */
export async function readBatchResults(
  http: PlatformHttp,
  link: string,
  operations: number,
  connection: Omit<LinkConnection, 'serviceUrl'> = {},
): Promise<BatchResult[]> {
  const problem = resultLinkProblem(http.baseUrl, link);
  if (problem !== null) throw new PlatformError('platform', problem, null);
  const cap = batchResultCap(operations);
  const bound: BodyLimit = {
    limit: cap,
    tooLarge: () =>
      new PlatformError(
        'platform',
        message('error.connector.mailchimp.resultsTooLarge', {
          max: Math.ceil(cap / 1024 ** 2),
          operations,
        }),
        null,
      ),
  };
  const timeout = AbortSignal.timeout(DOWNLOAD_MS);
  const signal = http.signal ? AbortSignal.any([http.signal, timeout]) : timeout;
  const hop = await openLink(link, { ...connection, serviceUrl: http.baseUrl }, signal).catch(
    (err: unknown) => {
      if (http.signal?.aborted) throw http.signal.reason;
      // A link to an address off the internet (or redirected to one): said in Mailchimp's terms.
      const id = err instanceof AppError ? err.said?.id : undefined;
      if (id === 'error.service.linkNotInternet' || id === 'error.service.linkLeadsNotInternet') {
        const host = new URL(link).host;
        const said = message('error.connector.mailchimp.resultsLinkRefused', { host });
        throw new PlatformError('platform', said, null);
      }
      // Redirected where it may not go, or any other refusal: in its own words.
      if (err instanceof AppError)
        throw new PlatformError('platform', err.said ?? err.message, null);
      throw notDownloaded(err instanceof Error ? err.message : String(err), null);
    },
  );
  if (hop.status < 200 || hop.status > 299) {
    hop.drop();
    throw notDownloaded(String(hop.status), hop.status);
  }
  if (declaresMoreThan(hop.headers['content-length'], cap)) {
    hop.drop();
    throw bound.tooLarge();
  }
  const inflated = Readable.from(boundedStream(hop.body, bound)).pipe(createGunzip());
  // A broken gzip stream is the archive's fault, said below; the piped source ends with it.
  const results: BatchResult[] = [];
  try {
    for await (const file of tarFiles(boundedStream(inflated, bound))) {
      if (!file.name.endsWith('.json')) continue;
      results.push(...resultsSchema.parse(JSON.parse(file.content.toString('utf8'))));
    }
  } catch (err) {
    if (err instanceof PlatformError) throw err;
    if (http.signal?.aborted) throw http.signal.reason;
    throw notDownloaded(err instanceof Error ? err.message : String(err), hop.status);
  } finally {
    inflated.destroy();
    hop.drop();
  }
  return results;
}
