// A bulk task's address file: written whole (atomically) and its SHA-256 kept
// in job.json before the submit. A resend under the same Idempotency-Key
// (the first answer was lost) first checks the file against that hash: a file
// missing or damaged is written again from the address book; addresses that
// would differ from the ones sent are refused, since the service would answer
// with the task it made for the first file.
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  API,
  addresses,
  expectComplete,
  readRecord,
  requestsTo,
  reserved,
  setup,
  writeList,
  type Bench,
} from '../support';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const list = addresses(1_000, (i) => `user${i}@example.com`);

/**
 * A bulk job whose submit reached the service every time, but whose answers
 * were all lost: waited out, and paused once its (short) patience ran out.
 */
async function answerLost(b: Bench) {
  b.sandbox.faults.resetConnection('after', 100, API.submit);
  const jobs = await b.jobs({
    patienceMs: 300,
    waitPolicy: { baseMs: 40, capMs: 100, fundsEveryMs: 50, ordersEveryMs: 50 },
  });
  const { job } = await jobs.importFile(await writeList(b, 'list.csv', list));
  await jobs.start(job.id, 'email');
  const paused = await jobs.finished(job.id);
  expect(paused.hold?.reason).toBe('patience');
  b.sandbox.faults.clear();
  const task = (await readRecord(b.dataDir, job.id)).plan?.bulk[0];
  expect(task).toMatchObject({ status: 'submitting', taskId: null });
  expect(b.sandbox.tasks(b.key)).toHaveLength(1);
  const file = join(b.dataDir, 'jobs', job.id, 'task-1.txt');
  return { jobs, id: job.id, task, file, sent: requestsTo(b, API.submit).length };
}

describe('a task file', () => {
  it('is recorded by its SHA-256 before it is sent', async () => {
    const b = await setup();
    const jobs = await b.jobs();
    const { job } = await jobs.importFile(await writeList(b, 'list.csv', list));
    await jobs.start(job.id, 'email');
    expectComplete(await jobs.finished(job.id));
    const file = await readFile(join(b.dataDir, 'jobs', job.id, 'task-1.txt'));
    expect(file.toString('utf8')).toBe(`${list.join('\n')}\n`);
    const task = (await readRecord(b.dataDir, job.id)).plan?.bulk[0];
    expect(task?.sha256).toBe(sha256(file));
    // Written whole: no temporary file is left beside it.
    const files = await readdir(join(b.dataDir, 'jobs', job.id));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('missing before a resend is written again, and the service returns the task it made', async () => {
    const b = await setup();
    const { jobs, id, task, file, sent } = await answerLost(b);
    await rm(file);
    await jobs.resume(id);
    expectComplete(await jobs.finished(id));
    expect(sha256(await readFile(file))).toBe(task?.sha256);
    expect(requestsTo(b, API.submit)).toHaveLength(sent + 1);
    expect(b.sandbox.tasks(b.key)).toHaveLength(1);
    expect(reserved(b, 'email_batch').count).toBe(1);
  });

  it('damaged before a resend is written again from the address book', async () => {
    const b = await setup();
    const { jobs, id, task, file } = await answerLost(b);
    await writeFile(file, 'someone@else.example\n');
    await jobs.resume(id);
    expectComplete(await jobs.finished(id));
    expect(sha256(await readFile(file))).toBe(task?.sha256);
    expect(b.sandbox.tasks(b.key)).toHaveLength(1);
  });

  it('that would send other addresses than the first time is refused, and nothing is sent', async () => {
    const b = await setup({ checkLedger: false });
    const { jobs, id, file, sent } = await answerLost(b);
    // What was sent is no longer what the job's files give (as if its address file changed).
    const path = join(b.dataDir, 'jobs', id, 'job.json');
    const record = JSON.parse(await readFile(path, 'utf8')) as {
      plan: { bulk: { sha256: string }[] };
    };
    (record.plan.bulk[0] as { sha256: string }).sha256 = sha256(Buffer.from('other'));
    await writeFile(path, JSON.stringify(record));
    await writeFile(file, 'someone@else.example\n');

    await jobs.resume(id);
    const refused = await jobs.finished(id);
    expect(refused.state).toBe('failed');
    expect(refused.failure?.code).toBe('task_file_changed');
    expect(refused.failure?.charged).toBe('unknown');
    expect(refused.failure?.message).toMatch(
      /^Bulk task 1 of this job was sent before, but the addresses List Cleaner would send again now differ from the ones sent then .* so nothing was sent again\./,
    );
    expect(requestsTo(b, API.submit)).toHaveLength(sent);
  });
});
