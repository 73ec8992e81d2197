// Workbooks on Windows: a workbook read by the import leaves no handle open
// on it (Windows would refuse to remove or replace the job's copy), a
// workbook export lands in a folder deeper than 260 characters, waits for a
// previous export open in Excel and replaces it once closed, and a stopped
// export leaves no partial file behind.
import assert from 'node:assert/strict';
import { copyFile, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { AppError } from '../../electron/lib/app-error';
import { importList } from '../../electron/lists/read/read';
import type { ImportedList } from '../../electron/lists/types';
import type { OutcomeLookup } from '../../electron/lists/judge/row-facts';
import { exportWorkbook } from '../../electron/lists/write/write-xlsx';
import { deepFolder, rejection, runsOnWindows, tempDir } from './support';

runsOnWindows();

const FIXTURE = join(import.meta.dirname, '../../test/fixtures/sheets/several-sheets.xlsx');

let dir: string;
let input: string;
let list: ImportedList;
before(async () => {
  dir = await tempDir();
  input = join(dir, 'Several sheets.xlsx');
  await copyFile(FIXTURE, input);
  const workDir = join(dir, 'work');
  await mkdir(workDir);
  list = await importList(input, { workDir, sheet: 3 });
});

const outcomes: OutcomeLookup = (i) =>
  i % 2 === 0 ? { status: 'deliverable' } : { status: 'undeliverable' };

const rowsOf = async (path: string) =>
  (await importList(path, { workDir: await tempDir() })).counts.rows;

describe('workbooks on Windows', () => {
  it('reads a sheet and lets the workbook go: it can be renamed and removed at once', async () => {
    assert.equal(list.counts.rows, 30);
    assert.equal(list.workbook?.sheets[list.workbook.sheet]?.name, 'April');
    const moved = join(dir, 'moved.xlsx');
    await rename(input, moved);
    await rm(moved);
    await copyFile(FIXTURE, input);
  });

  it('exports a workbook into a folder deeper than 260 characters', async () => {
    const deep = await deepFolder(join(dir, 'out'));
    const destPath = join(deep, 'Several sheets.cleaned.xlsx');
    const written = await exportWorkbook(list, outcomes, {
      destPath,
      columns: ['email_status'],
      fileName: 'Several sheets.xlsx',
    });
    assert.equal(written.rowsWritten, 30);
    assert.deepEqual(written.sheets, ['April']);
    assert.deepEqual(await readdir(deep), ['Several sheets.cleaned.xlsx']);
    assert.equal(await rowsOf(destPath), 30);
  });

  it('waits for a previous export open in Excel, then replaces it once closed', async () => {
    const out = join(dir, 'held');
    await mkdir(out);
    const destPath = join(out, 'open-in-excel.xlsx');
    await writeFile(destPath, 'previous export');
    const held = await open(destPath, 'r');
    try {
      const err = await rejection(
        exportWorkbook(list, outcomes, {
          destPath,
          fileName: 'x.xlsx',
          place: { delays: [10, 20], sleep: async () => {} },
        }),
      );
      assert.ok(err instanceof AppError, String(err));
      assert.equal(err.code, 'file_in_use');
    } finally {
      await held.close();
    }
    await exportWorkbook(list, outcomes, { destPath, fileName: 'x.xlsx' });
    assert.equal(await rowsOf(destPath), 30);
    assert.deepEqual(await readdir(out), ['open-in-excel.xlsx']);
  });

  it('leaves nothing behind when the export is stopped', async () => {
    const out = join(dir, 'stopped');
    await mkdir(out);
    const stop = new AbortController();
    stop.abort(new Error('stopped'));
    await rejection(
      exportWorkbook(list, outcomes, {
        destPath: join(out, 'never.xlsx'),
        fileName: 'x.xlsx',
        signal: stop.signal,
      }),
    );
    assert.deepEqual(await readdir(out), []);
  });
});
