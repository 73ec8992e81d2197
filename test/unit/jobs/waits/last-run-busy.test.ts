// After a kill, the dead run's check may still be running at the service,
// holding the account's multi slot: the next run's first multi check is
// refused with 42901. That refusal is expected (the interface's limits: a
// multi runs up to 300 s), so the job waits it out without counting it
// toward its patience: it neither pauses for the user nor fails. Here the
// dead run is the real `list-cleaner` SIGKILLed while its multi check (one
// slow address) is at the sandbox, over real HTTP; the run that carries the
// job on is the core in this process, with a patience of 1 ms and a client
// that hands every 42901 to the job at once, so only the expected wait can
// let it finish.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../electron/ipc/contract';
import type { WaitPolicy } from '../../../../electron/jobs/waits/refusals';
import {
  API,
  addresses,
  readRecord,
  requestsTo,
  setup,
  startCli,
  waitFor,
  writeList,
} from '../support';

const FAST: WaitPolicy = { baseMs: 40, capMs: 200, fundsEveryMs: 50, ordersEveryMs: 50 };

describe("a 42901 caused by the killed run's own check, still at the service", () => {
  it('is waited out as expected: not counted toward the patience, the job finishes', async () => {
    const b = await setup({
      config: { slowAddressMs: 6_000 },
      // The dead run's check is charged too: the ledger is read below, not against the outcomes.
      checkLedger: false,
      retry: { maxRetryAfterTotalMs: 0 },
    });
    // The first multi check holds a slow address: it is still at the sandbox when the kill comes.
    const list = ['slow+1@gmail.com', ...addresses(149, (i) => `deliverable+${i}@gmail.com`)];
    const file = await writeList(b, 'list.csv', list);
    const dead = startCli(['clean', file], b.env());
    const multis = () => requestsTo(b, API.multi);
    await waitFor('the multi check at the service', () => multis().length > 0, 60_000);
    dead.child.kill('SIGKILL');
    await dead.exited;

    const seen: JobView[] = [];
    const jobs = await b.jobs({ patienceMs: 1, waitPolicy: FAST, onChange: (v) => seen.push(v) });
    const [resumed] = await jobs.resume();
    if (!resumed) throw new Error('nothing resumed');
    const job = await jobs.finished(resumed.id);

    // The sandbox did refuse the resumed run while the dead one's check ran.
    expect(multis().some((r) => r.code === 42901)).toBe(true);
    expect(job.state).toBe('done');
    expect(job.hold).toBeNull();
    expect(job.failure).toBeNull();
    // Every wait it showed was the expected one, said as such.
    const waits = seen.flatMap((v) => (v.wait ? [v.wait] : []));
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) {
      expect(wait).toMatchObject({ reason: 'busy', expected: true });
      expect(wait.words).toContain('the last run sent');
    }
    // The dead run's check is counted as possibly charged twice, and kept the window open.
    expect(job.mayBeChargedTwice.inFlightAtStop).toBe(100);
    const record = await readRecord(b.dataDir, resumed.id);
    expect(Date.parse(record.stoppedMidCheck.busyUntil ?? '')).toBeGreaterThan(
      (multis()[0]?.at ?? 0) + 300_000,
    );
    // The sandbox finished the dead run's check and charged it: the contract's worst reading.
    const unit = b.sandbox.config.prices.email;
    await waitFor('the dead check charged', () => b.sandbox.ledger.spent(b.key) >= 250 * unit);
    expect(b.sandbox.ledger.spent(b.key)).toBe(250 * unit);
  }, 60_000);

  it('past that window, a 42901 counts toward the patience as before', async () => {
    const b = await setup({ checkLedger: false, retry: { maxRetryAfterTotalMs: 0 } });
    b.sandbox.faults.refuse(42901, 1_000, API.multi);
    const seen: JobView[] = [];
    const jobs = await b.jobs({ patienceMs: 200, waitPolicy: FAST, onChange: (v) => seen.push(v) });
    const { job } = await jobs.importFile(
      await writeList(
        b,
        'list.csv',
        addresses(150, (i) => `deliverable+${i}@gmail.com`),
      ),
    );
    await jobs.start(job.id, 'email');
    await waitFor('the job paused', () => seen.some((v) => v.hold?.reason === 'patience'));
    const waits = seen.flatMap((v) => (v.wait ? [v.wait] : []));
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) expect(wait.expected).toBe(false);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });
});
