// Atomic files on Windows: the data lands and no temporary file stays, on
// success and on failure; a destination another handle holds open is waited
// for, then refused as file_in_use, or replaced once the handle is closed.
import assert from 'node:assert/strict';
import { open, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AppError } from '../../electron/lib/app-error';
import { placeFile, tempPathFor, writeFileAtomic } from '../../electron/lib/files/atomic-file';
import { deepFolder, rejection, runsOnWindows, tempDir } from './support';

runsOnWindows();

describe('Windows file rules the code must follow', () => {
  it('refuses to sync a read-only handle (EPERM)', async () => {
    const path = join(await tempDir(), 'a.txt');
    await writeFile(path, 'x');
    const handle = await open(path, 'r');
    try {
      assert.equal(((await rejection(handle.sync())) as NodeJS.ErrnoException).code, 'EPERM');
    } finally {
      await handle.close();
    }
  });

  it('refuses to rename onto a file another handle holds open (EPERM)', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'new'), 'new');
    await writeFile(join(dir, 'old'), 'old');
    const held = await open(join(dir, 'old'), 'r');
    try {
      const err = (await rejection(
        rename(join(dir, 'new'), join(dir, 'old')),
      )) as NodeJS.ErrnoException;
      assert.ok(['EPERM', 'EBUSY', 'EACCES'].includes(err.code ?? ''), err.code);
    } finally {
      await held.close();
    }
  });
});

describe('writeFileAtomic', () => {
  it('puts the data in place and leaves no temporary file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'job.json');
    await writeFile(path, 'old');
    await writeFileAtomic(path, '{"new":true}');
    assert.equal(await readFile(path, 'utf8'), '{"new":true}');
    assert.deepEqual(await readdir(dir), ['job.json']);
  });

  it('leaves no temporary file when the write fails', async () => {
    const dir = await tempDir();
    const notData = 42 as unknown as string;
    await rejection(writeFileAtomic(join(dir, 'job.json'), notData));
    assert.deepEqual(await readdir(dir), []);
  });

  it('waits for a file held open, then says it is in use, keeping it and no temporary file', async () => {
    const dir = await tempDir();
    const path = join(dir, 'contacts.cleaned.csv');
    await writeFile(path, 'previous export');
    const waited: number[] = [];
    const held = await open(path, 'r');
    try {
      const err = await rejection(
        writeFileAtomic(path, 'new export', {
          delays: [10, 20, 40],
          sleep: async (ms) => void waited.push(ms),
        }),
      );
      assert.ok(err instanceof AppError, String(err));
      assert.equal(err.code, 'file_in_use');
      assert.match(err.message, /^contacts\.cleaned\.csv is open in another program/);
      assert.match(err.message, /Close the file in Excel \(or choose another name\)/);
      assert.deepEqual(waited, [10, 20, 40]);
    } finally {
      await held.close();
    }
    assert.equal(await readFile(path, 'utf8'), 'previous export');
    assert.deepEqual(await readdir(dir), ['contacts.cleaned.csv']);
  });

  it('replaces the file once the other handle is closed during the waits', async () => {
    const dir = await tempDir();
    const path = join(dir, 'contacts.cleaned.csv');
    await writeFile(path, 'previous export');
    const held = await open(path, 'r');
    let waits = 0;
    await writeFileAtomic(path, 'new export', {
      delays: [10, 10, 10, 10],
      sleep: async () => {
        waits += 1;
        if (waits === 2) await held.close();
      },
    });
    assert.equal(waits, 2);
    assert.equal(await readFile(path, 'utf8'), 'new export');
    assert.deepEqual(await readdir(dir), ['contacts.cleaned.csv']);
  });

  it('writes into a folder deeper than 260 characters', async () => {
    const dir = await deepFolder(await tempDir());
    const path = join(dir, 'settings.json');
    await writeFileAtomic(path, '{"deep":true}');
    assert.equal(await readFile(path, 'utf8'), '{"deep":true}');
    assert.deepEqual(await readdir(dir), ['settings.json']);
  });
});

describe('placeFile', () => {
  it('removes the temporary file when it cannot be placed', async () => {
    const dir = await tempDir();
    const dest = join(dir, 'missing', 'out.csv');
    const tmp = tempPathFor(join(dir, 'out.csv'));
    await writeFile(tmp, 'rows');
    await rejection(placeFile(tmp, dest, { delays: [] }));
    assert.deepEqual(await readdir(dir), []);
  });
});
