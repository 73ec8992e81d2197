// A full disk while answers already paid for are being stored. The outcome
// log's writes go to /dev/full while the test says the disk is full: a real
// ENOSPC from the kernel (a tiny tmpfs cannot be mounted here). A moment's
// shortage is ridden out; a lasting one stops the job with words that say the
// disk is full, where, how many charged addresses could not be kept, and that
// resuming checks them again and may charge them again. Then it does.
import { existsSync } from 'node:fs';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Disk } from '../../../electron/jobs/disk';
import { openJobs, type Jobs } from '../../../electron/jobs/jobs';
import { loadOutcomes } from '../../../electron/jobs/outcomes';
import {
  API,
  addresses,
  expectComplete,
  reserved,
  requestsTo,
  setup,
  writeList,
  type Bench,
} from './support';

const deliverable = (i: number) => `deliverable+${i}@example.com`;

interface Fillable {
  disk: Partial<Disk>;
  /** Appends that go to /dev/full from now on (Infinity: until told otherwise). */
  fill(appends: number): void;
  /** Appends tried, and how many met a full disk. */
  attempts: number;
  refused: number;
  /** The next append writes this many bytes of its text, then fails as the disk fills. */
  tearNext(bytes: number): void;
}

/** The outcome log's handle, whose appends meet a full disk when told to. */
function fillable(): Fillable {
  let full = 0;
  let tear: number | null = null;
  const state: Fillable = {
    attempts: 0,
    refused: 0,
    fill: (n) => (full = n),
    tearNext: (bytes) => (tear = bytes),
    disk: {
      retryDelaysMs: [5, 10, 20],
      async open(path, flags) {
        const handle = await open(path, flags);
        const devFull = await open('/dev/full', 'w');
        return new Proxy(handle, {
          get(target, prop) {
            if (prop === 'appendFile') {
              return async (data: string) => {
                state.attempts += 1;
                if (tear !== null) {
                  await target.appendFile(data.slice(0, tear));
                  tear = null;
                  state.refused += 1;
                  return devFull.appendFile(data);
                }
                if (full > 0) {
                  full -= 1;
                  state.refused += 1;
                  return devFull.appendFile(data);
                }
                return target.appendFile(data);
              };
            }
            if (prop === 'close') {
              return async () => {
                await devFull.close();
                await target.close();
              };
            }
            const value: unknown = Reflect.get(target, prop, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        }) as FileHandle;
      },
    },
  };
  return state;
}

async function jobsOn(b: Bench, disk: Partial<Disk>): Promise<Jobs> {
  const client = b.client();
  return openJobs({ dataDir: b.dataDir, client: () => client, disk });
}

describe.skipIf(!existsSync('/dev/full'))('a full disk while answers are stored', () => {
  it('stops a paid multi check with the disk message; resuming checks (and charges) them again', async () => {
    const b = await setup({ checkLedger: false });
    const disk = fillable();
    disk.fill(Infinity);
    const jobs = await jobsOn(b, disk.disk);
    try {
      const { job } = await jobs.importFile(
        await writeList(b, 'list.csv', addresses(250, deliverable)),
      );
      await jobs.start(job.id, 'email');
      const failed = await jobs.finished(job.id);

      expect(failed.state).toBe('failed');
      expect(failed.failure?.code).toBe('disk_full');
      expect(failed.failure?.charged).toBe('unknown');
      const folder = join(b.dataDir, 'jobs', job.id);
      expect(failed.failure?.message).toBe(
        `The disk is full: the results of 100 addresses the service had already checked and charged could not be saved in ${folder}. Resuming checks them again, and may charge them again. Free some space on that disk, then Try again (list-cleaner resume).`,
      );
      expect(failed.failure?.message).not.toMatch(/something went wrong/i);
      // Tried again briefly (four attempts), then stopped: no other multi check was sent.
      expect(disk.attempts).toBe(4);
      expect(requestsTo(b, API.multi)).toHaveLength(1);
      expect(failed.checked).toBe(0);
      // The ledger shows what the message says: 100 addresses charged, none kept.
      expect(b.sandbox.ledger.spent(b.key)).toBe(100 * b.sandbox.config.prices.email);

      // Space again: the resume checks those 100 again, and they are charged again.
      disk.fill(0);
      await jobs.resume(job.id);
      expectComplete(await jobs.finished(job.id));
      expect(reserved(b, 'email').addresses).toBe(350);
      expect(b.sandbox.ledger.spent(b.key)).toBe(350 * b.sandbox.config.prices.email);
    } finally {
      await jobs.stop();
    }
  });

  it('rides out a moment without room, losing nothing and charging nothing twice', async () => {
    const b = await setup();
    const disk = fillable();
    disk.fill(2);
    const jobs = await jobsOn(b, disk.disk);
    try {
      const { job } = await jobs.importFile(
        await writeList(b, 'list.csv', addresses(250, deliverable)),
      );
      await jobs.start(job.id, 'email');
      expectComplete(await jobs.finished(job.id));
      expect(disk.refused).toBe(2);
      expect(reserved(b, 'email').addresses).toBe(250);
    } finally {
      await jobs.stop();
    }
  });

  it('cuts off a line half-written when the disk filled, so no record is glued to it', async () => {
    const b = await setup();
    const disk = fillable();
    disk.tearNext(7);
    const jobs = await jobsOn(b, disk.disk);
    try {
      const { job } = await jobs.importFile(
        await writeList(b, 'list.csv', addresses(250, deliverable)),
      );
      await jobs.start(job.id, 'email');
      expectComplete(await jobs.finished(job.id));
      const log = join(b.dataDir, 'jobs', job.id, 'outcomes.log');
      const lines = (await readFile(log, 'utf8')).split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(250);
      // Five fields each: index, status, provider, avatar, avatar URL; none glued to another.
      expect(lines.filter((l) => !/^\d+\td\t[^\t]*\t[^\t]*\t[^\t]*$/.test(l))).toEqual([]);
      const table = await loadOutcomes(log, 250);
      expect(table.counts()).toMatchObject({ deliverable: 250, done: 250 });
    } finally {
      await jobs.stop();
    }
  });
});
