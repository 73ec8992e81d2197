// Writing exports on Windows: a small imported list (the import's worker
// thread runs beside the bundle, as in the built app) is exported, over a
// previous export held open by another program only once it is closed, into
// a folder deeper than 260 characters, and never under a name Windows refuses
// or over the input, whatever its case.
import assert from 'node:assert/strict';
import { mkdir, open, readFile, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import { AppError } from '../../electron/lib/app-error';
import { importList } from '../../electron/lists/read/read';
import type { ImportedList } from '../../electron/lists/types';
import { exportList } from '../../electron/lists/write/write';
import { type OutcomeLookup } from '../../electron/lists/judge/row-facts';
import { deepFolder, rejection, runsOnWindows, tempDir } from './support';

runsOnWindows();

const EXPECTED =
  'name,email,email_status\r\nAnn,ann@example.com,deliverable\r\nBob,bad@example.com,undeliverable\r\nCid,not an address,invalid\r\n';

let list: ImportedList;
let out: string;
before(async () => {
  const dir = await tempDir();
  const input = join(dir, 'Contacts.csv');
  await writeFile(
    input,
    'name,email\r\nAnn,ann@example.com\r\nBob,bad@example.com\r\nCid,not an address\r\n',
  );
  const workDir = join(dir, 'work');
  await mkdir(workDir);
  list = await importList(input, { workDir });
  out = join(dir, 'out');
  await mkdir(out);
});

const outcomes: OutcomeLookup = (i) =>
  i === 0 ? { status: 'deliverable' } : { status: 'undeliverable' };

const badFile = async (destPath: string): Promise<AppError> => {
  const err = await rejection(exportList(list, outcomes, { destPath }));
  assert.ok(err instanceof AppError, String(err));
  assert.equal(err.code, 'bad_file');
  return err;
};

describe('exportList on Windows', () => {
  it('writes the cleaned list and leaves no temporary file', async () => {
    const destPath = join(out, 'contacts.cleaned.csv');
    const written = await exportList(list, outcomes, { destPath });
    assert.deepEqual(written, { path: destPath, rowsWritten: 3, rowsTotal: 3 });
    assert.equal(await readFile(destPath, 'utf8'), EXPECTED);
    assert.deepEqual(await readdir(out), ['contacts.cleaned.csv']);
  });

  it('waits for a previous export open elsewhere, says so, and succeeds once it is closed', async () => {
    const destPath = join(out, 'open-in-excel.csv');
    await writeFile(destPath, 'previous export');
    const held = await open(destPath, 'r');
    try {
      const err = await rejection(
        exportList(list, outcomes, {
          destPath,
          place: { delays: [10, 20], sleep: async () => {} },
        }),
      );
      assert.ok(err instanceof AppError, String(err));
      assert.equal(err.code, 'file_in_use');
      assert.equal(
        err.message,
        'open-in-excel.csv is open in another program, so it could not be replaced. Close the file in Excel (or choose another name) and try again: your results are kept.',
      );
      assert.equal(await readFile(destPath, 'utf8'), 'previous export');
    } finally {
      await held.close();
    }
    await exportList(list, outcomes, { destPath });
    assert.equal(await readFile(destPath, 'utf8'), EXPECTED);
    assert.ok((await readdir(out)).every((f) => !f.endsWith('.tmp')));
  });

  it('writes into a folder deeper than 260 characters, and reads back', async () => {
    const dir = await deepFolder(out);
    const destPath = join(dir, 'contacts.cleaned.csv');
    assert.ok(destPath.length > 260);
    await exportList(list, outcomes, { destPath });
    assert.equal(await readFile(destPath, 'utf8'), EXPECTED);
    assert.deepEqual(await readdir(dir), ['contacts.cleaned.csv']);
  });

  it('refuses device names, trailing dots and refused characters before writing', async () => {
    for (const name of ['con.csv', 'NUL', 'Com1.csv', 'lpt9.txt', 'COM¹.csv']) {
      const err = await badFile(join(out, name));
      assert.match(err.message, /is a name it keeps for a device/, name);
    }
    assert.match(
      (await badFile(join(out, 'list.csv.'))).message,
      /may not end with a dot or a space/,
    );
    assert.match(
      (await badFile(join(out, 'list.csv '))).message,
      /may not end with a dot or a space/,
    );
    assert.match((await badFile(join(out, 'a?.csv'))).message, /does not allow "\?"/);
    assert.match((await badFile(join(out, `${'x'.repeat(252)}.csv`))).message, /too long/);
    assert.ok((await readdir(out)).every((f) => !f.endsWith('.tmp')));
  });

  it('never writes over the list it reads, whatever the case of the name', async () => {
    const upper = join(dirname(list.sourcePath), basename(list.sourcePath).toUpperCase());
    const err = await badFile(upper);
    assert.match(err.message, /your original file is never changed/);
  });
});
