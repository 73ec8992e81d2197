import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';

let sandbox: Sandbox;
const [A, B] = ['sk_test_sandbox_account_a', 'sk_test_sandbox_account_b'];

beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [
      { key: A, balanceMicros: 1_000_000 },
      { key: B, balanceMicros: 0 },
    ],
  });
});
afterAll(() => sandbox.stop());

async function get(path: string, key?: string, method = 'GET') {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: key ? { 'X-API-Key': key } : {},
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: (await res.json()) as unknown,
  };
}

describe('sandbox service', () => {
  it('listens on loopback at a free port', () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers the balance of each key from its own ledger, in the envelope', async () => {
    expect(await get('/api/v1/balance', A)).toMatchObject({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { code: 0, msg: 'ok', data: { balance_micros: 1_000_000 } },
    });
    expect((await get('/api/v1/balance', B)).body).toEqual({
      code: 0,
      msg: 'ok',
      data: { balance_micros: 0 },
    });
  });

  it('refuses a missing or unknown key with 40100 and no data', async () => {
    for (const key of [undefined, 'sk_test_nobody']) {
      const res = await get('/api/v1/balance', key);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 40100, msg: expect.any(String) });
    }
  });

  it('envelopes unknown paths and wrong methods too', async () => {
    const missing = await get('/api/v1/nothing-here', A);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 40400 });
    const wrongMethod = await get('/api/v1/balance', A, 'DELETE');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toMatchObject({ code: 40500 });
  });

  it('logs every request with its account and status, for tests to prove behaviour', async () => {
    const before = sandbox.requests.length;
    await get('/api/v1/balance', B);
    const entry = sandbox.requests[before];
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/api/v1/balance',
      status: 200,
      account: 1,
    });
    expect(typeof entry?.at).toBe('number');
  });

  it('keeps only the most recent requests in a long run', async () => {
    const small = await startSandbox({
      accounts: [{ key: A, balanceMicros: 0 }],
      config: { requestLogLimit: 20 },
    });
    try {
      for (let i = 0; i < 45; i++)
        await fetch(`${small.url}/api/v1/balance`, { headers: { 'X-API-Key': A } });
      expect(small.requests.length).toBeLessThanOrEqual(20);
      expect(small.requests.length).toBeGreaterThan(10);
    } finally {
      await small.stop();
    }
  });

  it('keeps a ledger with the opening balance of each account', () => {
    expect(sandbox.ledger.entries(A)).toEqual([
      expect.objectContaining({ kind: 'credit', micros: 1_000_000 }),
    ]);
    expect(sandbox.ledger.balance(A)).toBe(1_000_000);
  });
});
