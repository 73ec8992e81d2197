// "Check again" through the handler table, the way the window calls it: the
// file of a finished job is read again from where the user gave it, into a new
// draft for the review; a file moved away, or a pasted list, is said so, and
// nothing is read, made or charged.
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core';
import type { Balance, ImportView, JobView } from '../../../../electron/ipc/contract';
import { createMemoryKeyStore } from '../../../../electron/secrets/key-store';

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function demoCore() {
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-again-'));
  dirs.push(dir);
  const core = await createCore({ dataDir: dir, keyStore: createMemoryKeyStore(null) });
  cores.push(core);
  await core.registry.invoke('demo:start', undefined);
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await core.registry.invoke(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  return { core, dir, call };
}

type Demo = Awaited<ReturnType<typeof demoCore>>;

/** A list dropped (granted), imported, started and run to done. */
async function finished({ core, call }: Demo, path: string, column?: number): Promise<JobView> {
  const { token } = await core.files.grant(path);
  let view = await call<ImportView>('list:import', { token });
  if (column !== undefined) {
    view = await call<ImportView>('list:column', { jobId: view.job.id, column });
  }
  await call('job:start', { jobId: view.job.id, product: 'email' });
  return (await core.workspace.jobs()).finished(view.job.id);
}

const LIST = [
  'name,email,notes',
  'Ann,deliverable+1@provider1.test,x',
  'Bo,deliverable+2@provider1.test,x',
  'Cy,undeliverable+3@provider1.test,x',
].join('\n');

describe('job:again', () => {
  it('reads the finished job’s file again, as it is now, into a new draft to review', async () => {
    const demo = await demoCore();
    const path = join(demo.dir, 'customers.csv');
    await writeFile(path, `${LIST}\n`);
    const first = await finished(demo, path);
    expect(first.state).toBe('done');
    const balance = await demo.call<Balance>('balance:get');

    // The list grew since it was checked: the new draft is the file of today.
    await writeFile(path, `${LIST}\nDi,deliverable+4@provider1.test,x\n`);
    const view = await demo.call<ImportView>('job:again', { jobId: first.id });

    expect(view.job.id).not.toBe(first.id);
    expect(view.job).toMatchObject({ state: 'draft', fileName: 'customers.csv', unique: 4 });
    expect(view.job.sourcePath).toBe(path);
    expect(view.column.name).toBe('email');
    const jobs = await demo.call<JobView[]>('job:list');
    expect(jobs.map((j) => [j.id, j.state]).sort()).toEqual(
      [
        [first.id, 'done'],
        [view.job.id, 'draft'],
      ].sort(),
    );
    // Reading is free: the review comes before anything is paid for.
    expect((await demo.call<Balance>('balance:get')).balanceMicros).toBe(balance.balanceMicros);
  });

  it('keeps the address column the user chose, by its name, while the file still has it', async () => {
    const demo = await demoCore();
    const path = join(demo.dir, 'two-columns.csv');
    const rows = (header: string) =>
      [
        header,
        'deliverable+1@provider1.test,deliverable+11@provider1.test',
        'deliverable+2@provider1.test,deliverable+12@provider1.test',
      ].join('\n');
    await writeFile(path, `${rows('email,work_email')}\n`);
    const first = await finished(demo, path, 1);

    // A column was added in front: the same name is read, not the same place.
    await writeFile(
      path,
      `${[
        'id,email,work_email',
        '1,deliverable+1@provider1.test,deliverable+11@provider1.test',
        '2,deliverable+2@provider1.test,deliverable+12@provider1.test',
      ].join('\n')}\n`,
    );
    const again = await demo.call<ImportView>('job:again', { jobId: first.id });
    expect(again.column).toMatchObject({ name: 'work_email', index: 2 });

    // That column is gone now: the file is read as a new drop would be.
    await writeFile(path, `${rows('email,phone_or_mail')}\n`);
    const later = await demo.call<ImportView>('job:again', { jobId: first.id });
    expect(later.column.name).toBe('email');
  });

  it('says a file moved or deleted since, and makes no job and charges nothing', async () => {
    const demo = await demoCore();
    const path = join(demo.dir, 'april.csv');
    await writeFile(path, `${LIST}\n`);
    const first = await finished(demo, path);
    const balance = await demo.call<Balance>('balance:get');
    await rename(path, join(demo.dir, 'april-old.csv'));

    const result = await demo.core.registry.invoke('job:again', { jobId: first.id });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'bad_file',
        message: expect.stringMatching(
          /^april\.csv was moved or deleted .*: drop it on the window again\.$/,
        ),
      },
    });
    expect((await demo.call<JobView[]>('job:list')).map((j) => j.id)).toEqual([first.id]);
    expect((await demo.call<Balance>('balance:get')).balanceMicros).toBe(balance.balanceMicros);
  });

  it('has no file to read for a pasted list, and no review to redo for a draft', async () => {
    const demo = await demoCore();
    const pasted = await demo.call<ImportView>('list:paste', {
      text: 'deliverable+1@provider1.test\ndeliverable+2@provider1.test\n',
    });
    expect(await demo.core.registry.invoke('job:again', { jobId: pasted.job.id })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringContaining('review it and check it'),
      },
    });
    await demo.call('job:start', { jobId: pasted.job.id, product: 'email' });
    await (await demo.core.workspace.jobs()).finished(pasted.job.id);
    expect(await demo.core.registry.invoke('job:again', { jobId: pasted.job.id })).toMatchObject({
      ok: false,
      error: {
        code: 'bad_file',
        message: expect.stringContaining('paste the addresses again.'),
      },
    });
  });

  it('refuses a job id that is no job’s before touching any file', async () => {
    const demo = await demoCore();
    expect(await demo.core.registry.invoke('job:again', { jobId: '../../etc' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    const missing = await demo.core.registry.invoke('job:again', { jobId: '20260101-abcdef' });
    expect(missing.ok).toBe(false);
  });
});
