// Errors, retries, limits and polling, each proven from the sandbox's own
// request log and ledger rather than the client's bookkeeping.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClientOptions } from '../../../electron/service/client';
import { createLimiter } from '../../../electron/service/limiter';
import { ServiceError } from '../../../electron/service/errors';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { setLogSink } from '../../../electron/lib/log';
import { closedPortUrl, startStub } from '../support/http-stub';
import { fastRetry, quickClient, jsonReply, maxOverlap, requestsTo, withStub } from './support';

const KEY = 'sk_test_client_resilience_77';
let sandbox: Sandbox;
let dir: string;
const logLines: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-resilience-'));
  setLogSink((_level, line) => logLines.push(line));
});
beforeEach(async () => {
  sandbox = await startSandbox({
    accounts: [
      { key: KEY, balanceMicros: 50_000_000 },
      { key: 'sk_test_poor_client', balanceMicros: 500 },
    ],
    config: { bulkAddressesPerSecond: 100_000, resultNotReadyMs: 100, slowAddressMs: 300 },
  });
});
afterEach(async () => {
  await sandbox.stop();
  expect(logLines.join('\n')).not.toContain(KEY);
});

const clientFor = (options: Partial<ServiceClientOptions> = {}) =>
  quickClient(sandbox.url, KEY, { pollIntervalSeconds: 0.1, ...options });

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const err = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

async function listFile(count: number): Promise<string> {
  const path = join(dir, `list-${count}-${Date.now()}.txt`);
  await writeFile(path, Array.from({ length: count }, (_, i) => `r${i}@gmail.com`).join('\n'));
  return path;
}

describe('errors that are never retried', () => {
  it.each([
    ['40002 invalid address', () => clientFor().check('email', 'not-an-address'), 40002, KEY],
    [
      '40000 unsupported product',
      () => clientFor().check('email_batch' as 'email', 'a@gmail.com'),
      40000,
      KEY,
    ],
    [
      '40100 wrong key',
      () => clientFor({ apiKey: 'sk_test_wrong_key_xx' }).check('email', 'a@gmail.com'),
      40100,
      null,
    ],
    [
      '40200 insufficient balance',
      () => clientFor({ apiKey: 'sk_test_poor_client' }).check('email', 'deliverable@gmail.com'),
      40200,
      'sk_test_poor_client',
    ],
  ] as const)('%s: one request, typed, nothing charged', async (_name, run, code, key) => {
    const err = await failure(run());
    expect(err.serviceCode).toBe(code);
    expect(err.retryable).toBe(false);
    expect(err.charged).toBe('no');
    expect(err.message).toMatch(/Nothing was charged/);
    expect(requestsTo(sandbox, '/api/v1/check')).toHaveLength(1);
    if (key) expect(sandbox.ledger.spent(key)).toBe(0);
  });

  it('42900 quota: one request, and the message says what to do', async () => {
    sandbox.config.usageQuota = 0;
    const err = await failure(clientFor().batchCheck('email', ['a@gmail.com']));
    expect(err.serviceCode).toBe(42900);
    expect(err.message).toMatch(/quota/);
    expect(requestsTo(sandbox, '/api/v1/batch-check')).toHaveLength(1);
  });

  it('40001 from a service that could not read the body: one request', async () => {
    let hits = 0;
    const reply = jsonReply(400, { code: 40001, msg: 'bad json' });
    const err = await withStub(
      (req, res) => {
        hits += 1;
        reply(req, res);
      },
      (url) =>
        failure(
          createServiceClient({
            baseUrl: url,
            apiKey: KEY,
            limiter: createLimiter(),
            retry: fastRetry,
          }).check('email', 'a@gmail.com'),
        ),
    );
    expect(err.serviceCode).toBe(40001);
    expect(hits).toBe(1);
  });
});

describe('errors that are retried', () => {
  it('50303 waits for Retry-After and resends the same request', async () => {
    sandbox.faults.capacity(1, 1);
    const result = await clientFor().check('email', 'deliverable@gmail.com');
    expect(result.outcome).toBe('deliverable');
    const log = requestsTo(sandbox, '/api/v1/check');
    expect(log.map((r) => r.code)).toEqual([50303, 0]);
    expect((log[1]?.at ?? 0) - (log[0]?.endedAt ?? 0)).toBeGreaterThanOrEqual(950);
    expect(sandbox.ledger.spent(KEY)).toBe(1_000);
  });

  it('50303 with Retry-After as an HTTP date', async () => {
    sandbox.faults.capacity(1, new Date(Date.now() + 2_000).toUTCString());
    await clientFor().check('email', 'deliverable@gmail.com');
    const log = requestsTo(sandbox, '/api/v1/check');
    expect(log.map((r) => r.code)).toEqual([50303, 0]);
    expect((log[1]?.at ?? 0) - (log[0]?.endedAt ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('a capacity storm: every check gets through, never more than five at once', async () => {
    sandbox.faults.capacity(25, 0);
    const client = clientFor({ retry: { ...fastRetry, maxRetryAfterTotalMs: 60_000 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.check('email', `deliverable+${i}@gmail.com`)),
    );
    expect(results.every((r) => r.outcome === 'deliverable')).toBe(true);
    const log = requestsTo(sandbox, '/api/v1/check');
    expect(log.filter((r) => r.code === 50303)).toHaveLength(25);
    expect(log.filter((r) => r.code === 0)).toHaveLength(20);
    expect(maxOverlap(sandbox.requests, '/api/v1/check')).toBeLessThanOrEqual(5);
    expect(sandbox.ledger.spent(KEY)).toBe(20 * 1_000);
  });

  it('42901 when another client holds the slots: waits and resends', async () => {
    // Another program with the same key, outside our limiter, takes all five slots.
    const other = createServiceClient({
      baseUrl: sandbox.url,
      apiKey: KEY,
      limiter: createLimiter(),
    });
    const held = Array.from({ length: 5 }, (_, i) => other.check('email', `slow+${i}@gmail.com`));
    await new Promise((r) => setTimeout(r, 50));
    const ours = await clientFor().check('email', 'deliverable@gmail.com');
    expect(ours.outcome).toBe('deliverable');
    await Promise.all(held);
    const codes = requestsTo(sandbox, '/api/v1/check').map((r) => r.code);
    expect(codes.filter((c) => c === 42901).length).toBeGreaterThanOrEqual(1);
    expect(sandbox.ledger.spent(KEY)).toBe(6 * 1_000);
  });

  it('50300 maintenance: backs off with growing waits, then gives up with a clear message', async () => {
    const client = clientFor({
      retry: { ...fastRetry, baseDelayMs: 40, maxDelayMs: 1_000, maxAttempts: 4 },
    });
    const task = await client.submitBulk('email_batch', await listFile(1_000), 'maintenance-1');
    sandbox.faults.maintenance(true);
    const err = await failure(client.getBulk(task.id));
    expect(err.serviceCode).toBe(50300);
    expect(err.message).toMatch(/maintenance/);
    const log = requestsTo(sandbox, `/api/v1/bulk-tasks/${task.id}`);
    expect(log).toHaveLength(4);
    const gaps = log.slice(1).map((r, i) => r.at - (log[i]?.endedAt ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[2]).toBeGreaterThanOrEqual(gaps[0] ?? 0);
  });

  it('50300 on the balance someone is waiting for: retried once only', async () => {
    sandbox.faults.maintenance(true);
    expect((await failure(clientFor().balance())).serviceCode).toBe(50300);
    expect(requestsTo(sandbox, '/api/v1/balance')).toHaveLength(2);
  });

  it('50400 on a check: not charged, backed off and resent', async () => {
    sandbox.config.singleTimeoutMs = 30;
    const err = await failure(clientFor().check('email', 'slow@gmail.com'));
    expect(err.serviceCode).toBe(50400);
    expect(requestsTo(sandbox, '/api/v1/check')).toHaveLength(3);
    expect(sandbox.ledger.spent(KEY)).toBe(0);
  });
});

describe('lost answers', () => {
  it('a check whose connection drops is not resent (it may have been charged)', async () => {
    sandbox.faults.resetConnection('after', 1, '/api/v1/check');
    const err = await failure(clientFor().check('email', 'deliverable@gmail.com'));
    expect(err.code).toBe('network');
    expect(requestsTo(sandbox, '/api/v1/check')).toHaveLength(1);
  });

  it('a read whose connection drops is resent', async () => {
    // The balance, which someone is waiting on, is retried once (fetch itself may
    // resend once more on a dropped keep-alive socket); task reads longer.
    sandbox.faults.resetConnection('before', 10, '/api/v1/balance');
    await expect(clientFor().balance()).rejects.toMatchObject({ code: 'network' });
    expect(requestsTo(sandbox, '/api/v1/balance').length).toBeLessThanOrEqual(4);
    const task = await clientFor().submitBulk('email_batch', await listFile(1_000), 'reset-read-1');
    sandbox.faults.resetConnection('before', 2, `/api/v1/bulk-tasks/${task.id}`);
    await expect(clientFor().getBulk(task.id)).resolves.toMatchObject({ id: task.id });
    expect(requestsTo(sandbox, `/api/v1/bulk-tasks/${task.id}`)).toHaveLength(3);
  });

  it('a bulk submit whose answer is lost is resent with the same Idempotency-Key: one task, one charge', async () => {
    sandbox.faults.resetConnection('after', 1, '/api/v1/bulk-tasks');
    const task = await clientFor().submitBulk(
      'email_batch',
      await listFile(1_000),
      'lost-answer-1',
    );
    expect(requestsTo(sandbox, '/api/v1/bulk-tasks')).toHaveLength(2);
    expect(sandbox.tasks(KEY)).toEqual([task.id]);
    expect(sandbox.ledger.entries(KEY).filter((e) => e.kind === 'reserve')).toHaveLength(1);
  });

  it('an unreachable service is a network error; the key is in no message', async () => {
    const c = createServiceClient({
      baseUrl: await closedPortUrl(),
      apiKey: KEY,
      limiter: createLimiter(),
      retry: fastRetry,
    });
    const err = await failure(c.balance());
    expect(err.code).toBe('network');
    expect(`${err.message} ${String(err.cause)}`).not.toContain(KEY);
  });

  it('a proxy page or a bare 502 is a bad response, not an envelope', async () => {
    const stub = await startStub((req, res) => {
      if (req.url?.includes('balance')) res.writeHead(502).end();
      else res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>Bad Gateway</html>');
    });
    try {
      const c = createServiceClient({
        baseUrl: stub.url,
        apiKey: KEY,
        limiter: createLimiter(),
        retry: fastRetry,
      });
      expect(await failure(c.balance())).toMatchObject({ code: 'bad_response', httpStatus: 502 });
      expect(await failure(c.check('email', 'a@gmail.com'))).toMatchObject({
        code: 'bad_response',
      });
    } finally {
      await stub.stop();
    }
  });

  it('times out a check that never answers, and can be aborted by the caller', async () => {
    const stub = await startStub(() => undefined);
    try {
      const c = createServiceClient({
        baseUrl: stub.url,
        apiKey: KEY,
        limiter: createLimiter(),
        singleTimeoutMs: 100,
      });
      expect((await failure(c.check('email', 'a@gmail.com'))).code).toBe('timeout');
      const controller = new AbortController();
      const pending = c.check('email', 'a@gmail.com', controller.signal);
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await stub.stop();
    }
  });
});

describe('limits kept on our side', () => {
  it('never more than five checks in flight, and one multi at a time, from the sandbox log', async () => {
    const client = clientFor();
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => client.check('email', `slow+${i}@gmail.com`)),
      ...Array.from({ length: 3 }, (_, i) =>
        client.batchCheck('email', [`slow+m${i}@gmail.com`, `x${i}@gmail.com`]),
      ),
    ]);
    const all = sandbox.requests.filter(
      (r) => r.path === '/api/v1/check' || r.path === '/api/v1/batch-check',
    );
    expect(all.every((r) => r.code === 0)).toBe(true);
    expect(
      maxOverlap(
        all.map((r) => ({ ...r, path: 'sync' })),
        'sync',
      ),
    ).toBe(5);
    expect(maxOverlap(sandbox.requests, '/api/v1/batch-check')).toBe(1);
  });

  it('shares the five slots between clients of the same key by default', async () => {
    const a = createServiceClient({ baseUrl: sandbox.url, apiKey: KEY });
    const b = createServiceClient({ baseUrl: sandbox.url, apiKey: KEY });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).check('email', `slow+s${i}@gmail.com`)),
    );
    expect(requestsTo(sandbox, '/api/v1/check').every((r) => r.code === 0)).toBe(true);
    expect(maxOverlap(sandbox.requests, '/api/v1/check')).toBeLessThanOrEqual(5);
  });

  it('a queued check can be aborted before it is sent', async () => {
    const client = clientFor();
    const busy = Array.from({ length: 5 }, (_, i) => client.check('email', `slow+q${i}@gmail.com`));
    const controller = new AbortController();
    const queued = client.check('email', 'deliverable@gmail.com', controller.signal);
    controller.abort();
    await expect(queued).rejects.toMatchObject({ name: 'AbortError' });
    await Promise.all(busy);
    expect(requestsTo(sandbox, '/api/v1/check')).toHaveLength(5);
  });
});

describe('bulk polling', () => {
  it('polls at the interval asked (sandbox only), proven from the request log', async () => {
    sandbox.config.bulkAddressesPerSecond = 2_000; // about 600 ms of work
    const client = clientFor({ pollIntervalSeconds: 0.2 });
    const task = await client.submitBulk('email_batch', await listFile(1_200), 'poll-interval-1');
    await client.waitForBulk(task.id, { notReadyRetryMs: 50 });
    const polls = requestsTo(sandbox, `/api/v1/bulk-tasks/${task.id}`);
    expect(polls.length).toBeGreaterThanOrEqual(3);
    const gaps = polls.slice(1).map((r, i) => r.at - (polls[i]?.at ?? 0));
    // Every gap is the interval, except quick second looks after success without a link.
    expect(gaps.filter((g) => g < 190).length).toBeLessThanOrEqual(Math.ceil(100 / 50) + 1);
  });

  it('never polls the real service more often than every 30 s', async () => {
    const client = createServiceClient({
      baseUrl: sandbox.url,
      apiKey: KEY,
      pollIntervalSeconds: 1,
    });
    expect(client.pollIntervalMs).toBe(30_000);
    sandbox.config.bulkAddressesPerSecond = 100; // ten seconds of work
    const task = await client.submitBulk('email_batch', await listFile(1_000), 'poll-floor-1');
    const controller = new AbortController();
    const waiting = client.waitForBulk(task.id, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 1_500));
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(requestsTo(sandbox, `/api/v1/bulk-tasks/${task.id}`)).toHaveLength(1);
  });

  it('asks again shortly when success comes without a result link', async () => {
    sandbox.config.resultNotReadyMs = 300;
    const client = clientFor({ pollIntervalSeconds: 5 });
    const task = await client.submitBulk('email_batch', await listFile(1_000), 'not-ready-1');
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const done = await client.waitForBulk(task.id, { notReadyRetryMs: 100 });
    expect(done.resultUrl).not.toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops after too many failures in a row, naming the task to resume', async () => {
    const client = clientFor({
      pollIntervalSeconds: 0.02,
      retry: { ...fastRetry, maxAttempts: 1 },
    });
    const task = await client.submitBulk('email_batch', await listFile(1_000), 'poll-fail-1');
    sandbox.faults.maintenance(true);
    const err = await failure(client.waitForBulk(task.id, { maxConsecutiveFailures: 3 }));
    expect(err.code).toBe('poll_failed');
    expect(err.message).toContain(task.id);
    expect(requestsTo(sandbox, `/api/v1/bulk-tasks/${task.id}`)).toHaveLength(3);
  });
});

describe('result downloads', () => {
  it('gets a fresh link when the first one expired', async () => {
    sandbox.config.resultLinkTtlMs = 150;
    const client = clientFor();
    const task = await client.submitBulk('email_batch', await listFile(1_000), 'expired-1');
    const done = await client.waitForBulk(task.id);
    await new Promise((r) => setTimeout(r, 200));
    const stale = await failure(
      client.downloadResult(done.resultUrl ?? '', join(dir, 'stale.csv')),
    );
    expect(stale.code).toBe('link_expired');
    sandbox.config.resultLinkTtlMs = 60_000;
    const fetched = await client.fetchResult(task.id, join(dir, 'fresh.csv'));
    expect(fetched.format).toBe('csv');
  });

  it('downloads again after the connection drops mid-file, keeping no partial file', async () => {
    const client = clientFor();
    const task = await client.submitBulk('email_batch', await listFile(5_000), 'cut-1');
    const done = await client.waitForBulk(task.id);
    sandbox.faults.cutDownloads(2_000, 1);
    const dest = join(dir, 'cut.csv');
    const result = await client.fetchResult(task.id, dest);
    const rows = (await readFile(dest, 'utf8')).trimEnd().split('\n');
    expect(rows).toHaveLength((done.successCnt ?? 0) + 1);
    expect(result.bytes).toBeGreaterThan(2_000);
    const downloads = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/bulk-results/'));
    expect(downloads).toHaveLength(2);
    expect((await readdir(dir)).filter((f) => f.startsWith('cut.csv.'))).toEqual([]);
  });

  it('never sends the API key to the result link', async () => {
    let seenKey: string | undefined = 'unset';
    const stub = await startStub((req, res) => {
      seenKey = req.headers['x-api-key'] as string | undefined;
      res.writeHead(200, { 'Content-Type': 'text/csv' }).end('identifier,activated\na@b.co,true\n');
    });
    try {
      await clientFor().downloadResult(`${stub.url}/file.csv`, join(dir, 'nokey.csv'));
      expect(seenKey).toBeUndefined();
    } finally {
      await stub.stop();
    }
  });
});
