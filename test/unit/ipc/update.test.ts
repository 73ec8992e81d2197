// Restart to update, through the handler table: refused until an update is
// ready, and refused while a job runs (its checks are paid for as they go);
// allowed once the jobs are done.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import type { ImportView, UpdateView } from '../../../electron/ipc/contract';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function open(state: UpdateView['state']) {
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-update-'));
  dirs.push(dir);
  let restarts = 0;
  const core = await createCore({
    dataDir: dir,
    keyStore: createMemoryKeyStore(null),
    shell: {
      updates: {
        status: () => ({ state, version: '0.2.0', progress: null, message: null }),
        restart: () => void (restarts += 1),
      },
    },
  });
  cores.push(core);
  return { core, dir, restarts: () => restarts };
}

describe('update:restart', () => {
  it('is refused while no update is ready', async () => {
    const { core, restarts } = await open('downloading');
    expect(await core.registry.invoke('update:restart', undefined)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(restarts()).toBe(0);
  });

  it('is refused while a job runs, and allowed once it is done', async () => {
    const { core, dir, restarts } = await open('ready');
    await core.registry.invoke('demo:start', undefined);
    // The sandbox's "slow" addresses keep a multi check busy for a few seconds.
    const list = join(dir, 'slow.csv');
    await writeFile(list, `email\nslow+1@example.com\nslow+2@example.com\n`);
    const { token } = await core.files.grant(list);
    const imported = await core.registry.invoke('list:import', { token });
    const jobId = (imported as { value: ImportView }).value.job.id;
    await core.registry.invoke('job:start', { jobId, product: 'email' });

    expect(await core.registry.invoke('update:restart', undefined)).toMatchObject({
      ok: false,
      error: { code: 'job_running', message: expect.stringContaining('once your jobs are done') },
    });
    expect(restarts()).toBe(0);

    await (await core.workspace.jobs()).finished(jobId);
    expect(await core.registry.invoke('update:restart', undefined)).toEqual({
      ok: true,
      value: { restarting: true },
    });
    expect(restarts()).toBe(1);
  });

  it('says updates are off where no shell checks them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-update-'));
    dirs.push(dir);
    const core = await createCore({ dataDir: dir, keyStore: createMemoryKeyStore(null) });
    cores.push(core);
    expect(await core.registry.invoke('update:status', undefined)).toMatchObject({
      ok: true,
      value: { state: 'off' },
    });
  });
});
