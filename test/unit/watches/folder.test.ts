// A hot folder over the sandbox: a complete list file is cleaned into the
// output folder and moved to done/; a file still being written is left for
// the next pass; a file that cannot be read goes to failed/ with a .txt
// saying why; the same content dropped again under another name is not
// checked (or paid for) again; a pass stopped mid-file carries its job on.
import { copyFile, mkdir, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scheduleFrom } from '../../../electron/common/schedules/watch-schedule';
import { openConnectors } from '../../../electron/connectors/connectors';
import type { Watch } from '../../../electron/watches/model';
import { isWatchDue, runWatch, type RunDeps } from '../../../electron/watches/run';
import { newWatchId, saveWatch, watchDir } from '../../../electron/watches/store';
import { setup, type Bench } from '../jobs/support';

const list = (from: number, n: number) =>
  `email,name\n${Array.from({ length: n }, (_, i) => `deliverable+f${from + i}@example.com,Reader ${i}`).join('\n')}\n`;

/** A file finished a minute ago: past the time a writer may still be at it. */
async function dropped(path: string, text: string | Buffer) {
  await writeFile(path, text);
  const past = new Date(Date.now() - 60_000);
  await utimes(path, past, past);
}

async function folderWatch(bench: Bench) {
  const folder = join(bench.dir, 'Drop here');
  const out = join(bench.dir, 'Cleaned lists');
  await mkdir(folder, { recursive: true });
  await mkdir(out, { recursive: true });
  const now = Date.now();
  const watch: Watch = {
    id: newWatchId(),
    name: 'Drop here',
    source: { kind: 'folder', folder, out },
    product: 'email',
    schedule: scheduleFrom({ count: 1, unit: 'days' }, null, now),
    recheckDays: 30,
    retire: null,
    cap: { kind: 'none' },
    state: 'active',
    lastSlotDone: null,
    retryAt: null,
    createdAt: new Date(now).toISOString(),
  };
  await saveWatch(bench.dataDir, watch);
  const jobs = await bench.jobs({ mailDomains: false });
  const deps: RunDeps = {
    dataDir: bench.dataDir,
    jobs,
    connectors: openConnectors({
      dataDir: bench.dataDir,
      jobs,
      keys: () => Promise.reject(new Error('no keys')),
    }),
    accountLimitMicros: null,
    by: 'a test',
  };
  return { watch, folder, out, deps, jobs };
}

async function pass(deps: RunDeps, id: string) {
  const result = await runWatch(deps, id, { trigger: 'schedule' });
  if (!result.ran) throw new Error('the pass did not run');
  return result.run;
}

describe('a hot folder', () => {
  it('cleans each complete file once, leaves one being written, and sets a bad one aside', async () => {
    const bench = await setup();
    const { watch, folder, out, deps } = await folderWatch(bench);
    expect(await isWatchDue(watch, Date.now())).toBe(false);

    await dropped(join(folder, 'a.csv'), list(0, 30));
    await dropped(join(folder, 'b copy.csv'), list(0, 30));
    await dropped(join(folder, 'bad.xlsx'), Buffer.from('not a workbook at all'));
    await writeFile(join(folder, 'still writing.csv'), list(100, 10));
    await writeFile(join(folder, 'notes.pdf'), 'not a list');
    expect(await isWatchDue(watch, Date.now())).toBe(true);

    const first = await pass(deps, watch.id);
    expect(first.outcome).toBe('done');
    expect(first.files).toEqual({ cleaned: 1, failed: 1, already: 1 });
    expect(first.counts.paid).toBe(30);
    const cleaned = await readFile(join(out, 'a (cleaned).csv'), 'utf8');
    expect(cleaned.split(/\r?\n/)[0]).toBe('email,name,email_status');
    expect(cleaned).toContain('deliverable+f0@example.com,Reader 0,deliverable');
    expect((await readdir(join(folder, 'done'))).sort()).toEqual(['a.csv', 'b copy.csv']);
    expect((await readdir(join(folder, 'failed'))).sort()).toEqual(['bad.xlsx', 'bad.xlsx.txt']);
    expect((await readFile(join(folder, 'failed', 'bad.xlsx.txt'), 'utf8')).trim()).not.toBe('');
    expect((await readdir(folder)).sort()).toEqual([
      'done',
      'failed',
      'notes.pdf',
      'still writing.csv',
    ]);
    const spent = bench.sandbox.ledger.spent(bench.key);

    // Finished now; and the first list dropped once more: taken once, paid nothing again.
    const past = new Date(Date.now() - 60_000);
    await utimes(join(folder, 'still writing.csv'), past, past);
    await copyFile(join(folder, 'done', 'a.csv'), join(folder, 'a.csv'));
    await utimes(join(folder, 'a.csv'), past, past);
    const second = await pass(deps, watch.id);
    expect(second.files).toEqual({ cleaned: 1, failed: 0, already: 1 });
    expect(second.counts.paid).toBe(10);
    expect((await readdir(out)).sort()).toEqual(['a (cleaned).csv', 'still writing (cleaned).csv']);
    expect((await readdir(join(folder, 'done'))).sort()).toEqual([
      'a (2).csv',
      'a.csv',
      'b copy.csv',
      'still writing.csv',
    ]);
    expect(bench.sandbox.ledger.spent(bench.key)).toBeGreaterThan(spent);
    expect(await isWatchDue(watch, Date.now())).toBe(false);
  }, 60_000);

  it('carries on the job of a pass stopped mid-file instead of paying again', async () => {
    const bench = await setup();
    const { watch, folder, out, deps, jobs } = await folderWatch(bench);
    await dropped(join(folder, 'list.csv'), list(0, 20));
    // The pass that stopped: it had claimed the file with its job, started, and died.
    const { job } = await jobs.importFile(join(folder, 'list.csv'));
    await jobs.start(job.id, 'email', { reuseDays: 30 });
    await jobs.finished(job.id);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(await readFile(join(folder, 'list.csv')))
      .digest('hex');
    await writeFile(
      join(watchDir(bench.dataDir, watch.id), 'seen.json'),
      JSON.stringify({
        version: 1,
        files: { [hash]: { name: 'list.csv', state: 'claimed', jobId: job.id, output: null } },
      }),
    );
    const spent = bench.sandbox.ledger.spent(bench.key);
    const run = await pass(deps, watch.id);
    expect(run.files).toEqual({ cleaned: 1, failed: 0, already: 0 });
    expect(bench.sandbox.ledger.spent(bench.key)).toBe(spent);
    expect((await jobs.list()).length).toBe(1);
    expect(await readdir(out)).toEqual(['list (cleaned).csv']);
  }, 60_000);
});
