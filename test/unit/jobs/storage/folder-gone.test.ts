// A job folder deleted while its job runs (a cleanup tool, a user tidying
// up): the outcome log's open handle has no name left (link count 0). The job
// notices after its next append, or its next save while it waits for a bulk
// task, and stops saying what happened and what was charged, instead of
// writing on into a file nobody will read.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setLogSink } from '../../../../electron/lib/log';
import { API, addresses, requestsTo, setup, taskPolls, waitFor, writeList } from '../support';

const deliverable = (i: number) => `deliverable+${i}@example.com`;

describe.skipIf(process.platform === 'win32')('a job folder deleted while its job runs', () => {
  it('stops a synchronous job at its next answer, saying what was charged', async () => {
    const b = await setup({ checkLedger: false, config: { checkLatencyMs: 60 } });
    setLogSink(() => undefined);
    try {
      const jobs = await b.jobs();
      const { job } = await jobs.importFile(
        await writeList(b, 'list.csv', addresses(999, deliverable)),
      );
      await jobs.start(job.id, 'email');
      const answered = () => requestsTo(b, API.multi).filter((r) => r.endedAt !== null);
      await waitFor('two multi checks answered', () => answered().length >= 2);
      const folder = join(b.dataDir, 'jobs', job.id);
      // A file the job writes at that moment can make one pass find the folder not empty.
      await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
      const sent = requestsTo(b, API.multi).length;
      const failed = await jobs.finished(job.id);

      expect(failed.state).toBe('failed');
      expect(failed.failure?.code).toBe('job_folder_gone');
      expect(failed.failure?.charged).toBe('unknown');
      const charged = b.sandbox.ledger.spent(b.key) / b.sandbox.config.prices.email;
      expect(charged % 100).toBe(0);
      expect(failed.failure?.message).toBe(
        `The folder of this job (${folder}) was deleted while the job ran, and the results checked so far went with it. By then the service had checked, and charged, ${charged.toLocaleString('en-US')} addresses of this list. List Cleaner stopped so as not to check, and charge, any more. To check the list again, start it anew from its file; each address is charged again.`,
      );
      // At most one more check went out after the folder did: the job noticed at its answer.
      expect(requestsTo(b, API.multi).length).toBeLessThanOrEqual(sent + 1);
      expect(charged).toBe(requestsTo(b, API.multi).length * 100);
    } finally {
      setLogSink(() => undefined);
    }
  });

  it('stops a job waiting for a bulk task at its next poll, naming the task charged', async () => {
    const b = await setup({ checkLedger: false, config: { bulkAddressesPerSecond: 500 } });
    setLogSink(() => undefined);
    const jobs = await b.jobs();
    const { job } = await jobs.importFile(
      await writeList(b, 'list.csv', addresses(2_000, deliverable)),
    );
    await jobs.start(job.id, 'email');
    await waitFor('the task polled', () => taskPolls(b).some((r) => r.code === 0));
    const folder = join(b.dataDir, 'jobs', job.id);
    // A file the job writes at that moment can make one pass find the folder not empty.
    await rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
    const failed = await jobs.finished(job.id);

    expect(failed.state).toBe('failed');
    expect(failed.failure?.code).toBe('job_folder_gone');
    const [taskId] = b.sandbox.tasks(b.key);
    expect(failed.failure?.message).toBe(
      `The folder of this job (${folder}) was deleted while the job ran, and the results checked so far went with it. By then the service had checked, and charged, 0 addresses of this list, and bulk task ${taskId} (2,000 addresses) was at the service, charged for each address checked. List Cleaner stopped so as not to check, and charge, any more. To check the list again, start it anew from its file; each address is charged again.`,
    );
    // It stopped polling: the task finishes at the service on its own.
    const polls = taskPolls(b).length;
    await new Promise((r) => setTimeout(r, 200));
    expect(taskPolls(b)).toHaveLength(polls);
  });
});
