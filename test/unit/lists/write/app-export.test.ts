// The app's Export, through the handler table: the Save dialog suggests the
// default name for the rows kept, beside the user's list, and a destination
// that is the user's own list (not only the job's copy of it) is refused with
// the reason, the list untouched.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core';
import type { ImportView } from '../../../../electron/ipc/contract';
import { createMemoryKeyStore } from '../../../../electron/secrets/key-store';

const LIST = 'email\ndeliverable+1@provider1.test\nundeliverable+2@provider1.test\n';

let dir: string;
let list: string;
const cores: Core[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-app-export-'));
  list = join(dir, 'contacts.csv');
  await writeFile(list, LIST);
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A finished demo job of the list, and a Save dialog that answers `chosen`. */
async function finishedJob(chosen: (suggested: string) => string) {
  const suggestions: string[] = [];
  const dataDir = await mkdtemp(join(dir, 'data-'));
  const core = await createCore({
    dataDir,
    keyStore: createMemoryKeyStore(null),
    shell: {
      chooseOpenPath: async () => null,
      chooseSavePath: async (suggested) => {
        suggestions.push(suggested);
        return chosen(suggested);
      },
      showInFolder: () => undefined,
    },
  });
  cores.push(core);
  await core.registry.invoke('demo:start', undefined);
  const { token } = await core.files.grant(list);
  const imported = await core.registry.invoke('list:import', { token });
  const jobId = (imported as { value: ImportView }).value.job.id;
  await core.registry.invoke('job:start', { jobId, product: 'email' });
  await (await core.workspace.jobs()).finished(jobId);
  return { core, jobId, suggestions };
}

describe('job:export', () => {
  it('suggests <name>.<rows kept>.csv beside the list, and saves there', async () => {
    const { core, jobId, suggestions } = await finishedJob((suggested) => suggested);
    const saved = await core.registry.invoke('job:export', {
      jobId,
      filter: 'deliverable',
      columns: ['email_status'],
      bom: false,
      format: 'csv',
    });
    expect(saved).toMatchObject({
      ok: true,
      value: { path: join(dir, 'contacts.deliverable.csv') },
    });
    expect(suggestions).toEqual([join(dir, 'contacts.deliverable.csv')]);
  });

  it('refuses to save over the user’s own list', async () => {
    const { core, jobId } = await finishedJob(() => list);
    const answer = await core.registry.invoke('job:export', {
      jobId,
      filter: 'all',
      columns: ['email_status'],
      bom: false,
      format: 'csv',
    });
    expect(answer).toEqual({
      ok: false,
      error: {
        code: 'bad_file',
        message:
          'The cleaned list cannot replace contacts.csv: your original file is never changed. Choose another name. Your results are kept.',
      },
    });
    expect(await readFile(list, 'utf8')).toBe(LIST);
  });
});
