// Bulk tasks over real HTTP: submit, counters, billing, the result link and
// file, idempotency, failures, the older kinds, and every kind of bad upload.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import type { Sandbox } from '../../../electron/sandbox/server/server';
import { outcomeOf } from '../../../electron/sandbox/outcomes';
import { KEY, call, lines, sandboxFor, sleep, submit, waitForTask } from './support';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await sandboxFor({
    config: { bulkAddressesPerSecond: 50_000, resultNotReadyMs: 150, resultLinkTtlMs: 60_000 },
  });
});
afterEach(() => sandbox.stop());

const hasUrl = (d: Record<string, unknown>) => typeof d.result_url === 'string';

/** 1,000 good lines plus two invalid lines and three duplicates. */
function messyFile(): string {
  return (
    lines(1_000, (i) => (i % 2 ? `Person${i}@Gmail.com` : `  person${i}@company.example  `)) +
    'not an address\n\n"quoted@company.example"\nperson0@company.example\nPERSON1@gmail.com\n@nope\nperson2@company.example\n'
  );
}

describe('bulk task life cycle', () => {
  it('reserves the whole file, then charges only the checked addresses', async () => {
    const before = sandbox.ledger.balance(KEY);
    const submitted = await submit(sandbox, messyFile());
    expect(submitted.status).toBe(200);
    const data = submitted.body.data ?? {};
    expect(data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      product: 'email_batch',
      status: 'processing',
      submitted_lines: 1_006,
      total: 1_006,
      invalid_cnt: 0,
      no_code_cnt: 0,
      other_country_cnt: 0,
      duplicate_cnt: 0,
      preparing: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(sandbox.ledger.balance(KEY)).toBe(before - 1_006 * 1_000);

    const done = await waitForTask(sandbox, String(data.id), hasUrl);
    const unique = [
      ...new Set(
        messyFile()
          .split('\n')
          .map((l) => l.trim().replace(/^"|"$/g, '').toLowerCase()),
      ),
    ].filter((a) => /^[^@\s]+@[^@\s]+\.[a-z]+$/.test(a));
    const checked = unique.filter((a) => outcomeOf(a, 0).verdict !== 'undetermined').length;
    expect(done).toMatchObject({
      status: 'success',
      submitted_lines: 1_006,
      total: 1_001,
      invalid_cnt: 2,
      duplicate_cnt: 3,
      no_code_cnt: 0,
      other_country_cnt: 0,
      preparing: false,
      success_cnt: checked,
      failure_cnt: 1_001 - checked,
    });
    expect(sandbox.ledger.balance(KEY)).toBe(before - checked * 1_000);
    expect(sandbox.ledger.spent(KEY)).toBe(checked * 1_000);
  });

  it('leaves result_url out for a short while after success ("briefly not ready")', async () => {
    sandbox.config.resultNotReadyMs = 400;
    const id = String((await submit(sandbox, lines(1_000))).body.data?.id);
    const success = await waitForTask(sandbox, id, (d) => d.status === 'success');
    expect(success).not.toHaveProperty('result_url');
    const ready = await waitForTask(sandbox, id, hasUrl);
    expect(ready.result_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/bulk-results\//);
  });

  it('serves exactly the spec’s columns, lowercased, one row per checked address', async () => {
    const file = lines(1_200, (i) => `Mixed${i}@Example.COM`);
    const id = String((await submit(sandbox, file)).body.data?.id);
    const done = await waitForTask(sandbox, id, hasUrl);
    const res = await fetch(String(done.result_url));
    expect(res.status).toBe(200);
    const rows = (await res.text()).trimEnd().split('\n');
    expect(rows[0]).toBe('identifier,activated');
    expect(rows).toHaveLength(Number(done.success_cnt) + 1);
    for (const row of rows.slice(1)) {
      const [identifier, activated] = row.split(',');
      expect(identifier).toBe(identifier?.toLowerCase());
      const verdict = outcomeOf(identifier ?? '', 0).verdict;
      expect(activated).toBe(verdict === 'deliverable' ? 'true' : 'false');
    }
  });

  it('gives the avatar product its columns, empty when not activated', async () => {
    const file =
      lines(998, (i) => `p${i}@provider1.test`) +
      'undeliverable@provider5.test\navatar-nourl@provider6.test\n';
    const submitted = await submit(sandbox, file, { serviceType: 'email_avatar_batch' });
    expect(submitted.body.data?.product).toBe('email_avatar_batch');
    expect(sandbox.ledger.spent(KEY)).toBe(1_000 * 3_000);
    const done = await waitForTask(sandbox, String(submitted.body.data?.id), hasUrl);
    const rows = (await (await fetch(String(done.result_url))).text()).trimEnd().split('\n');
    expect(rows[0]).toBe('identifier,activated,avatar,avatar_url');
    expect(rows).toContain('undeliverable@provider5.test,false,,');
    expect(rows).toContain('avatar-nourl@provider6.test,true,true,');
    expect(sandbox.ledger.spent(KEY)).toBe(Number(done.success_cnt) * 3_000);
  });

  it('rejects an avatar file with addresses outside the three providers, saying how many, uncharged', async () => {
    const file = lines(990, (i) => `p${i}@gmail.com`) + lines(12, (i) => `q${i}@outlook.com`);
    const answer = await submit(sandbox, file, { serviceType: 'email_avatar_batch' });
    expect(answer).toMatchObject({ status: 400, body: { code: 40000 } });
    expect(answer.body.msg).toMatch(/^12 addresses are outside the covered providers/);
    expect(sandbox.ledger.spent(KEY)).toBe(0);
  });

  it('fails a task on demand and refunds it in full', async () => {
    sandbox.faults.failNextTasks(1);
    const id = String((await submit(sandbox, lines(1_000))).body.data?.id);
    const done = await waitForTask(sandbox, id);
    expect(done).toMatchObject({ status: 'failed', success_cnt: 0, failure_cnt: 1_000 });
    expect(done).not.toHaveProperty('result_url');
    await sleep(200);
    expect((await call(sandbox, 'GET', `/api/v1/bulk-tasks/${id}`)).body.data).not.toHaveProperty(
      'result_url',
    );
    expect(sandbox.ledger.spent(KEY)).toBe(0);
  });

  it('refunds when the task finishes even if nobody polls', async () => {
    await submit(sandbox, lines(1_000));
    await sleep(300);
    expect(sandbox.ledger.spent(KEY)).toBeLessThan(1_000 * 1_000);
  });

  it('takes time in proportion to the addresses', async () => {
    sandbox.config.bulkAddressesPerSecond = 4_000;
    const id = String((await submit(sandbox, lines(2_000))).body.data?.id);
    await sleep(200);
    expect((await call(sandbox, 'GET', `/api/v1/bulk-tasks/${id}`)).body.data?.status).toBe(
      'processing',
    );
    await waitForTask(sandbox, id);
  });

  it('forgets a finished task after its retention time', async () => {
    sandbox.config.taskRetentionMs = 100;
    const id = String((await submit(sandbox, lines(1_000))).body.data?.id);
    await waitForTask(sandbox, id);
    await sleep(300);
    expect((await call(sandbox, 'GET', `/api/v1/bulk-tasks/${id}`)).body.code).toBe(40400);
    expect(sandbox.tasks(KEY)).toHaveLength(0);
  });

  it('does not show one key’s task to another', async () => {
    const id = String((await submit(sandbox, lines(1_000))).body.data?.id);
    const answer = await call(sandbox, 'GET', `/api/v1/bulk-tasks/${id}`, {
      key: 'sk_test_sandbox_suite_other',
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 40400 } });
  });
});

describe('result links', () => {
  it('expire with an enveloped 403, and getting the task again gives a fresh one', async () => {
    sandbox.config.resultLinkTtlMs = 100;
    const id = String((await submit(sandbox, lines(1_000))).body.data?.id);
    const first = await waitForTask(sandbox, id, hasUrl);
    await sleep(150);
    const expired = await fetch(String(first.result_url));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 40300 });
    const again = await waitForTask(sandbox, id, hasUrl);
    expect(again.result_url).not.toBe(first.result_url);
    expect((await fetch(String(again.result_url))).status).toBe(200);
  });

  it('refuse a tampered signature', async () => {
    const id = String((await submit(sandbox, lines(1_000))).body.data?.id);
    const done = await waitForTask(sandbox, id, hasUrl);
    const tampered = String(done.result_url).replace(/expires=\d+/, 'expires=99999999999999');
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('can be cut off mid-download, and downloaded again', async () => {
    const id = String((await submit(sandbox, lines(5_000))).body.data?.id);
    const done = await waitForTask(sandbox, id, hasUrl);
    sandbox.faults.cutDownloads(1_000);
    await expect(fetch(String(done.result_url)).then((r) => r.text())).rejects.toThrow();
    const whole = await (await fetch(String(done.result_url))).text();
    expect(whole.trimEnd().split('\n')).toHaveLength(Number(done.success_cnt) + 1);
  });
});

describe('idempotency', () => {
  it('returns the original task for the same key and charges nothing more', async () => {
    const first = await submit(sandbox, lines(1_000), { idempotencyKey: 'job-42-part-1' });
    const spent = sandbox.ledger.spent(KEY);
    const again = await submit(sandbox, lines(1_000), { idempotencyKey: 'job-42-part-1' });
    expect(again.body.data?.id).toBe(first.body.data?.id);
    expect(sandbox.ledger.spent(KEY)).toBe(spent);
    expect(sandbox.tasks(KEY)).toHaveLength(1);
    const other = await submit(sandbox, lines(1_000), { idempotencyKey: 'job-42-part-2' });
    expect(other.body.data?.id).not.toBe(first.body.data?.id);
  });

  it('accepts keys up to 128 characters', async () => {
    expect((await submit(sandbox, lines(1_000), { idempotencyKey: 'k'.repeat(128) })).status).toBe(
      200,
    );
    const tooLong = await submit(sandbox, lines(1_000), { idempotencyKey: 'k'.repeat(129) });
    expect(tooLong).toMatchObject({ status: 400, body: { code: 40000 } });
  });
});

describe('older kinds', () => {
  it('answers a submit with only id, product, status, total and created_at', async () => {
    sandbox.faults.olderKind({ submit: true });
    const answer = await submit(sandbox, lines(1_000));
    expect(Object.keys(answer.body.data ?? {}).sort()).toEqual([
      'created_at',
      'id',
      'product',
      'status',
      'total',
    ]);
  });

  it('serves the result as a zip archive holding the CSV', async () => {
    sandbox.faults.olderKind({ zipResult: true });
    const id = String((await submit(sandbox, lines(1_000))).body.data?.id);
    const done = await waitForTask(sandbox, id, hasUrl);
    const bytes = new Uint8Array(await (await fetch(String(done.result_url))).arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // "PK"
    const files = unzipSync(bytes);
    const names = Object.keys(files);
    expect(names).toEqual([`${id}.csv`]);
    const csv = strFromU8(files[names[0] ?? ''] ?? new Uint8Array());
    expect(csv.split('\n')[0]).toBe('identifier,activated');
    expect(csv.trimEnd().split('\n')).toHaveLength(Number(done.success_cnt) + 1);
  });
});

describe('bad uploads leave the ledger exactly as it was', () => {
  const cases: [
    string,
    () => Promise<Response | { status: number; body: { code: number } }>,
    number,
    number,
  ][] = [
    [
      'wrong content type',
      () => call(sandbox, 'POST', '/api/v1/bulk-tasks', { json: { service_type: 'email_batch' } }),
      415,
      41500,
    ],
    ['missing file part', () => submit(sandbox, null), 400, 40000],
    [
      'missing service_type',
      () => submit(sandbox, lines(1_000), { serviceType: null }),
      400,
      40000,
    ],
    [
      'unsupported service_type',
      () => submit(sandbox, lines(1_000), { serviceType: 'email' }),
      400,
      40000,
    ],
    ['empty file', () => submit(sandbox, ''), 400, 40000],
    ['blank lines only', () => submit(sandbox, '\n\n  \n'), 400, 40000],
    ['header-only CSV', () => submit(sandbox, 'email\n'), 400, 40000],
    ['999 lines', () => submit(sandbox, lines(999)), 400, 40000],
    ['500,001 lines', () => submit(sandbox, lines(500_001)), 400, 40000],
    [
      '100,001 avatar lines',
      () =>
        submit(
          sandbox,
          lines(100_001, (i) => `a${i}@gmail.com`),
          { serviceType: 'email_avatar_batch' },
        ),
      400,
      40000,
    ],
    [
      'non-UTF-8 bytes',
      () =>
        submit(
          sandbox,
          Buffer.concat([Buffer.from(lines(1_000)), Buffer.from([0x66, 0xe9, 0x0a])]),
        ),
      400,
      40000,
    ],
  ];

  for (const [name, send, status, code] of cases) {
    it(name, async () => {
      const entries = sandbox.ledger.entries(KEY).length;
      const answer = (await send()) as { status: number; body: { code: number } };
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code);
      expect(sandbox.ledger.entries(KEY)).toHaveLength(entries);
      expect(sandbox.tasks(KEY)).toHaveLength(0);
    });
  }

  it('a file over max_file_bytes', async () => {
    sandbox.config.maxFileBytes = 30_000;
    const answer = await submit(sandbox, lines(2_000));
    expect(answer).toMatchObject({ status: 413, body: { code: 41300 } });
    expect(sandbox.ledger.entries(KEY)).toHaveLength(1);
  });

  it('a balance that cannot cover the whole file: 40200, nothing reserved', async () => {
    const poor = await sandboxFor({ accounts: [{ key: KEY, balanceMicros: 999_999 }] });
    try {
      const answer = await submit(poor, lines(1_000));
      expect(answer).toMatchObject({ status: 402, body: { code: 40200 } });
      expect(poor.ledger.balance(KEY)).toBe(999_999);
    } finally {
      await poor.stop();
    }
  });

  it('malformed multipart', async () => {
    const answer = await call(sandbox, 'POST', '/api/v1/bulk-tasks', {
      body: '--xyz\r\nContent-Disposition: form-data; name="service_type"\r\n\r\nemail_batch',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
    });
    expect(answer.status).toBe(400);
    expect(sandbox.ledger.entries(KEY)).toHaveLength(1);
  });
});
