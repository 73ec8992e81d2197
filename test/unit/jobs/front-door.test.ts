// Every shell opens an account's jobs through one front door
// (jobs/workspace.ts openAccountJobs): the demo's jobs in a folder of their
// own with the sandbox's prices and no team, a key's in the data folder with
// the team it was given. The app's workspace and the command line both use it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PRICES, startDemoService } from '../../../electron/account/demo';
import { demoDataDir, openAccountJobs } from '../../../electron/jobs/workspace';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-front-door-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('openAccountJobs', () => {
  it('keeps the demo’s jobs apart, priced by the sandbox, and asks no team', async () => {
    const service = await startDemoService();
    cleanups.push(() => service.stop());
    const dataDir = await folder();
    const team = vi.fn(async () => null);
    const jobs = await openAccountJobs({
      dataDir,
      demo: true,
      client: () => service.client,
      memoryAccount: () => 'demo',
      enteredPrices: () => ({ email: 1 }),
      patienceMs: 60_000,
      team,
      onChange: () => undefined,
      runner: 'a test',
    });
    cleanups.push(() => jobs.stop());
    const { job } = await jobs.importPasted('a@example.com\nb@example.com\n');
    expect((await jobs.folder(job.id)).startsWith(demoDataDir(dataDir))).toBe(true);
    const estimate = await jobs.estimate(job.id, 'email', {});
    // The sandbox's price, known before any charge; the key's entered price is not the demo's.
    expect(estimate.unitPriceMicros).toBe(DEMO_PRICES.email);
    expect(team).not.toHaveBeenCalled();
  });

  it('keeps a key’s jobs in the data folder itself', async () => {
    const dataDir = await folder();
    const jobs = await openAccountJobs({
      dataDir,
      demo: false,
      client: () => {
        throw new Error('no service needed to import');
      },
      memoryAccount: () => 'key-fingerprint',
      patienceMs: 60_000,
      onChange: () => undefined,
      runner: 'a test',
    });
    cleanups.push(() => jobs.stop());
    const { job } = await jobs.importPasted('a@example.com\n');
    const where = await jobs.folder(job.id);
    expect(where.startsWith(demoDataDir(dataDir))).toBe(false);
    expect(where.startsWith(dataDir)).toBe(true);
  });
});
