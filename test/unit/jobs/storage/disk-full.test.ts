// A full disk while answers already paid for are being stored. The outcome
// log's writes go to /dev/full while the test says the disk is full: a real
// ENOSPC from the kernel (a tiny tmpfs cannot be mounted here). A moment's
// shortage is ridden out; a lasting one stops the job with words that say the
// disk is full, where, how many charged addresses could not be kept, and that
// resuming checks them again and may charge them again. Then it does.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Disk } from '../../../../electron/jobs/storage/disk';
import type { Jobs } from '../../../../electron/jobs/jobs';
import { loadOutcomes } from '../../../../electron/jobs/storage/outcomes';
import { fillingDisk } from './full-disk';
import {
  API,
  addresses,
  expectComplete,
  jobsOn,
  reserved,
  requestsTo,
  setup,
  writeList,
  type Bench,
} from '../support';

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
    disk: fillingDisk(() => {
      state.attempts += 1;
      if (tear !== null) {
        const written = tear;
        tear = null;
        state.refused += 1;
        return written;
      }
      if (full > 0) {
        full -= 1;
        state.refused += 1;
        return 0;
      }
      return null;
    }, [5, 10, 20]),
  };
  return state;
}

/**
 * Opens the jobs core on `disk`, imports 250 deliverable addresses and starts
 * checking them, then runs `then` with the job's id; the core is stopped
 * whatever happens.
 */
async function checkingOn(
  b: Bench,
  disk: Fillable,
  then: (jobs: Jobs, id: string) => Promise<void>,
): Promise<void> {
  const jobs = await jobsOn(b, disk.disk);
  try {
    const { job } = await jobs.importFile(
      await writeList(b, 'list.csv', addresses(250, deliverable)),
    );
    await jobs.start(job.id, 'email');
    await then(jobs, job.id);
  } finally {
    await jobs.stop();
  }
}

describe.skipIf(!existsSync('/dev/full'))('a full disk while answers are stored', () => {
  it('stops a paid multi check with the disk message; resuming checks (and charges) them again', async () => {
    const b = await setup({ checkLedger: false });
    const disk = fillable();
    disk.fill(Infinity);
    await checkingOn(b, disk, async (jobs, id) => {
      const failed = await jobs.finished(id);

      expect(failed.state).toBe('failed');
      expect(failed.failure?.code).toBe('disk_full');
      expect(failed.failure?.charged).toBe('unknown');
      const folder = join(b.dataDir, 'jobs', id);
      expect(failed.failure?.message).toBe(
        `The disk is full: the results of 100 addresses the service had already checked and charged could not be saved in ${folder}. Resuming checks them again, and may charge them again. Free some space on that disk, then Try again.`,
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
      await jobs.resume(id);
      expectComplete(await jobs.finished(id));
      expect(reserved(b, 'email').addresses).toBe(350);
      expect(b.sandbox.ledger.spent(b.key)).toBe(350 * b.sandbox.config.prices.email);
    });
  });

  it('rides out a moment without room, losing nothing and charging nothing twice', async () => {
    const b = await setup();
    const disk = fillable();
    disk.fill(2);
    await checkingOn(b, disk, async (jobs, id) => {
      expectComplete(await jobs.finished(id));
      expect(disk.refused).toBe(2);
      expect(reserved(b, 'email').addresses).toBe(250);
    });
  });

  it('cuts off a line half-written when the disk filled, so no record is glued to it', async () => {
    const b = await setup();
    const disk = fillable();
    disk.tearNext(7);
    await checkingOn(b, disk, async (jobs, id) => {
      expectComplete(await jobs.finished(id));
      const log = join(b.dataDir, 'jobs', id, 'outcomes.log');
      const lines = (await readFile(log, 'utf8')).split('\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(250);
      // Five fields each: index, status, provider, avatar, avatar URL; none glued to another.
      expect(lines.filter((l) => !/^\d+\td\t[^\t]*\t[^\t]*\t[^\t]*$/.test(l))).toEqual([]);
      const table = await loadOutcomes(log, 250);
      expect(table.counts()).toMatchObject({ deliverable: 250, done: 250 });
    });
  });
});
