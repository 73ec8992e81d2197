// A full disk when job.json is saved after a charge: the submit's answer (a
// task made, its addresses reserved) cannot be written down. job.json's
// writes go to /dev/full while the test says so, a real ENOSPC. The job stops
// with the disk message; job.json still says the task was being sent, so Try
// again sends it with the same Idempotency-Key and the service answers with
// the task it already made: nothing charged twice.
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../../../electron/ipc/contract';
import { openJobs } from '../../../../electron/jobs/jobs';
import type * as AtomicFile from '../../../../electron/lib/files/atomic-file';
import { setLogSink } from '../../../../electron/lib/log';
import {
  API,
  addresses,
  expectComplete,
  readRecord,
  requestsTo,
  reserved,
  setup,
  writeList,
} from '../support';

const full = vi.hoisted(() => ({ on: false, refused: 0 }));

vi.mock('../../../../electron/lib/files/atomic-file', async (importOriginal) => {
  const actual = await importOriginal<typeof AtomicFile>();
  return {
    ...actual,
    async writeFileAtomic(path: string, data: string | Uint8Array) {
      if (!full.on || !path.endsWith('job.json')) return actual.writeFileAtomic(path, data);
      full.refused += 1;
      const devFull = await open('/dev/full', 'w');
      try {
        await devFull.writeFile(data);
      } finally {
        await devFull.close();
      }
    },
  };
});

describe.skipIf(!existsSync('/dev/full'))('a full disk when job.json is saved', () => {
  it('as a job ends: says so in its words, and Try again finishes it without a check', async () => {
    const b = await setup();
    setLogSink(() => undefined);
    let armed = true;
    const client = b.client();
    const jobs = await openJobs({
      dataDir: b.dataDir,
      client: () => client,
      disk: { retryDelaysMs: [5, 10, 20] },
      // Every answer is in the outcome log: from here the disk is full (once).
      onChange: (v: JobView) => {
        if (armed && v.unique > 0 && v.checked === v.unique && v.state === 'checking') {
          armed = false;
          full.on = true;
        }
      },
    });
    try {
      const list = addresses(150, (i) => `deliverable+${i}@example.com`);
      const { job } = await jobs.importFile(await writeList(b, 'list.csv', list));
      await jobs.start(job.id, 'email');
      const failed = await jobs.finished(job.id);
      expect(failed.state).toBe('failed');
      expect(failed.failure?.code).toBe('disk_full');
      expect(failed.failure?.message).toMatch(
        /^The disk is full: the progress of this job \(job\.json\) could not be saved in /,
      );
      expect(failed.checked).toBe(150);

      full.on = false;
      const sent = requestsTo(b, API.multi).length;
      await jobs.resume(job.id);
      expectComplete(await jobs.finished(job.id));
      expect(requestsTo(b, API.multi)).toHaveLength(sent);
    } finally {
      full.on = false;
      setLogSink(() => undefined);
      await jobs.stop();
    }
  });

  it('after a submit is answered: stops saying so, and Try again charges nothing twice', async () => {
    const b = await setup();
    full.refused = 0;
    // The failure itself cannot be saved either; that is logged, and not the point here.
    setLogSink(() => undefined);
    const client = b.client();
    const first = await openJobs({
      dataDir: b.dataDir,
      client: () => client,
      disk: { retryDelaysMs: [5, 10, 20] },
      // The task is on disk as being sent: from here the disk is full.
      onChange: (v: JobView) => {
        if (v.tasks[0]?.status === 'submitting') full.on = true;
      },
    });
    try {
      const list = addresses(1_000, (i) => `user${i}@example.com`);
      const { job } = await first.importFile(await writeList(b, 'list.csv', list));
      await first.start(job.id, 'email');
      const failed = await first.finished(job.id);

      expect(failed.state).toBe('failed');
      expect(failed.failure?.code).toBe('disk_full');
      const folder = join(b.dataDir, 'jobs', job.id);
      expect(failed.failure?.message).toBe(
        `The disk is full: the progress of this job (job.json) could not be saved in ${folder}. The results checked so far are kept, and bulk tasks wait at the service under their own keys, so nothing is charged twice: free some space on that disk, then Try again.`,
      );
      // Four attempts after the answer (and one more for the failure itself).
      expect(full.refused).toBe(5);
      expect(requestsTo(b, API.submit)).toHaveLength(1);
      const onDisk = (await readRecord(b.dataDir, job.id)).plan?.bulk[0];
      expect(onDisk).toMatchObject({ status: 'submitting', taskId: null });
      await first.stop();

      // Room again, and a new process: the same key brings back the same task.
      full.on = false;
      const second = await openJobs({ dataDir: b.dataDir, client: () => client });
      try {
        await second.resume(job.id);
        expectComplete(await second.finished(job.id));
      } finally {
        await second.stop();
      }
      expect(requestsTo(b, API.submit)).toHaveLength(2);
      expect(b.sandbox.tasks(b.key)).toHaveLength(1);
      expect(reserved(b, 'email_batch').count).toBe(1);
    } finally {
      full.on = false;
      setLogSink(() => undefined);
      await first.stop();
    }
  });
});
