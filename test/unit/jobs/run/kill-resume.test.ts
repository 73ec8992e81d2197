// The real `list-cleaner` in a child process, killed (SIGKILL) or stopped
// (Ctrl-C) at the worst moments of a synchronous and a bulk job, then resumed
// by a new process: no address charged twice, none lost, and the cleaned file
// written in the end. The sandbox runs in this process, so its request log
// says exactly when to pull the plug.
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  API,
  addresses,
  cli,
  downloads,
  jobsOnDisk,
  readRecord,
  requestsTo,
  reserved,
  setup,
  startCli,
  taskPolls,
  waitFor,
  writeList,
  type Bench,
  type CliRun,
} from '../support';

const user = (i: number) => `user${i}@example.com`;

async function killed(run: CliRun): Promise<void> {
  run.child.kill('SIGKILL');
  const { signal } = await run.exited;
  expect(signal).toBe('SIGKILL');
}

/** The only job in the data folder, as the next process finds it. */
async function theJob(b: Bench) {
  const all = await jobsOnDisk(b.dataDir);
  expect(all).toHaveLength(1);
  const job = all[0];
  if (!job) throw new Error('no job');
  return { job, record: await readRecord(b.dataDir, job.id) };
}

/** `list-cleaner resume` in a new process: it finishes the job and writes the export. */
async function resumeToTheEnd(b: Bench, out: string) {
  const resumed = await cli(['resume'], b.env());
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(resumed.stdout).toMatch(/done: .* \(resumed\)/);
  expect(resumed.stdout).toMatch(/Saved [\d,]+ of [\d,]+ rows to /);
  expect(resumed.stdout).toContain(out);
  const { job, record } = await theJob(b);
  expect(job.state).toBe('done');
  expect(job.checked).toBe(job.unique);
  expect(record.resumes).toBe(1);
  // The cleaned file the interrupted `clean` would have written, every row with its outcome.
  const rows = (await readFile(out, 'utf8')).trim().split('\n');
  expect(rows[0]).toBe('email,name,email_status,email_provider');
  const statuses = rows.slice(1).map((r) => r.split(',')[2]);
  expect(statuses).toHaveLength(job.rows);
  expect(statuses.filter((s) => s === 'deliverable')).toHaveLength(job.deliverable);
  expect(statuses.filter((s) => s === 'undeliverable')).toHaveLength(job.undeliverable);
  expect(statuses.filter((s) => s === 'unknown')).toHaveLength(job.unknown);
  return job;
}

describe('a synchronous job killed mid-way', () => {
  it('resumes with the addresses that have no outcome, none charged twice', async () => {
    const b = await setup({ config: { checkLatencyMs: 40 } });
    const file = await writeList(b, 'list.csv', addresses(999, user));
    const run = startCli(['clean', file], b.env());
    const answered = () => requestsTo(b, API.multi).filter((r) => r.code === 0 && r.endedAt);
    await waitFor('three multi checks answered', () => answered().length >= 3);
    // The multi check in flight is answered (and charged) as usual; the next one meets
    // maintenance, which charges nothing: the process dies with nothing in flight.
    b.sandbox.faults.maintenance(true);
    await waitFor('a multi check refused', () =>
      requestsTo(b, API.multi).some((r) => r.code === 50300),
    );
    await killed(run);

    const { job, record } = await theJob(b);
    expect(record.state).toBe('checking');
    const charged = answered().length;
    expect(job.checked).toBe(charged * 100);
    expect(reserved(b, 'email').addresses).toBe(charged * 100);

    b.sandbox.faults.maintenance(false);
    const done = await resumeToTheEnd(b, join(b.dir, 'list.cleaned.csv'));
    // Every address went out in exactly one charged multi check.
    expect(reserved(b, 'email')).toMatchObject({ count: 10, addresses: 999 });
    expect(done.unique).toBe(999);
  });
});

describe('a bulk job killed mid-way', () => {
  it('killed while the task is processing: the resume polls the same task', async () => {
    const b = await setup({ config: { bulkAddressesPerSecond: 2_000 } });
    const file = await writeList(b, 'list.csv', addresses(3_000, user));
    const run = startCli(['clean', file], b.env());
    await waitFor('the task polled', () => taskPolls(b).some((r) => r.code === 0));
    await killed(run);

    const { record } = await theJob(b);
    const [task] = record.plan?.bulk ?? [];
    expect(task).toMatchObject({ status: 'processing' });
    expect(b.sandbox.tasks(b.key)).toEqual([task?.taskId]);

    await resumeToTheEnd(b, join(b.dir, 'list.cleaned.csv'));
    expect(requestsTo(b, API.submit)).toHaveLength(1);
    expect(reserved(b, 'email_batch').each).toEqual([3_000]);
  });

  it('killed between the submit and its answer: the resend returns the task already made', async () => {
    const b = await setup();
    // The service makes the task, then the connection drops before the answer arrives;
    // the process is killed while it waits to send again.
    b.sandbox.faults.resetConnection('after', 1, API.submit);
    const file = await writeList(b, 'list.csv', addresses(2_000, user));
    const run = startCli(['clean', file], b.env());
    await waitFor('the submit answered with a dropped connection', () =>
      requestsTo(b, API.submit).some((r) => r.endedAt !== null),
    );
    await killed(run);

    const { record } = await theJob(b);
    const [task] = record.plan?.bulk ?? [];
    expect(task).toMatchObject({ status: 'submitting', taskId: null });
    expect(b.sandbox.tasks(b.key)).toHaveLength(1);

    await resumeToTheEnd(b, join(b.dir, 'list.cleaned.csv'));
    expect(requestsTo(b, API.submit)).toHaveLength(2);
    expect(b.sandbox.tasks(b.key)).toHaveLength(1);
    expect(reserved(b, 'email_batch').each).toEqual([2_000]);
    const resumed = await theJob(b);
    expect(resumed.record.plan?.bulk[0]?.taskId).toBe(b.sandbox.tasks(b.key)[0]);
    expect(resumed.record.plan?.bulk[0]?.idempotencyKey).toBe(task?.idempotencyKey);
  });

  it('killed while downloading the result: the resume fetches a fresh link', async () => {
    const b = await setup();
    const file = await writeList(b, 'list.csv', addresses(2_000, user));
    const run = startCli(['clean', file], b.env());
    await waitFor('the submit answered', () => requestsTo(b, API.submit).some((r) => r.code === 0));
    // From here every answer takes a while: the download is caught half-way.
    b.sandbox.faults.slow(600);
    await waitFor('the download started', () => downloads(b).length > 0);
    await killed(run);

    const { record } = await theJob(b);
    expect(record.plan?.bulk[0]?.status).toBe('success');
    b.sandbox.faults.slow(0);

    await resumeToTheEnd(b, join(b.dir, 'list.cleaned.csv'));
    expect(requestsTo(b, API.submit)).toHaveLength(1);
    expect(downloads(b).filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(reserved(b, 'email_batch').count).toBe(1);
  });
});

describe('Ctrl-C', () => {
  it('during a synchronous job: the checks in flight are kept, and the job resumes', async () => {
    const b = await setup({ config: { checkLatencyMs: 80 } });
    const file = await writeList(b, 'list.csv', addresses(999, user));
    const out = join(b.dir, 'list.cleaned.csv');
    const run = startCli(['clean', file], b.env());
    await waitFor(
      'two multi checks answered',
      () =>
        requestsTo(b, API.multi).some((r) => r.code === 0 && r.endedAt !== null) &&
        requestsTo(b, API.multi).length >= 3,
    );
    run.child.kill('SIGINT');
    const { code } = await run.exited;
    expect(code).toBe(130);
    const { job, record } = await theJob(b);
    expect(run.stderr()).toContain(`Carry on later with: list-cleaner resume ${job.id}`);
    expect(record.state).toBe('checking');
    // Every multi check that was sent got its answer kept: nothing paid for is lost.
    expect(requestsTo(b, API.multi).every((r) => r.code === 0)).toBe(true);
    expect(job.checked).toBe(requestsTo(b, API.multi).length * 100);
    expect(job.checked).toBeLessThan(999);
    await expect(access(out)).rejects.toThrow();

    await resumeToTheEnd(b, out);
    expect(reserved(b, 'email')).toMatchObject({ count: 10, addresses: 999 });
  });

  it('while waiting for a bulk task: polling stops, the task id is kept', async () => {
    const b = await setup({ config: { bulkAddressesPerSecond: 1_000 } });
    const file = await writeList(b, 'list.csv', addresses(2_000, user));
    const run = startCli(['clean', file, '--json'], b.env());
    await waitFor('the task polled', () => taskPolls(b).some((r) => r.code === 0));
    run.child.kill('SIGINT');
    const { code } = await run.exited;
    expect(code).toBe(130);
    expect(run.stdout()).toBe('');
    const { record } = await theJob(b);
    expect(record.plan?.bulk[0]).toMatchObject({ status: 'processing' });

    const resumed = await cli(['resume', '--json'], b.env());
    expect(resumed.code, resumed.stderr).toBe(0);
    const view = JSON.parse(resumed.stdout) as { state: string; out: string; unique: number };
    expect(view).toMatchObject({ state: 'done', unique: 2_000 });
    expect(view.out).toBe(join(b.dir, 'list.cleaned.csv'));
    expect(requestsTo(b, API.submit)).toHaveLength(1);
  });
});

describe('resume', () => {
  it('says so when there is nothing to do', async () => {
    const b = await setup();
    const result = await cli(['resume'], b.env());
    expect(result).toMatchObject({ code: 0, stdout: 'No unfinished jobs.\n' });
  });
});
