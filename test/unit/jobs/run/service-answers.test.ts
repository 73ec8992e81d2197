// Jobs meeting everything the service may answer: avatar lists of mixed
// providers, undetermined addresses, result links that expire, tasks that fail, results as
// an archive, the older response shapes, and several jobs sharing the limits.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../electron/ipc/contract';
import { maxOverlap } from '../../service/support';
import {
  API,
  addresses,
  downloads,
  expectComplete,
  requestsTo,
  reserved,
  runJob,
  setup,
  waitFor,
  writeList,
} from '../support';

const covered = ['gmail.com', 'mail.ru', 'yandex.ru'];

describe('avatar with mixed providers', () => {
  it('sends only covered addresses in the avatar file; the rest are not covered and never paid', async () => {
    const b = await setup();
    // 1,000 at the three avatar providers, then 200 at provider_code_2.
    const list = addresses(1_200, (i) =>
      i < 1_000 ? `person${i}@${covered[i % 3] as string}` : `person${i}@outlook.com`,
    );
    const done = await runJob(b, await writeList(b, 'mixed.csv', list), 'avatar');
    expectComplete(done);
    expect(done).toMatchObject({ notCovered: 200, failure: null });
    expect(requestsTo(b, API.submit).map((r) => r.code)).toEqual([0]);
    expect(reserved(b, 'email_avatar_batch').each).toEqual([1_000]);
    expect(reserved(b, 'email_avatar').count).toBe(0);
    const outcomes = await (await b.jobs()).outcomes(done.id);
    for (let i = 1_000; i < 1_200; i++) expect(outcomes.get(i)?.status).toBe('not_covered');
    // Only covered addresses with a result were charged, at the avatar price.
    expect(b.sandbox.ledger.spent(b.key)).toBe((done.deliverable + done.undeliverable) * 3_000);
    expect(done.chargedMicros).toBe(b.sandbox.ledger.spent(b.key));
  });

  it('a small avatar list: uncovered addresses are not sent, unknown domains come back free', async () => {
    const b = await setup();
    const list = [
      'avatar@gmail.com',
      'avatar-nourl@mail.ru',
      'noavatar@yandex.ru',
      'undeliverable@gmail.com',
      'deliverable@outlook.com',
      'deliverable@example.com',
    ];
    const job = await runJob(b, await writeList(b, 'small.csv', list), 'avatar');
    expectComplete(job);
    expect(job).toMatchObject({ deliverable: 3, undeliverable: 1, unknown: 1, notCovered: 1 });
    expect(reserved(b, 'email_avatar').addresses).toBe(5);
    const outcomes = await (await b.jobs()).outcomes(job.id);
    expect(outcomes.get(0)).toMatchObject({ avatar: true });
    expect(outcomes.get(0)?.avatarUrl).toMatch(/^https:\/\//);
    expect(outcomes.get(1)).toMatchObject({ avatar: true, avatarUrl: '' });
    expect(outcomes.get(2)).toMatchObject({ avatar: false });
  });
});

describe('undetermined addresses', () => {
  it('are unknown and free in multi and single checks', async () => {
    const b = await setup();
    // 101 addresses: the last goes as a single check, and is undetermined too (42200).
    const list = addresses(101, (i) =>
      i % 5 === 0 || i === 100 ? `undetermined+${i}@example.com` : `deliverable+${i}@example.com`,
    );
    const job = await runJob(b, await writeList(b, 'sync.csv', list));
    expectComplete(job);
    expect(job).toMatchObject({ unknown: 21, deliverable: 80, undeliverable: 0 });
    expect(requestsTo(b, API.single).map((r) => r.code)).toEqual([42200]);
    expect(b.sandbox.ledger.spent(b.key)).toBe(80 * 1_000);
  });

  it('are unknown and free in a bulk task (absent from the result file)', async () => {
    const b = await setup();
    const list = addresses(1_000, (i) =>
      i % 10 === 0 ? `undetermined+${i}@example.com` : `undeliverable+${i}@example.com`,
    );
    const job = await runJob(b, await writeList(b, 'bulk.csv', list));
    expectComplete(job);
    expect(job).toMatchObject({ unknown: 100, deliverable: 0, undeliverable: 900 });
    expect(b.sandbox.ledger.spent(b.key)).toBe(900 * 1_000);
  });
});

describe('result links', () => {
  it('asks for a fresh link when the first one has expired before the download', async () => {
    // Every link handed out is already expired, until the job starts downloading.
    const b = await setup({ config: { resultLinkTtlMs: -60_000 } });
    const jobs = await b.jobs({
      onChange: (view: JobView) => {
        if (view.state === 'downloading') b.sandbox.config.resultLinkTtlMs = 600_000;
      },
    });
    const { job } = await jobs.importFile(
      await writeList(
        b,
        'list.csv',
        addresses(1_000, (i) => `user${i}@example.com`),
      ),
    );
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expectComplete(done);
    expect(downloads(b).map((r) => r.status)).toEqual([403, 200]);
    expect(reserved(b, 'email_batch').count).toBe(1);
  });

  it('waits while every link expires, then downloads once they work, without resubmitting', async () => {
    const b = await setup({ config: { resultLinkTtlMs: -60_000 } });
    const seen: JobView[] = [];
    const jobs = await b.jobs({
      waitPolicy: { baseMs: 40, capMs: 100, fundsEveryMs: 50, ordersEveryMs: 50 },
      onChange: (v) => seen.push(v),
    });
    const list = addresses(1_000, (i) => `user${i}@example.com`);
    const { job } = await jobs.importFile(await writeList(b, 'list.csv', list));
    await jobs.start(job.id, 'email');
    await waitFor('the job to wait for a link that works', () =>
      seen.some((v) => v.wait?.reason === 'server_error'),
    );
    const waiting = await jobs.get(job.id);
    expect(waiting.checked).toBe(0);
    expect(waiting.tasks.map((t) => t.status)).toEqual(['success']);

    b.sandbox.config.resultLinkTtlMs = 600_000;
    const done = await jobs.finished(job.id);
    expectComplete(done);
    expect(requestsTo(b, API.submit)).toHaveLength(1);
    expect(reserved(b, 'email_batch').count).toBe(1);
  });
});

describe('failed tasks', () => {
  // A failed task is waited out like any refusal: sent again, here at a test's pace.
  const quickly = { waitPolicy: { baseMs: 40, capMs: 100, fundsEveryMs: 50, ordersEveryMs: 50 } };

  it('sends a refunded task again by itself, under a new key, each address paid once', async () => {
    const b = await setup();
    b.sandbox.faults.failNextTasks(1);
    const seen: JobView[] = [];
    await b.jobs({ ...quickly, onChange: (v) => seen.push(v) });
    const list = addresses(1_000, (i) => `user${i}@example.com`);
    const done = await runJob(b, await writeList(b, 'list.csv', list));
    expectComplete(done);
    expect(seen.some((v) => v.wait?.reason === 'task_failed')).toBe(true);
    expect(requestsTo(b, API.submit)).toHaveLength(2);
    expect(b.sandbox.tasks(b.key)).toHaveLength(2);
  });

  it('keeps the tasks that succeeded and resends only the one that failed', async () => {
    const b = await setup();
    b.sandbox.faults.failNextTasks(1);
    await b.jobs(quickly);
    const list = addresses(101_000, (i) => `person${i}@${covered[i % 3] as string}`);
    const done = await runJob(b, await writeList(b, 'avatars.csv', list), 'avatar');
    expectComplete(done);
    expect(reserved(b, 'email_avatar_batch').each).toEqual([100_000, 1_000, 100_000]);
  }, 30_000);
});

describe('the older kind of service', () => {
  it('reads a result served as a zip archive', async () => {
    const b = await setup();
    b.sandbox.faults.olderKind({ zipResult: true });
    const list = addresses(1_000, (i) =>
      i % 2 ? `deliverable+${i}@example.com` : `undeliverable+${i}@example.com`,
    );
    const job = await runJob(b, await writeList(b, 'list.csv', list));
    expectComplete(job);
    expect(job).toMatchObject({ deliverable: 500, undeliverable: 500, unknown: 0 });
  });

  it('takes a submit answer with only id, product, status, total and created_at', async () => {
    const b = await setup();
    b.sandbox.faults.olderKind({ submit: true });
    const list = addresses(1_500, (i) => `user${i}@example.com`);
    const job = await runJob(b, await writeList(b, 'list.csv', list));
    expectComplete(job);
    expect(job.tasks[0]?.id).toMatch(/^[0-9a-f]+$/);
  });

  it('takes multi check entries without a provider', async () => {
    const b = await setup();
    b.sandbox.faults.olderKind({ multiWithoutProvider: true });
    const list = addresses(100, (i) =>
      i % 2 ? `deliverable+${i}@gmail.com` : `undeliverable+${i}@gmail.com`,
    );
    const job = await runJob(b, await writeList(b, 'list.csv', list));
    expectComplete(job);
    expect(job).toMatchObject({ deliverable: 50, undeliverable: 50 });
    const outcomes = await (await b.jobs()).outcomes(job.id);
    expect(outcomes.get(1)).toMatchObject({ status: 'deliverable', provider: null });
  });
});

describe('several jobs at once', () => {
  it('share the five slots and the one multi check without a single 42901', async () => {
    const b = await setup({ config: { checkLatencyMs: 20 } });
    const jobs = await b.jobs();
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const list = addresses(250, (i) => `${name}${i}@example.com`);
      const { job } = await jobs.importFile(await writeList(b, `${name}.csv`, list));
      await jobs.start(job.id, 'email');
      ids.push(job.id);
    }
    for (const id of ids) expectComplete(await jobs.finished(id));
    expect(b.sandbox.requests.some((r) => r.code === 42901)).toBe(false);
    expect(maxOverlap(b.sandbox.requests, API.multi)).toBe(1);
    expect(reserved(b, 'email').addresses).toBe(750);
  });
});
