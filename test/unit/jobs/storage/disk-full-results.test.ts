// A full disk while a bulk task's result file is downloaded: the file's
// writes go to /dev/full while the test says so, a real ENOSPC. The job stops
// with its own message (the results are still at the service; free space and
// Try again downloads them without charging again), never "check your
// internet connection", and Try again does just that.
import { existsSync } from 'node:fs';
import * as fs from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ChargedError } from '../../../../electron/lib/files/write-failure';
import {
  API,
  addresses,
  downloads,
  expectComplete,
  jobsOn,
  requestsTo,
  reserved,
  setup,
  writeList,
} from '../support';

const full = vi.hoisted(() => ({ on: false }));

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof fs>();
  return {
    ...actual,
    createWriteStream: ((path: fs.PathLike, options?: Parameters<typeof fs.createWriteStream>[1]) =>
      actual.createWriteStream(
        full.on && String(path).endsWith('.part') ? '/dev/full' : path,
        options,
      )) as typeof fs.createWriteStream,
  };
});

describe.skipIf(!existsSync('/dev/full'))('a full disk while a result downloads', () => {
  it('stops with the disk message, keeps the task, and Try again downloads it without a charge', async () => {
    const b = await setup();
    const jobs = await jobsOn(b, { retryDelaysMs: [5, 10, 20] });
    try {
      const list = addresses(1_000, (i) => `deliverable+${i}@example.com`);
      const { job } = await jobs.importFile(await writeList(b, 'list.csv', list));
      full.on = true;
      await jobs.start(job.id, 'email');
      const failed = await jobs.finished(job.id);

      expect(failed.state).toBe('failed');
      expect(failed.failure?.code).toBe('disk_full');
      expect(failed.failure?.charged).toBe('unknown');
      const folder = join(b.dataDir, 'jobs', job.id);
      expect(failed.failure?.message).toBe(
        `The disk is full: the result file of a bulk task could not be saved in ${folder}. The service charged the task for the addresses it checked and keeps their results for a while: free some space on that disk, then Try again downloads them without charging again.`,
      );
      expect(failed.failure?.message).not.toMatch(/internet|connection/i);
      expect(failed.tasks.map((t) => t.status)).toEqual(['success']);
      // Tried briefly (four downloads), then stopped; no part of a file is left.
      expect(downloads(b)).toHaveLength(4);
      expect((await readdir(folder)).filter((f) => f.startsWith('result-'))).toEqual([]);

      full.on = false;
      await jobs.resume(job.id);
      expectComplete(await jobs.finished(job.id));
      expect(requestsTo(b, API.submit)).toHaveLength(1);
      expect(reserved(b, 'email_batch').count).toBe(1);
    } finally {
      full.on = false;
      await jobs.stop();
    }
  });

  it('is told apart from the network by the download itself', async () => {
    const b = await setup({ checkLedger: false });
    const client = b.client();
    const dir = join(b.dir, 'results');
    fs.mkdirSync(dir);
    const task = await client.submitBulk(
      'email_batch',
      await writeList(
        b,
        'task.txt',
        addresses(1_000, (i) => `user${i}@example.com`),
      ),
      'disk-full-download-1',
    );
    const done = await client.waitForBulk(task.id);
    full.on = true;
    try {
      const err = await client.downloadResult(done.resultUrl ?? '', join(dir, 'result.csv')).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ChargedError);
      expect(err).toMatchObject({ code: 'disk_full', charged: 'unknown' });
      expect((err as Error).message).toMatch(/^The disk is full: .* could not be saved in /);
      expect((err as Error).message).toContain(dir);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      full.on = false;
    }
  });
});
