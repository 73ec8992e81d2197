// Free space before a job starts: what it will write (task files, outcome log,
// result files) against what the data folder's disk has free. Too little, and
// the job is refused before anything is sent, in words that say how much is
// needed, how much is free, where, and that nothing was charged.
import { describe, expect, it } from 'vitest';
import { openJobs } from '../../../../electron/jobs/jobs';
import {
  AVATAR_URL_BYTES,
  MARGIN_BYTES,
  OUTCOME_LINE_BYTES,
  formatBytes,
  roomNeeded,
} from '../../../../electron/jobs/storage/room';
import { AppError } from '../../../../electron/lib/app-error';
import { addresses, expectComplete, readRecord, setup, writeList, type Bench } from '../support';

const user = (i: number) => `user${i}@example.com`;

/** A statfs that reports `free` bytes in 4 KiB blocks, and remembers which folder it was asked about. */
function diskWithFree(free: number) {
  const asked: string[] = [];
  return {
    asked,
    statfs: async (path: string) => {
      asked.push(path);
      return { bavail: Math.floor(free / 4096), bsize: 4096 };
    },
  };
}

async function jobsWithFree(b: Bench, free: number) {
  const disk = diskWithFree(free);
  const client = b.client();
  const jobs = await openJobs({ dataDir: b.dataDir, client: () => client, disk });
  return { jobs, disk };
}

describe('what a job will write', () => {
  const book = (lines: number[]) => ({
    lineBytes: (i: number) => lines[i] as number,
    lines: (start: number, end: number) =>
      Buffer.alloc(lines.slice(start, end).reduce((a, b) => a + b, 0)),
  });

  it('counts task files, the outcome log and the result files of a bulk job', () => {
    const room = roomNeeded(2_000, 'email', book(new Array<number>(2_000).fill(21)));
    expect(room.taskFiles).toBe(2_000 * 21);
    expect(room.outcomeLog).toBe(2_000 * OUTCOME_LINE_BYTES);
    // Each row: the address and a few bytes, with room for an archive beside it.
    expect(room.results).toBe(Math.ceil(2_000 * (21 + 8) * 1.5));
    expect(room.total).toBe(room.taskFiles + room.outcomeLog + room.results + MARGIN_BYTES);
  });

  it('needs no task or result files for a synchronous job, and more for avatars', () => {
    const email = roomNeeded(500, 'email', book(new Array<number>(500).fill(21)));
    expect(email).toMatchObject({ taskFiles: 0, results: 0, outcomeLog: 500 * OUTCOME_LINE_BYTES });
    const avatar = roomNeeded(500, 'avatar', book(new Array<number>(500).fill(21)));
    expect(avatar.outcomeLog).toBe(500 * (OUTCOME_LINE_BYTES + AVATAR_URL_BYTES));
    const bulkAvatar = roomNeeded(2_000, 'avatar', book(new Array<number>(2_000).fill(21)));
    const bulkEmail = roomNeeded(2_000, 'email', book(new Array<number>(2_000).fill(21)));
    expect(bulkAvatar.results).toBeGreaterThan(bulkEmail.results);
  });
});

describe('starting a job', () => {
  it('is refused when the disk is too full, before anything is sent or charged', async () => {
    const b = await setup();
    const { jobs, disk } = await jobsWithFree(b, 200 * 1024);
    try {
      const { job } = await jobs.importFile(await writeList(b, 'list.csv', addresses(5_000, user)));
      const before = b.sandbox.requests.length;
      const refused = await jobs.start(job.id, 'email').then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(AppError);
      const err = refused as AppError;
      expect(err.code).toBe('disk_full');
      const need = roomNeeded(5_000, 'email', await jobs.addressBook(job.id)).total;
      expect(err.message).toBe(
        `This job needs about ${formatBytes(need)} of free disk space in ${b.dataDir} (for its bulk task files, the log of its outcomes and the result files it downloads), and only ${formatBytes(200 * 1024)} is free there. Nothing was sent and nothing was charged. Free some space on that disk, then start the job again.`,
      );
      // Not even the balance was read: nothing left this machine.
      expect(b.sandbox.requests.length).toBe(before);
      expect(disk.asked[0]).toContain(job.id);
      expect((await readRecord(b.dataDir, job.id)).state).toBe('draft');
      expect(b.sandbox.ledger.spent(b.key)).toBe(0);
    } finally {
      await jobs.stop();
    }
  });

  it('goes ahead when the room is there, and says what a small job needs', async () => {
    const b = await setup();
    const list = addresses(1_200, user);
    const need = roomNeeded(1_200, 'email', {
      lineBytes: (i) => Buffer.byteLength(`${list[i] as string}\n`),
      lines: (s, e) => Buffer.from(list.slice(s, e).join('\n') + '\n'),
    }).total;
    // One bulk task of 1,200 addresses: about 1.1 MB, most of it the margin.
    expect(need).toBeGreaterThan(MARGIN_BYTES);
    expect(need).toBeLessThan(MARGIN_BYTES + 200 * 1024);
    // Exactly what it needs (to the block) is enough.
    const { jobs } = await jobsWithFree(b, Math.ceil(need / 4096) * 4096);
    try {
      const { job } = await jobs.importFile(await writeList(b, 'list.csv', list));
      await jobs.start(job.id, 'email');
      expectComplete(await jobs.finished(job.id));
    } finally {
      await jobs.stop();
    }
  });
});
