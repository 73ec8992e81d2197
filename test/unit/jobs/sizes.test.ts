// Lists of every size the plan treats differently, run through the jobs core
// against the sandbox: how the addresses were sent is read from the sandbox's
// own request log and ledger, never from our side.
import { describe, expect, it } from 'vitest';
import { maxOverlap } from '../service/support';
import {
  API,
  addresses,
  downloads,
  expectComplete,
  requestsTo,
  reserved,
  runJob,
  setup,
  writeList,
} from './support';

const user = (i: number) => `user${i}@example.com`;

describe('synchronous lists (1–999 addresses)', () => {
  it('sends 1 address as one multi check', async () => {
    const b = await setup();
    const job = await runJob(b, await writeList(b, 'one.csv', ['deliverable@gmail.com']));
    expectComplete(job);
    expect(job.deliverable).toBe(1);
    expect(requestsTo(b, API.multi)).toHaveLength(1);
    expect(requestsTo(b, API.single)).toHaveLength(0);
    expect(requestsTo(b, API.submit)).toHaveLength(0);
    expect(reserved(b, 'email')).toMatchObject({ count: 1, addresses: 1 });
  });

  it('sends 100 addresses as one multi check', async () => {
    const b = await setup();
    const job = await runJob(b, await writeList(b, 'hundred.csv', addresses(100, user)));
    expectComplete(job);
    expect(requestsTo(b, API.multi)).toHaveLength(1);
    expect(requestsTo(b, API.single)).toHaveLength(0);
    expect(reserved(b, 'email').each).toEqual([100]);
  });

  it('sends 101 addresses as one multi check and one single check, side by side', async () => {
    const b = await setup({ config: { checkLatencyMs: 50 } });
    const job = await runJob(b, await writeList(b, '101.csv', addresses(101, user)));
    expectComplete(job);
    expect(requestsTo(b, API.multi)).toHaveLength(1);
    expect(requestsTo(b, API.single)).toHaveLength(1);
    expect(reserved(b, 'email').each.sort((x, y) => x - y)).toEqual([1, 100]);
    // The single rode in a spare slot while the multi check ran.
    const [multi] = requestsTo(b, API.multi);
    const [single] = requestsTo(b, API.single);
    expect(single?.at).toBeLessThan(multi?.endedAt ?? 0);
  });

  it('sends 999 addresses as ten multi checks, one at a time, and never a bulk task', async () => {
    const b = await setup();
    const job = await runJob(b, await writeList(b, '999.csv', addresses(999, user)));
    expectComplete(job);
    const multis = requestsTo(b, API.multi);
    expect(multis).toHaveLength(10);
    expect(multis.every((r) => r.code === 0)).toBe(true);
    expect(maxOverlap(b.sandbox.requests, API.multi)).toBe(1);
    expect(requestsTo(b, API.submit)).toHaveLength(0);
    expect(reserved(b, 'email')).toMatchObject({ count: 10, addresses: 999 });
  });
});

describe('bulk lists (1,000 addresses and more)', () => {
  it('sends 1,000 addresses as one bulk task and nothing synchronously', async () => {
    const b = await setup();
    const job = await runJob(b, await writeList(b, '1000.csv', addresses(1_000, user)));
    expectComplete(job);
    expect(requestsTo(b, API.submit)).toHaveLength(1);
    expect(requestsTo(b, API.multi)).toHaveLength(0);
    expect(requestsTo(b, API.single)).toHaveLength(0);
    expect(reserved(b, 'email_batch').each).toEqual([1_000]);
    expect(downloads(b).filter((r) => r.status === 200)).toHaveLength(1);
    expect(job.tasks).toHaveLength(1);
  });

  it('sends 1,001 addresses as one task of 1,001, not a task and a leftover check', async () => {
    const b = await setup();
    const job = await runJob(b, await writeList(b, '1001.csv', addresses(1_001, user)));
    expectComplete(job);
    expect(requestsTo(b, API.submit)).toHaveLength(1);
    expect(reserved(b, 'email_batch').each).toEqual([1_001]);
    expect(requestsTo(b, API.multi)).toHaveLength(0);
    expect(requestsTo(b, API.single)).toHaveLength(0);
  });

  it('sends 250,000 addresses as one email bulk task', async () => {
    const b = await setup();
    const job = await runJob(b, await writeList(b, '250k.csv', addresses(250_000, user)));
    expectComplete(job);
    expect(job.rows).toBe(250_000);
    expect(requestsTo(b, API.submit)).toHaveLength(1);
    expect(reserved(b, 'email_batch').each).toEqual([250_000]);
    expect(requestsTo(b, API.multi)).toHaveLength(0);
    // The sandbox's hash gives a realistic mix; every address came back in the file or as unknown.
    expect(job.deliverable).toBeGreaterThan(170_000);
    expect(job.unknown).toBeGreaterThan(0);
  }, 60_000);

  it('sends 250,000 avatar addresses as three tasks of at most 100,000', async () => {
    const b = await setup();
    const domains = ['gmail.com', 'mail.ru', 'yandex.ru'];
    const list = addresses(250_000, (i) => `person${i}@${domains[i % 3] as string}`);
    const job = await runJob(b, await writeList(b, 'avatar-250k.csv', list), 'avatar');
    expectComplete(job);
    expect(requestsTo(b, API.submit)).toHaveLength(3);
    expect(reserved(b, 'email_avatar_batch').each).toEqual([100_000, 100_000, 50_000]);
    expect(requestsTo(b, API.multi)).toHaveLength(0);
    expect(job.tasks.map((t) => t.status)).toEqual(['done', 'done', 'done']);
  }, 60_000);
});
