// A workbook through the app's handler table, against the demo sandbox: the
// review lists its sheets, another sheet is read on request, the job runs,
// and the cleaned list comes back as a workbook (read again here as the app
// reads any workbook) and as one file per status group. Pasted text becomes
// a list of its own.
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../../electron/core';
import type { ChannelInput, ChannelOutput, ImportView } from '../../../../electron/ipc/contract';
import type { ChannelName } from '../../../../electron/ipc/channels';
import { importList } from '../../../../electron/lists/read/read';
import { createMemoryKeyStore } from '../../../../electron/secrets/key-store';

const WORKBOOK = join(import.meta.dirname, '../../../fixtures/sheets/several-sheets.xlsx');

let dir: string;
const cores: Core[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-app-workbook-'));
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A channel's answer, typed by the contract; a refusal fails the test with its message. */
async function call<C extends ChannelName>(
  core: Core,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const result = await core.registry.invoke(channel, input);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as ChannelOutput<C>;
}

async function demoCore() {
  const dataDir = await mkdtemp(join(dir, 'data-'));
  const saved = join(dataDir, 'saved');
  await mkdir(saved);
  const core = await createCore({
    dataDir,
    keyStore: createMemoryKeyStore(null),
    shell: {
      chooseOpenPath: async () => null,
      chooseSavePath: async (suggested) => join(saved, suggested.split(/[\\/]/).pop() as string),
      chooseFolder: async () => saved,
      showInFolder: () => undefined,
    },
  });
  cores.push(core);
  await call(core, 'demo:start', undefined);
  return { core, saved };
}

/** The rows of a workbook the app wrote, read back as the app reads one. */
async function rowsOf(path: string): Promise<string[][]> {
  const list = await importList(path, { workDir: await mkdtemp(join(dir, 'back-')) });
  const { readFile } = await import('node:fs/promises');
  return (await readFile(list.sourcePath, 'utf8'))
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

describe('a workbook in the app', () => {
  it('reads the default sheet, then April on request, and exports it as a workbook and by status', async () => {
    const { core, saved } = await demoCore();
    const { token } = await core.files.grant(WORKBOOK);
    const review = await call(core, 'list:import', { token });
    expect(review.workbook?.sheet).toBe(2);
    expect(review.sizeBytes).toBe((await stat(WORKBOOK)).size);
    expect(review.workbook?.sheets.find((s) => s.hidden)?.name).toBe('Hidden list');
    const jobId = review.job.id;

    const april: ImportView = await call(core, 'list:sheet', { jobId, sheet: 3 });
    expect(april.workbook?.sheet).toBe(3);
    expect(april.columns).toEqual(['E-mail address', 'Name']);
    expect(april.counts.rows).toBe(30);
    // A sheet without addresses is refused with its reason; the draft keeps April.
    const notes = await core.registry.invoke('list:sheet', { jobId, sheet: 0 });
    expect(notes).toMatchObject({ ok: false, error: { code: 'bad_file' } });

    await call(core, 'job:start', { jobId, product: 'email' });
    await (await core.workspace.jobs()).finished(jobId);
    const summary = await call(core, 'job:summary', { jobId });
    expect(summary.exportFormat).toBe('xlsx');

    const exported = await call(core, 'job:export', {
      jobId,
      filter: 'all',
      columns: ['email_status'],
      bom: false,
      format: 'xlsx',
    });
    expect(exported).toMatchObject({
      path: join(saved, 'several-sheets.cleaned.xlsx'),
      rowsWritten: 30,
      format: 'xlsx',
      sheets: ['April'],
    });
    if (!exported) throw new Error('the Save dialog was answered');
    const rows = await rowsOf(exported.path);
    expect(rows[0]).toEqual(['E-mail address', 'Name', 'email_status']);
    expect(rows).toHaveLength(31);
    const statuses = new Set(rows.slice(1).map((r) => r[2]));
    const outcomes = ['deliverable', 'undeliverable', 'unknown'];
    expect([...statuses].every((s) => outcomes.includes(s ?? ''))).toBe(true);

    const groups = await call(core, 'job:split', {
      jobId,
      columns: ['email_status'],
      bom: false,
      format: 'xlsx',
    });
    if (!groups) throw new Error('the folder dialog was answered');
    expect(groups.folder).toBe(saved);
    const total = groups.files.reduce((n, f) => n + f.rows, 0);
    expect(total).toBe(30);
    expect(groups.empty).toContain('removed');
    for (const file of groups.files) {
      expect(file.path).toBe(join(saved, `several-sheets - ${file.group}.xlsx`));
      const back = await rowsOf(file.path);
      expect(back).toHaveLength(file.rows + 1);
      expect(back.slice(1).every((r) => r[2] === file.group)).toBe(true);
    }
    // Saved again: the files already there are kept, the new ones numbered.
    const again = await call(core, 'job:split', {
      jobId,
      columns: ['email_status'],
      bom: false,
      format: 'csv',
    });
    expect(again?.files.every((f) => f.path.endsWith('.csv'))).toBe(true);
    const names = await readdir(saved);
    expect(names.filter((n) => n.startsWith('several-sheets - '))).toHaveLength(
      groups.files.length * 2,
    );
  });

  it('makes pasted text a list named for the day it was pasted', async () => {
    const { core } = await demoCore();
    const pasted = await call(core, 'list:paste', {
      text: 'ann@example.com\nbob@example.org\nnot an address\nann@example.com\n',
    });
    expect(pasted.job.fileName).toMatch(/^Pasted list, \d{4}-\d\d-\d\d \d\d\.\d\d$/);
    expect(pasted.counts).toMatchObject({ rows: 4, unique: 2, invalid: 1, duplicates: 1 });
    expect(pasted.workbook).toBeNull();
    const nothing = await core.registry.invoke('list:paste', { text: '\n \n' });
    expect(nothing).toMatchObject({ ok: false, error: { code: 'bad_file' } });
  });
});
