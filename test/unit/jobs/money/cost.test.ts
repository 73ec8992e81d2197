// What a job costs: unit prices learned from what the balance moved by (and
// remembered across starts), the estimate shown before a job, and a balance
// that cannot cover the job refused before anything is charged.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../electron/lib/app-error';
import { openJobs } from '../../../../electron/jobs/jobs';
import {
  API,
  addresses,
  expectComplete,
  requestsTo,
  runJob,
  setup,
  writeList,
  type Bench,
} from '../support';

const user = (i: number) => `user${i}@example.com`;

/** The jobs core as the next start of the app (or the next command) opens it. */
async function reopened(b: Bench) {
  const client = b.client();
  return openJobs({ dataDir: b.dataDir, client: () => client });
}

describe('unit prices', () => {
  it('learns the email price from a synchronous job and remembers it on the next start', async () => {
    const b = await setup();
    const job = await runJob(b, await writeList(b, 'first.csv', addresses(150, user)));
    expectComplete(job);
    expect(job.chargedMicros).toBe(b.sandbox.ledger.spent(b.key));
    expect(job.chargedMicros).toBe((job.deliverable + job.undeliverable) * 1_000);

    const next = await reopened(b);
    const { job: draft } = await next.importFile(
      await writeList(
        b,
        'second.csv',
        addresses(40, (i) => `other${i}@example.com`),
      ),
    );
    await expect(next.estimate(draft.id, 'email')).resolves.toMatchObject({
      unique: 40,
      unitPriceMicros: 1_000,
      estimateMicros: 40_000,
      balanceMicros: b.sandbox.ledger.balance(b.key),
    });
    await next.remove(draft.id);
  });

  it('learns the bulk price from the reservation while the task is processing', async () => {
    // 3,000 addresses at 5,000 a second: the task is still processing when the balance is read.
    const b = await setup({ config: { bulkAddressesPerSecond: 5_000 } });
    const job = await runJob(b, await writeList(b, 'bulk.csv', addresses(3_000, user)));
    expectComplete(job);
    expect(job.unknown).toBeGreaterThan(0);
    expect(job.chargedMicros).toBe(b.sandbox.ledger.spent(b.key));

    const next = await reopened(b);
    const { job: draft } = await next.importFile(
      await writeList(
        b,
        'more.csv',
        addresses(2_000, (i) => `more${i}@example.com`),
      ),
    );
    await expect(next.estimate(draft.id, 'email')).resolves.toMatchObject({
      unitPriceMicros: 1_000,
      estimateMicros: 2_000_000,
    });
    await next.remove(draft.id);
  });

  it('never learns a wrong bulk price from a task that finished before the balance was read', async () => {
    // The task settles at once: the balance moves by the charge (1,500 × 1,000 micros), not
    // the reservation; spread over the 2,000 lines sent that would read as 750 a line.
    const b = await setup();
    const list = addresses(2_000, (i) =>
      i % 4 === 0 ? `undetermined+${i}@example.com` : `deliverable+${i}@example.com`,
    );
    const job = await runJob(b, await writeList(b, 'quick.csv', list));
    expectComplete(job);
    expect(job.unknown).toBe(500);
    // Either not known yet, or right; never the charge spread over every line sent.
    expect([null, b.sandbox.ledger.spent(b.key)]).toContain(job.chargedMicros);
  });

  it('learns the bulk price of a task that finished before its first look, from what it charged', async () => {
    // The first look waits an interval after the submit; the task is done by then.
    const b = await setup();
    const list = addresses(2_000, (i) =>
      i % 4 === 0 ? `undetermined+${i}@example.com` : `deliverable+${i}@example.com`,
    );
    const job = await runJob(b, await writeList(b, 'quick.csv', list));
    expectComplete(job);
    expect(job.chargedMicros).toBe(b.sandbox.ledger.spent(b.key));
    expect(job.unitPriceMicros).toBe(1_000);
  });

  it('knows the published avatar bulk price before any job', async () => {
    const b = await setup();
    const jobs = await b.jobs();
    const list = addresses(1_200, (i) => `person${i}@gmail.com`);
    const { job } = await jobs.importFile(await writeList(b, 'avatars.csv', list));
    await expect(jobs.estimate(job.id, 'avatar')).resolves.toMatchObject({
      unique: 1_200,
      unitPriceMicros: 3_000,
      estimateMicros: 3_600_000,
      balanceMicros: 1_000_000_000,
    });
    await jobs.remove(job.id);
  });
});

describe('insufficient balance', () => {
  /** Starting must fail with this message, with nothing but balance reads sent. */
  async function expectRefused(b: Bench, start: Promise<unknown>, message: RegExp) {
    const err = await start.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('insufficient_balance');
    expect((err as AppError).message).toMatch(message);
    expect((err as AppError).message).toMatch(/Nothing was charged/);
    expect(b.sandbox.requests.every((r) => r.path === API.balance)).toBe(true);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  }

  it('refuses an avatar bulk job the balance cannot cover, before sending anything', async () => {
    const b = await setup({ balanceMicros: 2_000_000 });
    const jobs = await b.jobs();
    const list = addresses(1_000, (i) => `person${i}@gmail.com`);
    const { job } = await jobs.importFile(await writeList(b, 'avatars.csv', list));
    await expectRefused(
      b,
      jobs.start(job.id, 'avatar'),
      /^Checking 1,000 addresses costs about \$3\.00, and your balance is \$2\.00\./,
    );
    // Still a draft: the user may top up and start it again.
    await expect(jobs.get(job.id)).resolves.toMatchObject({ state: 'draft', checked: 0 });
  });

  it('refuses an email job once the price is known, on the next start too', async () => {
    const b = await setup({ balanceMicros: 150_000 });
    const first = await runJob(b, await writeList(b, 'first.csv', addresses(50, user)));
    expectComplete(first);
    const before = b.sandbox.requests.length;
    const spent = b.sandbox.ledger.spent(b.key);

    const next = await reopened(b);
    const { job } = await next.importFile(
      await writeList(
        b,
        'second.csv',
        addresses(200, (i) => `second${i}@example.com`),
      ),
    );
    const err = await next.start(job.id, 'email').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toMatch(
      /^Checking 200 addresses costs about \$0\.20, and your balance is \$0\.1\d+\. .*Nothing was charged\./,
    );
    const after = b.sandbox.requests.slice(before);
    expect(after.every((r) => r.path === API.balance)).toBe(true);
    expect(b.sandbox.ledger.spent(b.key)).toBe(spent);
  });

  it('refuses any job on an empty balance', async () => {
    const b = await setup({ balanceMicros: 0 });
    const jobs = await b.jobs();
    const { job } = await jobs.importFile(await writeList(b, 'few.csv', addresses(5, user)));
    await expectRefused(b, jobs.start(job.id, 'email'), /^Your balance is \$0\.00/);
  });

  // Waiting for funds, then pausing for the user past a short patience (waits.test.ts has the top-up).
  const impatient = {
    patienceMs: 300,
    waitPolicy: { baseMs: 40, capMs: 100, fundsEveryMs: 50, ordersEveryMs: 50 },
  };

  it('without a known price, waits for funds on the service’s refusal, charging nothing', async () => {
    // 100 addresses in one multi check need $0.10 reserved; $0.05 is there.
    const b = await setup({ balanceMicros: 50_000 });
    await b.jobs(impatient);
    const job = await runJob(b, await writeList(b, 'hundred.csv', addresses(100, user)));
    expect(job.state).not.toBe('failed');
    expect(job.hold).toMatchObject({ reason: 'patience' });
    expect(job.hold?.message).toMatch(/Your balance does not cover the next addresses/);
    expect(job.checked).toBe(0);
    expect(new Set(requestsTo(b, API.multi).map((r) => r.code))).toEqual(new Set([40200]));
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });

  it('without a known price, a bulk submit refused for the balance charges nothing', async () => {
    const b = await setup({ balanceMicros: 500_000 });
    await b.jobs(impatient);
    const job = await runJob(b, await writeList(b, 'bulk.csv', addresses(1_000, user)));
    expect(job.hold).toMatchObject({ reason: 'patience' });
    expect(new Set(requestsTo(b, API.submit).map((r) => r.code))).toEqual(new Set([40200]));
    expect(b.sandbox.tasks(b.key)).toHaveLength(0);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });
});
