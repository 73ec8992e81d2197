// A bulk task whose result file is far larger than its addresses can fill:
// the job stops with a message a marketer can act on, keeps none of the file,
// and does not download it again and again.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJobs } from '../../../../electron/jobs/jobs';
import { createServiceClient } from '../../../../electron/service/client';
import { createLimiter } from '../../../../electron/service/limiter';
import { largeBody, listenOn } from '../../service/support';
import { relinking } from './relink';
import { addresses, setup, writeList } from '../support';

const MB = 1_048_576;

describe('a result file larger than its task', () => {
  it('fails the job with the reason, keeps no file, and does not download it again', async () => {
    const b = await setup({ checkLedger: false });
    const big = largeBody(40 * MB, { withLength: false, contentType: 'text/csv', fill: 0x61 });
    const files = await listenOn('127.0.0.1', big.handler);
    const service = await listenOn(
      '127.0.0.1',
      relinking(b.sandbox.url, () => `${files.url}/result.csv`),
    );
    const client = createServiceClient({
      baseUrl: service.url,
      apiKey: b.key,
      limiter: createLimiter(),
      allowFastPolling: true,
      pollIntervalSeconds: 0.02,
      retry: { baseDelayMs: 20, maxDelayMs: 100 },
    });
    const jobs = await openJobs({ dataDir: b.dataDir, client: () => client });
    try {
      const list = addresses(1_000, (i) => `deliverable+${i}@example.com`);
      const { job } = await jobs.importFile(await writeList(b, 'list.csv', list));
      await jobs.start(job.id, 'email');
      const done = await jobs.finished(job.id);

      expect(done.state).toBe('failed');
      expect(done.failure?.code).toBe('result_too_large');
      expect(done.failure?.charged).toBe('unknown');
      expect(done.failure?.message).toMatch(
        /^The result file of a bulk task of 1,000 addresses grew past 5 MB/,
      );
      expect(done.failure?.message).toContain('keeps its results for a while');
      // Not the usual "Try again carries on": trying again at once meets the same file.
      expect(done.failure?.message).not.toContain('Try again');
      // What the message says was charged is what the service charged.
      expect(b.sandbox.ledger.spent(b.key)).toBe(1_000 * b.sandbox.config.prices.email_batch);

      // One download, stopped early; no fresh link asked for it.
      expect(big.served).toHaveLength(1);
      expect(big.served[0]?.finished).toBe(false);
      const folder = join(b.dataDir, 'jobs', job.id);
      expect((await readdir(folder)).filter((f) => f.startsWith('result-'))).toEqual([]);
    } finally {
      await jobs.stop();
      await service.stop();
      await files.stop();
    }
  });
});
