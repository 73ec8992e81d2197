// How one call reaches the service, so that every endpoint sends the same way:
// the API key on every request and in no message, no redirect followed (the
// key goes only to the address the user set), a time limit per call, an answer
// read no larger than the interface can give, a slot of the key's limiter
// held while a check is in flight, and a request sent again only when a
// repeat cannot charge twice.
import type { z } from 'zod';
import { readAnswer } from './results/read-answer';
import { parseEnvelope, type RawResponse } from './envelope';
import { ServiceError, networkError, timeoutError } from './errors';
import type { Limiter } from './limiter';
import { abortableSleep, decideRetry, type RetryPolicy } from './retry';

/** One call of one endpoint: what to send, how long to wait, and whether it may go again. */
export interface Operation<T> {
  endpoint: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => Promise<{ body: NonNullable<RequestInit['body']>; contentType?: string }>;
  headers?: Record<string, string>;
  timeoutMs: number;
  schema: z.ZodType<T>;
  /** Which limiter slot the request needs, if any. */
  slot?: 'single' | 'multi';
  /** A repeat cannot charge twice. */
  safeToRepeat: boolean;
  /** Fewer attempts than the policy's, for reads a person is waiting on. */
  maxAttempts?: number;
  signal?: AbortSignal;
}

export interface TransportOptions {
  /** Already judged safe to send the key to (see serviceUrlProblem). */
  baseUrl: string;
  apiKey: string;
  policy: RetryPolicy;
  limiter: Limiter;
  /** The randomness of backoff jitter. */
  random: () => number;
}

export interface Transport {
  /** One request and its answer, read but not judged: no retry, no limiter slot. */
  send(op: Operation<unknown>): Promise<RawResponse>;
  /** The call's validated data, retried as its policy allows, within its limiter slot. */
  run<T>(op: Operation<T>): Promise<T>;
}

export function endpointUrl(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\//, ''), base);
}

/** A JSON request body, made when the request is sent. */
export const jsonBody = (value: unknown) => async () => ({
  body: JSON.stringify(value),
  contentType: 'application/json',
});

export function createTransport(options: TransportOptions): Transport {
  // The key stays in this closure: it is never a field anyone could log.
  const { baseUrl, apiKey, policy, limiter, random } = options;
  const host = new URL(baseUrl).host;

  async function send(op: Operation<unknown>): Promise<RawResponse> {
    const timeout = AbortSignal.timeout(op.timeoutMs);
    const signal = op.signal ? AbortSignal.any([op.signal, timeout]) : timeout;
    const headers: Record<string, string> = {
      'X-API-Key': apiKey,
      Accept: 'application/json',
      ...op.headers,
    };
    let body: RequestInit['body'];
    if (op.body) {
      const made = await op.body();
      body = made.body;
      if (made.contentType) headers['Content-Type'] = made.contentType;
    }
    const url = endpointUrl(baseUrl, op.path);
    try {
      const res = await fetch(url, {
        method: op.method,
        headers,
        body,
        signal,
        redirect: 'manual',
      });
      return await readAnswer(res, url, op.endpoint, op.method === 'POST');
    } catch (err) {
      if (op.signal?.aborted) throw op.signal.reason;
      if (err instanceof ServiceError) throw err;
      if (timeout.aborted) throw timeoutError(host, Math.round(op.timeoutMs / 1000));
      throw networkError(host, err, !op.safeToRepeat && op.method === 'POST');
    }
  }

  async function run<T>(op: Operation<T>): Promise<T> {
    let waitedForRetryAfter = 0;
    for (let attempt = 1; ; attempt += 1) {
      const release = op.slot ? await limiter.acquire(op.slot, op.signal) : null;
      try {
        return parseEnvelope(op.endpoint, await send(op as Operation<unknown>), op.schema);
      } catch (err) {
        if (op.signal?.aborted) throw op.signal.reason;
        const opPolicy = op.maxAttempts
          ? { ...policy, maxAttempts: Math.min(policy.maxAttempts, op.maxAttempts) }
          : policy;
        const decision = decideRetry(
          err,
          attempt,
          waitedForRetryAfter,
          op.safeToRepeat,
          opPolicy,
          random,
        );
        if (!decision.retry) throw err;
        if (decision.honoursRetryAfter) waitedForRetryAfter += decision.delayMs;
        // Free the slot while waiting, so other checks are not held up by this one.
        release?.();
        await abortableSleep(decision.delayMs, op.signal);
        continue;
      } finally {
        release?.();
      }
    }
  }

  return { send, run };
}
