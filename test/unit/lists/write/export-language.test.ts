// An export is the same file whatever language the window speaks: the
// columns List Cleaner adds, their values (deliverable, role, …), the file
// names and the groups of "Save by status…" stay English, so a file made in
// Moscow maps the same in a mailing tool as one made in Ohio. Only the
// window's words about it are translated.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPENDED_COLUMNS } from '../../../../electron/common/model';
import type { AskedLanguage } from '../../../../electron/common/i18n/languages';
import { createCore, type Core } from '../../../../electron/core';
import type { ExportView, ImportView, StatusExportView } from '../../../../electron/ipc/contract';
import { createMemoryKeyStore } from '../../../../electron/secrets/key-store';

const LIST = [
  'email,name',
  'deliverable+1@provider1.test,Ann',
  'undeliverable+2@provider1.test,Bob',
  'unknown+3@provider1.test,Cleo',
  'info@provider1.test,Dan',
  'not an address,Eve',
  'deliverable+1@provider1.test,Ann again',
  '',
].join('\n');

let dir: string;
const cores: Core[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-export-language-'));
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The list checked in the demo by a window speaking `language`, then saved whole and by status. */
async function exportsIn(language: AskedLanguage) {
  const home = await mkdtemp(join(dir, `${language}-`));
  const list = join(home, 'contacts.csv');
  await writeFile(list, LIST);
  const folder = join(home, 'by-status');
  await mkdir(folder);
  const core = await createCore({
    dataDir: join(home, 'data'),
    keyStore: createMemoryKeyStore(null),
    shell: {
      language: () => language,
      chooseOpenPath: async () => null,
      chooseSavePath: async (suggested) => suggested,
      chooseFolder: async () => folder,
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

  const columns = [...APPENDED_COLUMNS];
  const saved = await core.registry.invoke('job:export', {
    jobId,
    filter: 'all',
    columns,
    bom: false,
    format: 'csv',
  });
  expect(saved).toMatchObject({ ok: true });
  const path = (saved as { value: ExportView }).value.path;
  const whole = await readFile(path, 'utf8');

  const split = await core.registry.invoke('job:split', {
    jobId,
    columns,
    bom: false,
    format: 'csv',
  });
  expect(split).toMatchObject({ ok: true });
  const view = (split as { value: StatusExportView }).value;
  const names = (await readdir(view.folder)).sort();
  const files = await Promise.all(names.map((n) => readFile(join(view.folder, n), 'utf8')));
  return {
    whole,
    fileName: path.slice(home.length),
    names,
    files,
    groups: view.files.map((f) => f.group),
    empty: view.empty,
  };
}

describe('an export in another language', () => {
  it('writes the same columns, values and files as in English', async () => {
    const en = await exportsIn('en');
    // The columns and values a mailing tool maps are the English machine words.
    const header = en.whole.split(/\r?\n/)[0];
    expect(header).toBe(`email,name,${APPENDED_COLUMNS.join(',')}`);
    expect(en.whole).toContain(',deliverable,');
    expect(en.whole).toContain(',undeliverable,');
    expect(en.fileName).toMatch(/^[\\/]contacts\.cleaned\.csv$/);
    expect(en.names).toEqual([
      'contacts - deliverable.csv',
      'contacts - removed.csv',
      'contacts - undeliverable.csv',
    ]);

    for (const language of ['ru', 'de'] as const) {
      const other = await exportsIn(language);
      expect(other.whole).toBe(en.whole);
      expect(other.fileName).toBe(en.fileName);
      expect(other.names).toEqual(en.names);
      expect(other.files).toEqual(en.files);
      expect(other.groups).toEqual(en.groups);
      expect(other.empty).toEqual(en.empty);
    }
  }, 60_000);
});
