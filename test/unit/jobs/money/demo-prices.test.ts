// The demo's prices are the app's own: its estimates are known before the
// first check, and they are what its sandbox charges. Elsewhere a price is
// learned from a charge, and a learned price wins over a known one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PRICES, startDemoService, type DemoService } from '../../../../electron/account/demo';
import { openJobs } from '../../../../electron/jobs/jobs';
import { openPriceBook } from '../../../../electron/jobs/money/prices';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-demo-prices-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function demo(): Promise<DemoService> {
  const service = await startDemoService();
  cleanups.push(() => service.stop());
  return service;
}

/** The demo's jobs, as the app and --demo open them: with the demo's prices. */
async function demoJobs() {
  const service = await demo();
  const dir = await folder();
  const jobs = await openJobs({
    dataDir: join(dir, 'data'),
    client: () => service.client,
    knownPrices: service.prices,
  });
  cleanups.push(() => jobs.stop());
  return { dir, jobs };
}

async function list(dir: string, name: string, count: number): Promise<string> {
  const path = join(dir, name);
  const rows = Array.from({ length: count }, (_, i) => `user${i}@example.com`);
  await writeFile(path, `email\n${rows.join('\n')}\n`);
  return path;
}

describe('the demo account’s prices', () => {
  it('give an estimate before anything was checked, for every product and route', async () => {
    const { dir, jobs } = await demoJobs();
    const small = await jobs.importFile(await list(dir, 'small.csv', 40));
    const big = await jobs.importFile(await list(dir, 'big.csv', 1_200));

    await expect(jobs.estimate(small.job.id, 'email')).resolves.toMatchObject({
      unitPriceMicros: DEMO_PRICES.email,
      estimateMicros: 40 * DEMO_PRICES.email,
    });
    await expect(jobs.estimate(small.job.id, 'avatar')).resolves.toMatchObject({
      estimateMicros: 40 * DEMO_PRICES.email_avatar,
    });
    await expect(jobs.estimate(big.job.id, 'email')).resolves.toMatchObject({
      estimateMicros: 1_200 * DEMO_PRICES.email_batch,
    });
  });

  it('are what the demo’s sandbox charges', async () => {
    const { dir, jobs } = await demoJobs();
    const { job } = await jobs.importFile(await list(dir, 'paid.csv', 60));
    const estimate = await jobs.estimate(job.id, 'email');
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    // Unknown outcomes are free: the charge is the estimate less those.
    expect(done.chargedMicros).toBe((60 - done.unknown) * DEMO_PRICES.email);
    expect(estimate.estimateMicros).toBe(60 * DEMO_PRICES.email);
  });
});

describe('a price book with known prices', () => {
  it('uses a known price until one is learned from a charge, which then wins', async () => {
    const dir = await folder();
    const book = await openPriceBook(dir, { email: 1_000 });
    expect(book.get('email')).toBe(1_000);
    expect(book.get('email_batch')).toBeNull();
    await book.learn('email', 2_400, 2);
    expect(book.get('email')).toBe(1_200);
    // Remembered across starts, still ahead of the known price.
    expect((await openPriceBook(dir, { email: 1_000 })).get('email')).toBe(1_200);
  });

  it('without known prices knows only the published avatar bulk price', async () => {
    const book = await openPriceBook(await folder());
    expect(book.get('email')).toBeNull();
    expect(book.get('email_avatar_batch')).toBe(3_000);
  });
});
