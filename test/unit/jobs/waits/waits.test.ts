// A job left alone finishes: what the service refuses for a while is waited
// out, visibly (the job's wait says why and when it tries next), and the job
// goes on by itself; nothing refused is charged and nothing is paid twice
// (the ledger is checked against the outcomes kept after every test). Past
// the patience, the job pauses for the user instead of failing.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../electron/ipc/contract';
import type { JobsOptions } from '../../../../electron/jobs/jobs';
import type { WaitPolicy } from '../../../../electron/jobs/waits/refusals';
import {
  API,
  addresses,
  expectComplete,
  requestsTo,
  setup,
  waitFor,
  writeList,
  type Bench,
} from '../support';

/** Tries come fast here: the policy's shape, at a test's pace. */
const FAST: WaitPolicy = { baseMs: 40, capMs: 200, fundsEveryMs: 50, ordersEveryMs: 50 };

async function started(
  bench: Bench,
  list: readonly string[],
  options: {
    patienceMs?: number;
    knownPrices?: JobsOptions['knownPrices'];
    policy?: Partial<WaitPolicy>;
  } = {},
) {
  const seen: JobView[] = [];
  const jobs = await bench.jobs({
    waitPolicy: { ...FAST, ...options.policy },
    patienceMs: options.patienceMs ?? 60_000,
    onChange: (v) => seen.push(v),
    ...(options.knownPrices ? { knownPrices: options.knownPrices } : {}),
  });
  const { job } = await jobs.importFile(await writeList(bench, 'list.csv', list));
  await jobs.start(job.id, 'email');
  return { jobs, id: job.id, seen };
}

const waits = (seen: JobView[]) => seen.filter((v) => v.wait !== null).map((v) => v.wait);

describe('a refusal at the very start', () => {
  it('maintenance before anything: the job is made, waits, and finishes once it is over', async () => {
    const b = await setup();
    b.sandbox.faults.maintenance(true);
    const { jobs, id, seen } = await started(
      b,
      addresses(150, (i) => `deliverable+${i}@provider1.test`),
    );
    await waitFor('the job to wait', () => waits(seen).length > 0);
    const wait = waits(seen)[0];
    expect(wait?.reason).toBe('maintenance');
    expect(wait?.words).toBe('The service is under maintenance');
    expect(Date.parse(wait?.nextTryAt ?? '')).toBeGreaterThan(Date.parse(wait?.since ?? ''));
    expect(Date.parse(wait?.patienceEndsAt ?? '')).toBe(Date.parse(wait?.since ?? '') + 60_000);
    // Between tries it waits; during one it checks again: the wait stays said all along.
    expect((await jobs.get(id)).wait?.reason).toBe('maintenance');
    b.sandbox.faults.maintenance(false);
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(done.wait).toBeNull();
  });
});

describe('each refusal, where it can come', () => {
  // More refusals than the client's own few quick tries, so the job itself waits.
  const cases: Array<[string, (b: Bench) => void, number]> = [
    ['50300 on the multi check', (b) => b.sandbox.faults.refuse(50300, 8, API.multi), 150],
    ['50400 on the multi check', (b) => b.sandbox.faults.refuse(50400, 8, API.multi), 150],
    ['50303 on the multi check', (b) => b.sandbox.faults.refuse(50303, 3, API.multi, 1), 150],
    ['an error page on the multi check', (b) => b.sandbox.faults.errorPage(502, 8, API.multi), 150],
    ['50300 on single checks', (b) => b.sandbox.faults.refuse(50300, 40, API.single), 104],
    ['42901 on the multi check', (b) => b.sandbox.faults.refuse(42901, 3, API.multi, 1), 150],
    ['50300 on the bulk submit', (b) => b.sandbox.faults.refuse(50300, 8, API.submit), 1_500],
    ['42900 on the bulk submit', (b) => b.sandbox.faults.refuse(42900, 3, API.submit), 1_500],
  ];
  it.each(cases)('%s: waited out in sight, each address paid once', async (_what, fault, count) => {
    // A call rides out less than a second of Retry-After by itself; longer reaches the job.
    const b = await setup({ retry: { maxRetryAfterTotalMs: 500 } });
    fault(b);
    const { jobs, id, seen } = await started(
      b,
      addresses(count, (i) => `user${i}@example.com`),
    );
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(waits(seen).length).toBeGreaterThan(0);
  });

  it('polls that meet error pages, and downloads cut short, are waited out too', async () => {
    const b = await setup();
    const { jobs, id, seen } = await started(
      b,
      addresses(1_500, (i) => `user${i}@example.com`),
    );
    await waitFor('the task to be sent', async () => (await jobs.get(id)).tasks[0]?.id != null);
    b.sandbox.faults.errorPage(503, 12);
    b.sandbox.faults.cutDownloads(10, 6);
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(waits(seen).map((w) => w?.reason)).toContain('server_error');
  });

  it('a bulk task the service could not finish is sent again by itself, refunded once', async () => {
    const b = await setup();
    b.sandbox.faults.failNextTasks(1);
    const { jobs, id, seen } = await started(
      b,
      addresses(1_500, (i) => `user${i}@example.com`),
    );
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(waits(seen).map((w) => w?.reason)).toContain('task_failed');
    expect(b.sandbox.tasks(b.key)).toHaveLength(2);
  });
});

describe('the network gone for a while mid-job', () => {
  it('connection refused: the job waits, and goes on when the service is back', async () => {
    const b = await setup({ config: { bulkAddressesPerSecond: 1_000 } });
    const { jobs, id, seen } = await started(
      b,
      addresses(1_500, (i) => `user${i}@example.com`),
    );
    await waitFor('the task to be sent', async () => (await jobs.get(id)).tasks[0]?.id != null);
    await b.sandbox.offline();
    await waitFor('the job to wait for the network', () =>
      waits(seen).some((w) => w?.reason === 'unreachable'),
    );
    await b.sandbox.online();
    const done = await jobs.finished(id);
    expectComplete(done);
  });
});

describe('a balance that runs out', () => {
  it('waits for funds and goes on by itself once the balance is topped up', async () => {
    // 150 addresses at $0.001: $0.15; the account holds 0.05, and the price is not known.
    const b = await setup({ balanceMicros: 50_000 });
    const { jobs, id, seen } = await started(
      b,
      addresses(150, (i) => `user${i}@example.com`),
    );
    await waitFor(
      'the job to wait for funds',
      () => waits(seen).some((w) => w?.reason === 'funds'),
      30_000,
    );
    const wait = waits(seen).find((w) => w?.reason === 'funds');
    expect(wait?.words).toContain('add funds, and the job goes on by itself');
    b.sandbox.ledger.credit(b.key, 1_000_000);
    const done = await jobs.finished(id);
    expectComplete(done);
  });

  it('with the price known, reads the balance at its pace until it covers the next request', async () => {
    // Enough at the start; then something else of the account spends all but $0.01.
    const b = await setup({
      balanceMicros: 300_000,
      config: { checkLatencyMs: 300 },
      checkLedger: false,
    });
    const { jobs, id, seen } = await started(
      b,
      addresses(150, (i) => `user${i}@example.com`),
      {
        knownPrices: { email: 1_000 },
        policy: { fundsEveryMs: 200 },
      },
    );
    const drained = 290_000;
    b.sandbox.ledger.reserve(b.key, drained, { product: 'email', addresses: 0, ref: 'elsewhere' });
    await waitFor('the job to wait for funds', () =>
      waits(seen).some((w) => w?.reason === 'funds'),
    );
    // Every 200 ms, never in a loop: $0.01 never covers the next multi check ($0.10).
    const before = requestsTo(b, API.balance, 'GET').length;
    await new Promise((r) => setTimeout(r, 800));
    expect(requestsTo(b, API.balance, 'GET').length - before).toBeLessThanOrEqual(5);
    expect((await jobs.get(id)).wait?.reason).toBe('funds');
    b.sandbox.ledger.credit(b.key, 1_000_000);
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(b.sandbox.ledger.spent(b.key) - drained).toBe(done.paid * 1_000);
  });
});

describe('the patience', () => {
  it('past it the job pauses for the user, not failed; a resume of everything carries it on', async () => {
    const b = await setup();
    b.sandbox.faults.maintenance(true);
    const { jobs, id } = await started(
      b,
      addresses(150, (i) => `user${i}@example.com`),
      {
        patienceMs: 300,
      },
    );
    const paused = await jobs.finished(id);
    expect(paused.state).not.toBe('failed');
    expect(paused.hold?.reason).toBe('patience');
    expect(paused.hold?.message).toMatch(
      /^Paused: the service has refused for .* \(The service is under maintenance\)\..* Continue tries again\.$/,
    );
    b.sandbox.faults.maintenance(false);
    // The app's own pick-up leaves it to the user; a resume of everything does not.
    expect(await jobs.resume()).toEqual([]);
    expect((await jobs.resume(undefined, { everything: true })).map((j) => j.id)).toEqual([id]);
    expectComplete(await jobs.finished(id));
  });
});

describe('42900 while the account’s own bulk tasks are still processing', () => {
  it('waits for them to finish, then sends the rest', async () => {
    const b = await setup({ config: { maxUnfinishedTasks: 1, bulkAddressesPerSecond: 2_000 } });
    const seen: JobView[] = [];
    const jobs = await b.jobs({ waitPolicy: FAST, onChange: (v) => seen.push(v) });
    const first = await jobs.importFile(
      await writeList(
        b,
        'a.csv',
        addresses(1_100, (i) => `user${i}@example.com`),
      ),
    );
    const second = await jobs.importFile(
      await writeList(
        b,
        'b.csv',
        addresses(1_100, (i) => `other${i}@example.com`),
      ),
    );
    await jobs.start(first.job.id, 'email');
    await waitFor(
      'the first task to be sent',
      async () => (await jobs.get(first.job.id)).tasks[0]?.id != null,
    );
    await jobs.start(second.job.id, 'email');
    await waitFor('the second job to wait for the first', () =>
      seen.some((v) => v.id === second.job.id && v.wait?.reason === 'orders'),
    );
    const wait = seen.find((v) => v.id === second.job.id && v.wait?.reason === 'orders')?.wait;
    expect(wait?.words).toMatch(/until some of yours finish \(1 still processing\)/);
    expectComplete(await jobs.finished(first.job.id));
    expectComplete(await jobs.finished(second.job.id));
  });
});
