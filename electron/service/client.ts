// The service's endpoints, as the rest of List Cleaner calls them. Each one is
// a call of the transport (what to send, how long to wait, whether a repeat
// could charge twice) and a mapper from its data to a typed value; the rules
// that belong to one endpoint alone (a check the service could not decide is
// an outcome, a multi check answers once per address) are kept beside it.
// A client also fixes what its calls share: timeouts, the retry policy, the
// key's limiter, and the poll interval.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { MIN_POLL_SECONDS } from '../common/limits';
import { serviceUrlProblem } from '../common/urls/service-url';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { ServiceError, badResponseError } from './errors';
import { limiterForKey, type Limiter } from './limiter';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import {
  balanceData,
  bulkTaskData,
  multiData,
  singleData,
  type BulkProduct,
  type SyncProduct,
} from './schemas';
import {
  downloadResultFile,
  freshLinkMayHelp,
  type DownloadedResult,
  type ResultOptions,
} from './results/download';
import type { Resolver } from './results/link-address';
import { waitForBulkTask, type WaitOptions } from './poll';
import {
  toBalance,
  toBatch,
  toResult,
  toTask,
  unknownResult,
  type Balance,
  type BatchResult,
  type BulkTask,
  type CheckResult,
} from './results/results';
import { createTransport, jsonBody } from './transport';

export type { BulkProduct, SyncProduct } from './schemas';
export type { ResultOptions } from './results/download';
export type { Balance, BatchResult, BulkTask, CheckResult, Outcome } from './results/results';

export interface ServiceClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Time limit for reads (balance, task status), in ms. */
  readTimeoutMs?: number;
  /** The service's own limits plus a margin, so its 50400 arrives before our timeout. */
  singleTimeoutMs?: number;
  multiTimeoutMs?: number;
  uploadTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Shared per key by default, so every client of one key shares its five slots. */
  limiter?: Limiter;
  /** Seconds between polls of a bulk task; never under 30 unless fast polling is allowed. */
  pollIntervalSeconds?: number;
  /** Only the sandbox may be polled more often than every 30 s. */
  allowFastPolling?: boolean;
  /** For tests: the randomness of backoff jitter. */
  random?: () => number;
  /** For tests: how a result link's host name becomes addresses (the system's lookup by default). */
  resolveLinkHost?: Resolver;
  /** For tests: certificates a result link's https is checked against, instead of Node's own. */
  linkCa?: string;
}

export interface ServiceClient {
  readonly baseUrl: string;
  balance(signal?: AbortSignal): Promise<Balance>;
  check(product: SyncProduct, address: string, signal?: AbortSignal): Promise<CheckResult>;
  batchCheck(
    product: SyncProduct,
    addresses: readonly string[],
    signal?: AbortSignal,
  ): Promise<BatchResult>;
  submitBulk(
    product: BulkProduct,
    filePath: string,
    idempotencyKey: string,
    signal?: AbortSignal,
  ): Promise<BulkTask>;
  getBulk(id: string, signal?: AbortSignal): Promise<BulkTask>;
  /** Polls until the task fails, or succeeds with a result link. */
  waitForBulk(id: string, options?: WaitOptions): Promise<BulkTask>;
  /**
   * Streams a result file to destPath (unpacking an archive), given its link;
   * never larger than `rows` addresses can fill.
   */
  downloadResult(url: string, destPath: string, options?: ResultOptions): Promise<DownloadedResult>;
  /** Gets a fresh link and downloads; asks again for a link that expired or broke off. */
  fetchResult(id: string, destPath: string, options?: ResultOptions): Promise<DownloadedResult>;
  /** The poll interval in force, in ms. */
  readonly pollIntervalMs: number;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { baseUrl, apiKey } = options;
  // The key goes with every request: never over an unencrypted connection off this machine.
  const problem = serviceUrlProblem(baseUrl);
  if (problem !== null) throw new AppError('invalid_input', problem);
  const readTimeoutMs = options.readTimeoutMs ?? 30_000;
  const singleTimeoutMs = options.singleTimeoutMs ?? 65_000;
  const multiTimeoutMs = options.multiTimeoutMs ?? 310_000;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? 15 * 60_000;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const { run } = createTransport({
    baseUrl,
    apiKey,
    policy,
    limiter: options.limiter ?? limiterForKey(apiKey),
    random: options.random ?? Math.random,
  });
  const pollSeconds = options.pollIntervalSeconds ?? MIN_POLL_SECONDS;
  const pollIntervalMs =
    (options.allowFastPolling ? pollSeconds : Math.max(pollSeconds, MIN_POLL_SECONDS)) * 1_000;

  /**
   * `polling`: one look of a wait, which paces its own looks (a failed one is
   * tried again an interval later): no quick retries here, since the service
   * asks to be polled no more often than every 30 s. Its Retry-After is still heeded.
   */
  async function getBulk(id: string, signal?: AbortSignal, polling = false): Promise<BulkTask> {
    const data = await run({
      endpoint: 'GET /api/v1/bulk-tasks/{id}',
      method: 'GET',
      path: `/api/v1/bulk-tasks/${encodeURIComponent(id)}`,
      timeoutMs: readTimeoutMs,
      schema: bulkTaskData,
      safeToRepeat: true,
      ...(polling ? { maxAttempts: 1 } : {}),
      signal,
    });
    return toTask(data);
  }

  const client: ServiceClient = {
    baseUrl,
    pollIntervalMs,

    async balance(signal) {
      const data = await run({
        endpoint: 'GET /api/v1/balance',
        method: 'GET',
        path: '/api/v1/balance',
        timeoutMs: readTimeoutMs,
        schema: balanceData,
        safeToRepeat: true,
        // Someone is looking at the screen (or pasting a key): one quick retry, then say so.
        maxAttempts: 2,
        signal,
      });
      return toBalance(data);
    },

    async check(product, address, signal) {
      try {
        const data = await run({
          endpoint: 'POST /api/v1/check',
          method: 'POST',
          path: '/api/v1/check',
          body: jsonBody({ service_type: product, identifier: address }),
          timeoutMs: singleTimeoutMs,
          schema: singleData,
          slot: 'single',
          safeToRepeat: false,
          signal,
        });
        return toResult(data);
      } catch (err) {
        // Undetermined is an outcome, not a failure: nothing was charged.
        if (err instanceof ServiceError && err.serviceCode === 42200) return unknownResult(address);
        throw err;
      }
    },

    async batchCheck(product, addresses, signal) {
      if (addresses.length < 1 || addresses.length > 100) {
        throw new RangeError(`a multi check takes 1 to 100 addresses, not ${addresses.length}`);
      }
      const endpoint = 'POST /api/v1/batch-check';
      const data = await run({
        endpoint,
        method: 'POST',
        path: '/api/v1/batch-check',
        body: jsonBody({ service_type: product, identifiers: addresses }),
        timeoutMs: multiTimeoutMs,
        schema: multiData,
        slot: 'multi',
        safeToRepeat: false,
        signal,
      });
      if (data.results.length !== addresses.length) {
        throw badResponseError(
          endpoint,
          `field data.results: ${data.results.length} entries for ${addresses.length} addresses`,
          200,
        );
      }
      return toBatch(data);
    },

    async submitBulk(product, filePath, idempotencyKey, signal) {
      if (idempotencyKey.length < 1 || idempotencyKey.length > 128) {
        throw new RangeError('an Idempotency-Key has 1 to 128 characters');
      }
      const data = await run({
        endpoint: 'POST /api/v1/bulk-tasks',
        method: 'POST',
        path: '/api/v1/bulk-tasks',
        // A file-backed Blob: fetch streams it from disk, it is never read whole.
        body: async () => {
          const form = new FormData();
          form.set('service_type', product);
          form.set('file', await openAsBlob(filePath, { type: 'text/csv' }), basename(filePath));
          return { body: form };
        },
        headers: { 'Idempotency-Key': idempotencyKey },
        timeoutMs: uploadTimeoutMs,
        schema: bulkTaskData,
        // The same Idempotency-Key returns the task already made, never a second one.
        safeToRepeat: true,
        signal,
      });
      return toTask(data);
    },

    getBulk: (id, signal) => getBulk(id, signal),

    waitForBulk(id, waitOptions) {
      return waitForBulkTask(
        (signal) => getBulk(id, signal, true),
        id,
        pollIntervalMs,
        waitOptions,
      );
    },

    downloadResult(url, destPath, resultOptions = {}) {
      return downloadResultFile(url, destPath, {
        ...resultOptions,
        timeoutMs: uploadTimeoutMs,
        serviceUrl: baseUrl,
        ...(options.resolveLinkHost ? { resolve: options.resolveLinkHost } : {}),
        ...(options.linkCa !== undefined ? { ca: options.linkCa } : {}),
      });
    },

    fetchResult: (id, destPath, resultOptions = {}) =>
      fetchResult(client, policy.maxAttempts, id, destPath, resultOptions),
  };
  return client;
}

/**
 * Waits for the task, then downloads its result; a link that expired or broke
 * off is worth a fresh one (freshLinkMayHelp, the same rule the jobs' bulk run
 * keeps), up to the retry policy's attempts.
 */
async function fetchResult(
  client: ServiceClient,
  attempts: number,
  id: string,
  destPath: string,
  resultOptions: ResultOptions,
): Promise<DownloadedResult> {
  const { signal } = resultOptions;
  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const task = await client.waitForBulk(id, { signal });
    if (task.status !== 'success' || !task.resultUrl) {
      throw new ServiceError('service', message('error.service.taskFailed', { id }), {
        retryable: false,
        charged: 'no',
      });
    }
    try {
      return await client.downloadResult(task.resultUrl, destPath, resultOptions);
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (!freshLinkMayHelp(err)) throw err;
      lastError = err;
    }
  }
  throw lastError;
}
