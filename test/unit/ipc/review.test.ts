// Reopening a draft's review (Jobs → Review and start) answers from what the
// import kept: the file is not read again, and a started job has no review.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import type { ImportView } from '../../../electron/ipc/contract';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function draft() {
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-review-'));
  dirs.push(dir);
  const core = await createCore({ dataDir: dir, keyStore: createMemoryKeyStore(null) });
  cores.push(core);
  await core.registry.invoke('demo:start', undefined);
  const list = join(dir, 'contacts.csv');
  await writeFile(list, 'name,email\nAnn,ann@example.com\nBo,deliverable+2@provider1.test\n');
  const { token } = await core.files.grant(list);
  const imported = await core.registry.invoke('list:import', { token });
  return { core, dir, view: (imported as { value: ImportView }).value };
}

describe('list:review', () => {
  it('answers the draft’s review as the import left it, without reading the file again', async () => {
    const { core, dir, view } = await draft();
    // The job's own copy of the list is gone: only a re-read would notice.
    const jobDir = join(dir, 'demo', 'jobs', view.job.id);
    for (const name of await readdir(jobDir)) {
      if (name.startsWith('input')) await rm(join(jobDir, name));
    }
    const again = await core.registry.invoke('list:review', { jobId: view.job.id });
    expect(again).toEqual({ ok: true, value: view });
  });

  it('is only for a job that has not started', async () => {
    const { core, view } = await draft();
    await core.registry.invoke('job:start', { jobId: view.job.id, product: 'email' });
    await (await core.workspace.jobs()).finished(view.job.id);
    expect(await core.registry.invoke('list:review', { jobId: view.job.id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('already started') },
    });
  });
});
