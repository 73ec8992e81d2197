// The limits (in-flight slots, one multi per account, quota) and the fault
// switches, proven from what the client receives and what the ledger records.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../electron/sandbox/server/server';
import { KEY, OTHER_KEY, call, check, multi, sandboxFor, sleep } from './support';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await sandboxFor({ config: { slowAddressMs: 300 } });
});
afterEach(() => sandbox.stop());

describe('limits', () => {
  it('answers the sixth in-flight request at once with 42901, Retry-After and no charge', async () => {
    const slow = Array.from({ length: 5 }, (_, i) =>
      check(sandbox, 'email', `slow+${i}@gmail.com`),
    );
    await sleep(50);
    const started = Date.now();
    const sixth = await check(sandbox, 'email', 'deliverable@gmail.com');
    expect(Date.now() - started).toBeLessThan(250);
    expect(sixth).toMatchObject({ status: 429, body: { code: 42901 } });
    expect(sixth.headers.get('retry-after')).toBe('1');
    const answers = await Promise.all(slow);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(sandbox.ledger.spent(KEY)).toBe(5 * 1_000);
    // The slots belong to the key: another key is not affected.
    expect((await check(sandbox, 'email', 'deliverable@gmail.com', OTHER_KEY)).status).toBe(200);
  });

  it('counts a multi check as one slot, and allows one multi at a time', async () => {
    const first = multi(sandbox, 'email', ['slow@gmail.com', 'a@example.com']);
    await sleep(50);
    const second = await multi(sandbox, 'email', ['b@example.com']);
    expect(second).toMatchObject({ status: 429, body: { code: 42901 } });
    expect(second.headers.get('retry-after')).toBe('1');
    // Singles still fit beside the running multi (it holds one slot of five).
    const singles = await Promise.all(
      Array.from({ length: 4 }, (_, i) => check(sandbox, 'email', `deliverable+${i}@gmail.com`)),
    );
    expect(singles.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect((await first).status).toBe(200);
    expect((await multi(sandbox, 'email', ['c@example.com'])).status).toBe(200);
  });

  it('answers 42900 once the usage quota is used up, uncharged', async () => {
    sandbox.config.usageQuota = 2;
    expect((await check(sandbox, 'email', 'deliverable+1@gmail.com')).status).toBe(200);
    expect((await check(sandbox, 'email', 'deliverable+2@gmail.com')).status).toBe(200);
    const third = await check(sandbox, 'email', 'deliverable+3@gmail.com');
    expect(third).toMatchObject({ status: 429, body: { code: 42900 } });
    expect((await multi(sandbox, 'email', ['x@example.com'])).body.code).toBe(42900);
    expect(sandbox.ledger.spent(KEY)).toBe(2_000);
  });

  it('logs each request with its start and end, so overlap can be proven', async () => {
    await Promise.all([
      check(sandbox, 'email', 'slow@gmail.com'),
      check(sandbox, 'email', 'slow+2@gmail.com'),
    ]);
    const checks = sandbox.requests.filter((r) => r.path === '/api/v1/check');
    expect(checks).toHaveLength(2);
    for (const r of checks) {
      expect(r.endedAt).not.toBeNull();
      expect((r.endedAt ?? 0) - r.at).toBeGreaterThanOrEqual(290);
      expect(r).toMatchObject({ status: 200, code: 0, account: 0 });
    }
  });
});

describe('faults', () => {
  it('answers 50303 with Retry-After for the next N requests, then recovers', async () => {
    sandbox.faults.capacity(2, 7);
    const a = await check(sandbox, 'email', 'deliverable@gmail.com');
    const b = await multi(sandbox, 'email', ['a@example.com']);
    expect([a.body.code, b.body.code]).toEqual([50303, 50303]);
    expect(a.status).toBe(503);
    expect(a.headers.get('retry-after')).toBe('7');
    expect((await check(sandbox, 'email', 'deliverable@gmail.com')).status).toBe(200);
    expect(sandbox.ledger.spent(KEY)).toBe(1_000);
  });

  it('accepts an HTTP date as the capacity Retry-After', async () => {
    const when = new Date(Date.now() + 30_000).toUTCString();
    sandbox.faults.capacity(1, when);
    expect(
      (await check(sandbox, 'email', 'deliverable@gmail.com')).headers.get('retry-after'),
    ).toBe(when);
  });

  it('answers 50300 on every endpoint while under maintenance', async () => {
    sandbox.faults.maintenance(true);
    for (const answer of [
      await check(sandbox, 'email', 'deliverable@gmail.com'),
      await call(sandbox, 'GET', '/api/v1/balance'),
      await call(sandbox, 'GET', '/api/v1/bulk-tasks/abc'),
    ]) {
      expect(answer).toMatchObject({ status: 503, body: { code: 50300 } });
    }
    sandbox.faults.maintenance(false);
    expect((await call(sandbox, 'GET', '/api/v1/balance')).status).toBe(200);
  });

  it('drops the connection before the work: nothing charged', async () => {
    sandbox.faults.resetConnection('before', 1, '/api/v1/check');
    await expect(check(sandbox, 'email', 'deliverable@gmail.com')).rejects.toThrow();
    expect(sandbox.ledger.spent(KEY)).toBe(0);
    expect((await check(sandbox, 'email', 'deliverable@gmail.com')).status).toBe(200);
  });

  it('drops the connection after the work: charged, answer lost', async () => {
    sandbox.faults.resetConnection('after', 1, '/api/v1/batch-check');
    await expect(
      multi(sandbox, 'email', ['deliverable@gmail.com', 'undeliverable@gmail.com']),
    ).rejects.toThrow();
    expect(sandbox.ledger.spent(KEY)).toBe(2_000);
  });

  it('slows every answer down', async () => {
    sandbox.faults.slow(200);
    const started = Date.now();
    await call(sandbox, 'GET', '/api/v1/balance');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('answers multi entries without provider in the older kind', async () => {
    sandbox.faults.olderKind({ multiWithoutProvider: true });
    const answer = await multi(sandbox, 'email', ['deliverable@gmail.com']);
    expect(answer.body.data?.results).toEqual([
      { identifier: 'deliverable@gmail.com', exists: true, registered: true },
    ]);
  });

  it('clear() brings back a healthy service', async () => {
    sandbox.faults.maintenance(true);
    sandbox.faults.capacity(5);
    sandbox.faults.clear();
    expect((await check(sandbox, 'email', 'deliverable@gmail.com')).status).toBe(200);
  });
});
