// The client for the email verification service. Only this module talks to
// the network; it holds the API key and never lets it into a message.
import { z } from 'zod';
import { parseEnvelope, type RawResponse } from './envelope';
import { networkError, timeoutError } from './errors';

export interface ServiceClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Time limit for simple reads such as the balance, in milliseconds. */
  readTimeoutMs?: number;
}

export interface ServiceClient {
  readonly baseUrl: string;
  balance(signal?: AbortSignal): Promise<{ balanceMicros: number }>;
}

const balanceSchema = z.object({ balance_micros: z.number().int() });

export function endpointUrl(baseUrl: string, path: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return new URL(path.replace(/^\//, ''), base);
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { baseUrl, apiKey } = options;
  const readTimeoutMs = options.readTimeoutMs ?? 30_000;
  const host = new URL(baseUrl).host;

  async function request(
    method: string,
    path: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<RawResponse> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      const res = await fetch(endpointUrl(baseUrl, path), {
        method,
        headers: { 'X-API-Key': apiKey, Accept: 'application/json' },
        signal: combined,
      });
      const body = await res.text();
      return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
    } catch (err) {
      if (signal?.aborted) throw err;
      if (timeout.aborted) throw timeoutError(host, Math.round(timeoutMs / 1000));
      throw networkError(host, err);
    }
  }

  return {
    baseUrl,
    async balance(signal) {
      const res = await request('GET', '/api/v1/balance', readTimeoutMs, signal);
      const data = parseEnvelope('GET /api/v1/balance', res, balanceSchema);
      return { balanceMicros: data.balance_micros };
    },
  };
}
