import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/service/client';
import { ServiceError, serviceErrorCatalogue } from '../../../electron/service/errors';
import { parseRetryAfter } from '../../../electron/service/envelope';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { closedPortUrl, startStub } from '../support/http-stub';

const KEY = 'sk_test_client_suite_key_9f3e';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ accounts: [{ key: KEY, balanceMicros: 7_654_321 }] });
});
afterAll(() => sandbox.stop());

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

describe('balance', () => {
  it('reads the balance in micros with the key in X-API-Key', async () => {
    const client = createServiceClient({ baseUrl: sandbox.url, apiKey: KEY });
    await expect(client.balance()).resolves.toEqual({ balanceMicros: 7_654_321 });
    const last = sandbox.requests.at(-1);
    expect(last).toMatchObject({ method: 'GET', path: '/api/v1/balance', status: 200, account: 0 });
  });

  it('accepts a base URL with a trailing slash', async () => {
    const client = createServiceClient({ baseUrl: `${sandbox.url}/`, apiKey: KEY });
    await expect(client.balance()).resolves.toEqual({ balanceMicros: 7_654_321 });
  });

  it('turns 40100 into a typed, uncharged error that never repeats the key', async () => {
    const wrongKey = 'sk_test_wrong_key_do_not_echo';
    const err = await failure(
      createServiceClient({ baseUrl: sandbox.url, apiKey: wrongKey }).balance(),
    );
    expect(err.code).toBe('auth_failed');
    expect(err.serviceCode).toBe(40100);
    expect(err.httpStatus).toBe(401);
    expect(err.retryable).toBe(false);
    expect(err.charged).toBe('no');
    expect(err.message).toMatch(/did not accept this API key/);
    expect(err.message).not.toContain(wrongKey);
    expect(JSON.stringify(err)).not.toContain(wrongKey);
  });

  it('reports an unreachable service as a network error naming the host, not the key', async () => {
    const url = await closedPortUrl();
    const err = await failure(createServiceClient({ baseUrl: url, apiKey: KEY }).balance());
    expect(err.code).toBe('network');
    expect(err.message).toContain(new URL(url).host);
    expect(err.message).not.toContain(KEY);
    expect(err.charged).toBe('no');
  });

  it('reports a proxy page that is not the envelope as a bad response', async () => {
    const stub = await startStub((_req, res) => {
      res
        .writeHead(502, { 'Content-Type': 'text/html' })
        .end('<html><body>Bad gateway</body></html>');
    });
    try {
      const err = await failure(createServiceClient({ baseUrl: stub.url, apiKey: KEY }).balance());
      expect(err.code).toBe('bad_response');
      expect(err.httpStatus).toBe(502);
      expect(err.message).toContain('GET /api/v1/balance');
    } finally {
      await stub.stop();
    }
  });

  it('names the endpoint and the field when the data has the wrong shape', async () => {
    const stub = await startStub((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 0, msg: 'ok', data: { balance_micros: '12.5' } }));
    });
    try {
      const err = await failure(createServiceClient({ baseUrl: stub.url, apiKey: KEY }).balance());
      expect(err.code).toBe('bad_response');
      expect(err.message).toContain('GET /api/v1/balance');
      expect(err.message).toContain('data.balance_micros');
    } finally {
      await stub.stop();
    }
  });

  it('gives up after its time limit with a timeout error', async () => {
    const stub = await startStub(() => undefined); // never answers
    try {
      const client = createServiceClient({ baseUrl: stub.url, apiKey: KEY, readTimeoutMs: 200 });
      const err = await failure(client.balance());
      expect(err.code).toBe('timeout');
    } finally {
      await stub.stop();
    }
  });

  it('lets the caller abort', async () => {
    const stub = await startStub(() => undefined);
    try {
      const controller = new AbortController();
      const pending = createServiceClient({ baseUrl: stub.url, apiKey: KEY }).balance(
        controller.signal,
      );
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await stub.stop();
    }
  });
});

describe('error catalogue', () => {
  it('covers every code of the interface with an actionable, uncharged message', () => {
    const codes = [40000, 40001, 40002, 40100, 40200, 42200, 42900, 42901, 50303, 50400, 50300];
    for (const code of codes) {
      const info = serviceErrorCatalogue[code];
      expect(info, `code ${code}`).toBeDefined();
      expect(info?.message).toMatch(/Nothing was charged/);
    }
    expect(serviceErrorCatalogue[42901]?.retryable).toBe(true);
    expect(serviceErrorCatalogue[50303]?.retryable).toBe(true);
    expect(serviceErrorCatalogue[40200]?.retryable).toBe(false);
  });
});

describe('Retry-After', () => {
  it('accepts seconds and HTTP dates, and clamps absurd values', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('999999', now)).toBe(3600);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
