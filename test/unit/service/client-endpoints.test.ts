// Every endpoint of the client against the sandbox over real HTTP, with the
// field rules, the older response shapes, and results as CSV or archive.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../electron/service/client';
import { createLimiter } from '../../../electron/service/limiter';
import { ServiceError } from '../../../electron/service/errors';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { avatarUrlFor } from '../../../electron/sandbox/outcomes';
import { fastRetry, quickClient, jsonReply, withStub } from './support';

const KEY = 'sk_test_client_endpoints_0001';
let sandbox: Sandbox;
let client: ServiceClient;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    accounts: [{ key: KEY, balanceMicros: 50_000_000 }],
    config: { bulkAddressesPerSecond: 100_000, resultNotReadyMs: 100 },
  });
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-client-'));
});
afterAll(() => sandbox.stop());
beforeEach(() => {
  sandbox.faults.clear();
  client = quickClient(sandbox.url, KEY, { pollIntervalSeconds: 0.05 });
});

async function listFile(name: string, count: number, make = (i: number) => `person${i}@gmail.com`) {
  const path = join(dir, name);
  await writeFile(path, Array.from({ length: count }, (_, i) => make(i)).join('\n') + '\n');
  return path;
}

describe('synchronous checks', () => {
  it('maps an email check to an outcome with its provider', async () => {
    await expect(client.check('email', 'deliverable@gmail.com')).resolves.toEqual({
      identifier: 'deliverable@gmail.com',
      outcome: 'deliverable',
      provider: 'provider_code_1',
      avatar: null,
      avatarUrl: null,
    });
    await expect(client.check('email', 'undeliverable@outlook.com')).resolves.toMatchObject({
      outcome: 'undeliverable',
      provider: '',
    });
  });

  it('maps an avatar check with and without URL', async () => {
    await expect(client.check('email_avatar', 'avatar@provider1.test')).resolves.toEqual({
      identifier: 'avatar@provider1.test',
      outcome: 'deliverable',
      provider: null,
      avatar: true,
      avatarUrl: avatarUrlFor('avatar@provider1.test'),
    });
    await expect(
      client.check('email_avatar', 'avatar-nourl@provider6.test'),
    ).resolves.toMatchObject({
      avatar: true,
      avatarUrl: '',
    });
  });

  it('treats 42200 as the outcome "unknown", sent once and not charged', async () => {
    const before = sandbox.requests.length;
    const spent = sandbox.ledger.spent(KEY);
    await expect(client.check('email', 'undetermined@gmail.com')).resolves.toMatchObject({
      outcome: 'unknown',
    });
    expect(sandbox.requests.length - before).toBe(1);
    expect(sandbox.ledger.spent(KEY)).toBe(spent);
  });

  it('keeps order and length of a multi check, with exists:false as unknown', async () => {
    const addresses = [
      'deliverable@gmail.com',
      'undetermined@gmail.com',
      'undeliverable@yahoo.com',
    ];
    const result = await client.batchCheck('email', addresses);
    expect(result).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
    expect(result.results.map((r) => [r.identifier, r.outcome, r.provider])).toEqual([
      ['deliverable@gmail.com', 'deliverable', 'provider_code_1'],
      ['undetermined@gmail.com', 'unknown', null],
      ['undeliverable@yahoo.com', 'undeliverable', ''],
    ]);
  });

  it('accepts multi entries without provider (the older kind)', async () => {
    sandbox.faults.olderKind({ multiWithoutProvider: true });
    const result = await client.batchCheck('email', ['deliverable@gmail.com']);
    expect(result.results[0]).toMatchObject({ outcome: 'deliverable', provider: null });
  });

  it('refuses to send an empty or oversized multi check', async () => {
    await expect(client.batchCheck('email', [])).rejects.toThrow(RangeError);
    const many = Array.from({ length: 101 }, (_, i) => `a${i}@example.com`);
    await expect(client.batchCheck('email', many)).rejects.toThrow(RangeError);
  });

  it('reads the balance', async () => {
    await expect(client.balance()).resolves.toEqual({ balanceMicros: sandbox.ledger.balance(KEY) });
  });
});

describe('bulk tasks', () => {
  it('submits a file from disk, waits, and downloads the CSV', async () => {
    const file = await listFile('bulk.txt', 1_500);
    const task = await client.submitBulk('email_batch', file, 'endpoints-bulk-1');
    expect(task).toMatchObject({
      product: 'email_batch',
      status: 'processing',
      submittedLines: 1_500,
      total: 1_500,
      preparing: true,
      resultUrl: null,
    });
    const updates: string[] = [];
    const done = await client.waitForBulk(task.id, { onUpdate: (t) => updates.push(t.status) });
    expect(done.status).toBe('success');
    expect(done.resultUrl).toMatch(/^http/);
    expect(updates.at(-1)).toBe('success');
    const dest = join(dir, 'bulk-result.csv');
    const downloaded = await client.downloadResult(done.resultUrl ?? '', dest);
    expect(downloaded.format).toBe('csv');
    const rows = (await readFile(dest, 'utf8')).trimEnd().split('\n');
    expect(rows[0]).toBe('identifier,activated');
    expect(rows).toHaveLength((done.successCnt ?? 0) + 1);
  });

  it('accepts the older submit answer, and unpacks a result served as an archive', async () => {
    sandbox.faults.olderKind({ submit: true, zipResult: true });
    const file = await listFile('older.txt', 1_000);
    const task = await client.submitBulk('email_batch', file, 'endpoints-older-1');
    expect(task).toMatchObject({
      status: 'processing',
      total: 1_000,
      submittedLines: null,
      preparing: null,
    });
    const dest = join(dir, 'older-result.csv');
    const downloaded = await client.fetchResult(task.id, dest);
    expect(downloaded.format).toBe('zip');
    const text = await readFile(dest, 'utf8');
    expect(text.startsWith('identifier,activated\n')).toBe(true);
    const done = await client.getBulk(task.id);
    expect(text.trimEnd().split('\n')).toHaveLength((done.successCnt ?? 0) + 1);
  });

  it('reports a failed task as failed (refunded by the service)', async () => {
    sandbox.faults.failNextTasks(1);
    const task = await client.submitBulk(
      'email_batch',
      await listFile('fail.txt', 1_000),
      'endpoints-fail-1',
    );
    const done = await client.waitForBulk(task.id);
    expect(done).toMatchObject({ status: 'failed', successCnt: 0 });
    await expect(client.fetchResult(task.id, join(dir, 'never.csv'))).rejects.toThrow(
      /refunded in full/,
    );
  });

  it('says how many avatar addresses are outside the covered providers', async () => {
    const file = await listFile('avatar.txt', 1_000, (i) =>
      i < 7 ? `x${i}@outlook.com` : `p${i}@gmail.com`,
    );
    const err = (await client
      .submitBulk('email_avatar_batch', file, 'endpoints-avatar-1')
      .catch((e: unknown) => e)) as ServiceError;
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.serviceCode).toBe(40000);
  });
});

describe('answers that are not what the interface says', () => {
  const stubClient = (url: string) =>
    createServiceClient({ baseUrl: url, apiKey: KEY, limiter: createLimiter(), retry: fastRetry });
  const multi = (results: unknown[], total = results.length) =>
    jsonReply(200, {
      code: 0,
      msg: 'ok',
      data: { service_type: 'email', total, succeeded: 0, failed: 0, results },
    });

  it('names the endpoint and the field of a malformed multi answer', async () => {
    const handler = multi([{ identifier: 'a@b.co', exists: true, registered: 'yes' }]);
    const err = await withStub(handler, (url) =>
      stubClient(url)
        .batchCheck('email', ['a@b.co'])
        .catch((e: unknown) => e),
    );
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: 'bad_response' });
    expect((err as ServiceError).message).toContain('POST /api/v1/batch-check');
    expect((err as ServiceError).message).toContain('data.results.0');
  });

  it('rejects a multi answer whose length differs from what was sent', async () => {
    const handler = multi([{ identifier: 'a@b.co', exists: false }], 2);
    await withStub(handler, async (url) => {
      await expect(stubClient(url).batchCheck('email', ['a@b.co', 'c@d.co'])).rejects.toMatchObject(
        {
          code: 'bad_response',
        },
      );
    });
  });

  it('rejects a task answer with an unknown status', async () => {
    const handler = jsonReply(200, {
      code: 0,
      msg: 'ok',
      data: { id: 'ab12', product: 'email_batch', status: 'queued', total: 5, created_at: 'x' },
    });
    const err = await withStub(handler, (url) =>
      stubClient(url)
        .getBulk('ab12')
        .catch((e: unknown) => e),
    );
    expect((err as ServiceError).message).toContain('GET /api/v1/bulk-tasks/{id}');
    expect((err as ServiceError).message).toContain('data.status');
  });
});
