// A job's files on Windows: job.json saved, read back, listed and removed by
// the job store (a save waits out another reader of job.json instead of
// failing), the outcome log appended, synced, read back, and mended after a
// line torn by a crash, and the send list written whole.
import assert from 'node:assert/strict';
import { open, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { formatRecords, loadOutcomes, openOutcomeLog } from '../../electron/jobs/storage/outcomes';
import type { JobRecord } from '../../electron/jobs/storage/record';
import { readSendList, writeSendList } from '../../electron/jobs/run/send-list';
import { openJobStore } from '../../electron/jobs/storage/store';
import { runsOnWindows, tempDir } from './support';

runsOnWindows();

const record = (id: string, createdAt: string): JobRecord => ({
  version: 1,
  id,
  createdAt,
  updatedAt: createdAt,
  startedAt: null,
  repeatOf: null,
  source: null,
  remindedAt: null,
  wait: null,
  sentAgainAfterLoss: 0,
  stoppedMidCheck: { addresses: 0, stops: 0, run: null, busyUntil: null },
  askAgain: null,
  finishedAt: null,
  fileName: 'contacts.csv',
  sourcePath: 'C:\\Users\\Ann\\Documents\\contacts.csv',
  product: null,
  state: 'draft',
  column: null,
  unique: 3,
  plan: null,
  unitPriceMicros: null,
  charge: null,
  failure: null,
  resumes: 0,
  choices: null,
  limitMicros: null,
  hold: null,
  sample: null,
});

describe('the job store', () => {
  it('saves, loads, lists newest first and removes jobs, leaving no temporary file', async () => {
    const store = openJobStore(await tempDir());
    await store.create('job-a');
    await store.create('job-b');
    await store.save(record('job-a', '2025-01-01T00:00:00.000Z'));
    await store.save(record('job-b', '2025-01-02T00:00:00.000Z'));
    await store.save({ ...record('job-a', '2025-01-01T00:00:00.000Z'), state: 'queued' });
    assert.equal((await store.load('job-a')).state, 'queued');
    assert.equal((await store.load('job-a')).sourcePath, 'C:\\Users\\Ann\\Documents\\contacts.csv');
    assert.deepEqual(
      (await store.all()).map((r) => r.id),
      ['job-b', 'job-a'],
    );
    assert.deepEqual(await readdir(store.paths('job-a').dir), ['job.json']);
    await store.remove('job-b');
    assert.deepEqual(
      (await store.all()).map((r) => r.id),
      ['job-a'],
    );
  });

  it('saves job.json while another handle reads it, once that handle lets go', async () => {
    const store = openJobStore(await tempDir());
    await store.create('job-a');
    await store.save(record('job-a', '2025-01-01T00:00:00.000Z'));
    const reader = await open(store.paths('job-a').record, 'r');
    const released = new Promise((resolve) => setTimeout(resolve, 300)).then(() => reader.close());
    await store.save({ ...record('job-a', '2025-01-01T00:00:00.000Z'), state: 'checking' });
    await released;
    assert.equal((await store.load('job-a')).state, 'checking');
    assert.deepEqual(await readdir(store.paths('job-a').dir), ['job.json']);
  });
});

describe('the outcome log', () => {
  it('reads back what was appended', async () => {
    const path = join(await tempDir(), 'outcomes.log');
    const log = await openOutcomeLog(path);
    await log.append([
      { index: 0, status: 'deliverable', provider: 'provider_code_1' },
      { index: 1, status: 'undeliverable' },
    ]);
    await log.append([{ index: 2, status: 'unknown' }]);
    await log.close();
    const table = await loadOutcomes(path, 3);
    assert.deepEqual(table.counts(), {
      deliverable: 1,
      undeliverable: 1,
      unknown: 1,
      disposable: 0,
      role: 0,
      notCovered: 0,
      suppressed: 0,
      blocked: 0,
      done: 3,
      paid: 2,
      reused: 0,
      reusedFromVendors: 0,
      noMail: 0,
    });
    assert.deepEqual(table.get(0), {
      status: 'deliverable',
      provider: 'provider_code_1',
      avatar: null,
      avatarUrl: null,
      origin: 'paid',
      checkedAt: null,
    });
  });

  it('ignores a torn last line, and appends after it on a line of its own', async () => {
    const path = join(await tempDir(), 'outcomes.log');
    const whole = formatRecords([{ index: 0, status: 'deliverable' }]);
    const torn = formatRecords([{ index: 1, status: 'undeliverable' }]).slice(0, 3);
    await writeFile(path, whole + torn);
    assert.equal((await loadOutcomes(path, 3)).counts().done, 1);
    const log = await openOutcomeLog(path);
    await log.append([
      { index: 1, status: 'undeliverable' },
      { index: 2, status: 'deliverable' },
    ]);
    await log.close();
    const table = await loadOutcomes(path, 3);
    assert.deepEqual(table.counts(), {
      deliverable: 2,
      undeliverable: 1,
      unknown: 0,
      disposable: 0,
      role: 0,
      notCovered: 0,
      suppressed: 0,
      blocked: 0,
      done: 3,
      paid: 3,
      reused: 0,
      reusedFromVendors: 0,
      noMail: 0,
    });
  });

  it('keeps the send list whole, and reads back outcomes not paid for here', async () => {
    const dir = await tempDir();
    const list = Uint32Array.from([0, 2, 5, 6, 7]);
    await writeSendList(join(dir, 'send.bin'), list);
    assert.deepEqual(await readSendList(join(dir, 'send.bin'), 5), list);
    await assert.rejects(readSendList(join(dir, 'send.bin'), 4));
    const path = join(dir, 'outcomes.log');
    const log = await openOutcomeLog(path);
    await log.append([
      { index: 1, status: 'deliverable', origin: 'reused', checkedAt: 1_790_000_000 },
      { index: 3, status: 'disposable', origin: 'local' },
    ]);
    await log.close();
    const table = await loadOutcomes(path, 8);
    assert.equal(table.get(1)?.checkedAt, 1_790_000_000);
    assert.equal(table.get(3)?.status, 'disposable');
  });
});
