// The sample's multi check is a synchronous check like a run's: journaled
// before it is sent, marked after. A sample killed while it is out leaves an
// open entry, and the job counts its addresses in what may have been charged
// twice when it is started (or sampled again), against the sandbox over real
// HTTP.
import { describe, expect, it } from 'vitest';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readJournal, startJournal } from '../../../../electron/jobs/storage/requests-journal';
import { systemDisk } from '../../../../electron/jobs/storage/disk';
import { API, addresses, requestsTo, setup, waitFor, writeList } from '../support';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the sample check and the request journal', () => {
  it('is on disk, open, while the check is at the service, and gone once it is answered', async () => {
    // A draft's sample is not a job's charge yet: the ledger is read here instead.
    const b = await setup({ config: { slowAddressMs: 1_500 }, checkLedger: false });
    const jobs = await b.jobs();
    const list = ['slow+1@gmail.com', ...addresses(39, (i) => `deliverable+${i}@gmail.com`)];
    const { job } = await jobs.importFile(await writeList(b, 'list.csv', list));
    const journal = join(await jobs.folder(job.id), 'requests.journal');
    const sampling = jobs.sample(job.id, 'email');
    await waitFor('the sample at the service', () => requestsTo(b, API.multi).length > 0);
    // A kill now would leave exactly this: one multi of every sampled address, open.
    expect((await readJournal(journal))?.open).toEqual([
      { kind: 'multi', sentAt: expect.any(Number) as unknown, positions: range(40) },
    ]);
    const sampled = await sampling;
    expect(sampled.size).toBe(40);
    await expect(stat(journal)).rejects.toThrow();
    expect((await jobs.get(job.id)).mayBeChargedTwice.addresses).toBe(0);
    expect(b.sandbox.ledger.spent(b.key)).toBe(40 * b.sandbox.config.prices.email);
  });

  it('a sample killed while out is counted once the draft is started, and checked again', async () => {
    const b = await setup();
    const jobs = await b.jobs();
    const { job } = await jobs.importFile(
      await writeList(
        b,
        'list.csv',
        addresses(30, (i) => `deliverable+${i}@gmail.com`),
      ),
    );
    // What a process killed during its sample leaves: the entry synced, never closed.
    const left = startJournal(join(await jobs.folder(job.id), 'requests.journal'), systemDisk);
    await left.open('multi', range(30));
    await jobs.start(job.id, 'email');
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    expect(done.mayBeChargedTwice).toMatchObject({
      addresses: 30,
      inFlightAtStop: 30,
      stops: 1,
      upToMicros: 30 * b.sandbox.config.prices.email,
    });
    // Counted once: a later look (or run) finds nothing more.
    expect((await jobs.get(job.id)).mayBeChargedTwice.addresses).toBe(30);
  });
});
