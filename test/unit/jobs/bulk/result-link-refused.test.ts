// A bulk task whose result link points into the local network: the job stops
// saying so (nothing was charged for the download, the task is kept), does
// not ask for fresh links in a loop, and Try again downloads the results once
// the service hands out a link on the internet, without charging again.
import { describe, expect, it } from 'vitest';
import { openJobs } from '../../../../electron/jobs/jobs';
import { createServiceClient } from '../../../../electron/service/client';
import { createLimiter } from '../../../../electron/service/limiter';
import { listenOn } from '../../service/support';
import { relinking } from './relink';
import {
  API,
  addresses,
  downloads,
  expectComplete,
  requestsTo,
  reserved,
  setup,
  writeList,
} from '../support';

describe('a result link into the local network', () => {
  it('fails the job with the reason, keeps the task, and Try again downloads it', async () => {
    const b = await setup();
    // 10.0.0.5 written inside IPv6: no text rule knows it, the address table does.
    let link: string | null = 'https://[::ffff:10.0.0.5]/results/r.csv';
    let handedOut = 0;
    const service = await listenOn(
      '127.0.0.1',
      relinking(b.sandbox.url, () => {
        if (link !== null) handedOut += 1;
        return link;
      }),
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
      const failed = await jobs.finished(job.id);

      expect(failed.state).toBe('failed');
      expect(failed.failure?.code).toBe('link_refused');
      expect(failed.failure?.charged).toBe('no');
      expect(failed.failure?.message).toMatch(
        new RegExp(
          `^The result link from ${new URL(service.url).host} points at \\[::ffff:a00:5\\]: an address on a private network`,
        ),
      );
      expect(failed.failure?.message).toContain('Nothing was charged for the download.');
      expect(failed.failure?.message).toContain('the job keeps the task');
      // Its own words say what to do; not the usual "carries on from there".
      expect(failed.failure?.message).not.toContain('carries on from there');
      expect(failed.tasks.map((t) => t.status)).toEqual(['success']);
      // One link handed out and refused; no fresh ones asked for, nothing downloaded.
      expect(handedOut).toBe(1);
      expect(downloads(b)).toHaveLength(0);

      link = null;
      await jobs.resume(job.id);
      expectComplete(await jobs.finished(job.id));
      expect(downloads(b)).toHaveLength(1);
      expect(requestsTo(b, API.submit)).toHaveLength(1);
      expect(reserved(b, 'email_batch').count).toBe(1);
    } finally {
      await jobs.stop();
      await service.stop();
    }
  });
});
