// Files a marketer should not have dropped, or that are broken: each ends with
// a reason a person understands (naming the file) or with its rows counted;
// never a crash, a hang or a worker left running.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppError } from '../../../../electron/lib/app-error';
import { importList } from '../../../../electron/lists/read/read';
import { encodeWindows1252 } from '../../../fixtures/lists/generate';
import {
  badFileError,
  fixture,
  readAddresses,
  readIndex,
  tempDir,
  writeManyAddresses,
} from './read-support';
import { bytesTakenFrom, expectEveryWorkerExited } from './io-spies';

// Every classify worker, so each test can prove none was left running; every
// file read stream, to see how far an import read before it stopped.
vi.mock('node:worker_threads', async (real) =>
  (await import('./io-spies')).trackWorkers(await real()),
);
vi.mock('node:fs', async (real) => (await import('./io-spies')).trackReadStreams(await real()));
vi.mock('node:fs/promises', async (real) =>
  (await import('./io-spies')).trackFileHandles(await real()),
);

afterEach(expectEveryWorkerExited);

/** A file in a fresh folder; the import's work files go to the same folder. */
async function listFile(name: string, content: string | Uint8Array) {
  const dir = await tempDir('lc-bad-');
  const path = join(dir, name);
  await writeFile(path, content);
  return { path, workDir: dir };
}

async function rejection(name: string, content: string | Uint8Array): Promise<AppError> {
  const { path, workDir } = await listFile(name, content);
  return badFileError(importList(path, { workDir }));
}

/** Written for a person: names the file, short, a sentence, no programmer's debris. */
function expectHuman(err: AppError, fileName: string) {
  expect(err.message).toContain(fileName);
  expect(err.message.length).toBeLessThan(300);
  expect(err.message).toMatch(/[.!]$/);
  expect(err.message).not.toMatch(/undefined|null|\[object|Error:|ENOENT|at \//);
}

const CAPITALS = /[A-Z]/;

describe('files that are not lists', () => {
  it('an empty file', async () => {
    const err = await rejection('empty.csv', '');
    expect(err.message).toBe('empty.csv is empty: there are no rows to check.');
  });

  it('a file of blank lines', async () => {
    const err = await rejection('blank.csv', '\n\n  \n\t\r\n\n');
    expect(err.message).toBe('blank.csv has only blank lines: there are no rows to check.');
  });

  it('an image renamed .csv', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const err = await rejection('photo.csv', png);
    expectHuman(err, 'photo.csv');
    expect(err.message).toMatch(/not a text file/);
  });

  it('a workbook without a sheet, whatever its name', async () => {
    const xlsx = zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      'xl/workbook.xml': strToU8('<?xml version="1.0"?><workbook/>'),
      'xl/worksheets/sheet1.xml': strToU8('<worksheet><sheetData/></worksheet>'),
    });
    const err = await rejection('contacts.csv', xlsx);
    expectHuman(err, 'contacts.csv');
    expect(err.message).toBe(
      'contacts.csv is a workbook without sheets: there are no rows to check.',
    );
  });

  it('a missing file', async () => {
    const dir = await tempDir('lc-bad-');
    const err = await badFileError(importList(join(dir, 'gone.csv'), { workDir: dir }));
    expectHuman(err, 'gone.csv');
    expect(err.message).toMatch(/could not be opened/);
  });

  it('a folder', async () => {
    const dir = await tempDir('lc-bad-');
    await mkdir(join(dir, 'exports.csv'));
    const err = await badFileError(importList(join(dir, 'exports.csv'), { workDir: dir }));
    expect(err.message).toBe('exports.csv is not a file.');
  });
});

describe('lists without rows to check', () => {
  it('a header row only', async () => {
    const err = await rejection('header.csv', 'Email,First Name,Last Name\r\n');
    expect(err.message).toBe(
      'header.csv has a header row (Email, First Name, Last Name) but no rows below it.',
    );
  });

  it('a header row only, with no email column in it', async () => {
    const err = await rejection('header.csv', 'Name,Phone,City\n');
    expect(err.message).toBe(
      'header.csv has a header row (Name, Phone, City) but no rows below it.',
    );
  });

  it('no column that could hold addresses: the error quotes what it saw', async () => {
    const err = await rejection(
      'people.csv',
      'Name,Phone,City\nJane,555-0100,NY\nJoe,555-0101,LA\n',
    );
    expectHuman(err, 'people.csv');
    expect(err.message).toBe(
      'No column of people.csv looks like email addresses. Its first row reads: Name, Phone, City. Choose the address column yourself, or check that this is the right file.',
    );
  });

  it('every row invalid under an email header: imported, nothing to send, all counted', async () => {
    const { path, workDir } = await listFile(
      'junk.csv',
      'Email,Name\nn/a,Jane\nnone,Joe\n-,Ann\nask later,Bob\n,Eve\n',
    );
    const list = await importList(path, { workDir });
    expect(list.column).toMatchObject({ index: 0, name: 'Email' });
    expect(list.counts).toEqual({
      rows: 5,
      unique: 0,
      invalid: 4,
      empty: 1,
      duplicates: 0,
      ragged: 0,
    });
    expect(await readAddresses(list.addressesPath)).toEqual([]);
    expect((await readIndex(list.rowIndexPath)).map((r) => r.cls)).toEqual([2, 2, 2, 2, 3]);
  });

  it('every row invalid but address-like: imported, all invalid', async () => {
    const { path, workDir } = await listFile(
      'typos.txt',
      'john@@example.com\na@b.c\njane@example\nbob@example..com\n',
    );
    const list = await importList(path, { workDir });
    expect(list.counts).toMatchObject({ rows: 4, unique: 0, invalid: 4, empty: 0 });
  });

  it('every row invalid and nothing address-like, without a header: a clear error', async () => {
    const err = await rejection('notes.txt', 'call back\nn/a\nnone\n');
    expectHuman(err, 'notes.txt');
    expect(err.message).toContain('Its first row reads: call back.');
  });
});

describe('one 10 MB line', () => {
  const TEN_MB = 10 * 1024 * 1024;

  it('of text without a delimiter: a short, clear error', async () => {
    const err = await rejection('one-line.csv', 'x'.repeat(TEN_MB));
    expectHuman(err, 'one-line.csv');
    expect(err.message).toContain('xxxxxxxx…');
  });

  it('as a cell under a header: counted as one invalid row', async () => {
    const { path, workDir } = await listFile('long-cell.csv', `email,name\n${'y'.repeat(TEN_MB)}`);
    const list = await importList(path, { workDir });
    expect(list.counts).toEqual({
      rows: 1,
      unique: 0,
      invalid: 1,
      empty: 0,
      duplicates: 0,
      ragged: 1,
    });
  });

  it('of comma-separated addresses: counted as one row, its first cell the address', async () => {
    const cells = Array.from({ length: 700_000 }, (_, i) => `u${i}@example.com`);
    const { path, workDir } = await listFile('wide.csv', cells.join(','));
    const list = await importList(path, { workDir });
    expect(list.hasHeader).toBe(false);
    expect(list.counts).toMatchObject({ rows: 1, unique: 1, ragged: 1 });
    expect(await readAddresses(list.addressesPath)).toEqual(['u0@example.com']);
  });
});

describe('a mixed-encoding file', () => {
  it('mostly UTF-8 with Windows-1252 bytes far down: read as Windows-1252, every row kept', async () => {
    const dir = await tempDir('lc-bad-');
    const path = join(dir, 'mixed.csv');
    const out = createWriteStream(path);
    out.write('Email,Name,City\n');
    for (let i = 0; i < 30_000; i++) out.write(`person${i}@example.com,Person ${i},Zürich\n`);
    // Appended later by a tool that writes Windows-1252.
    out.write(encodeWindows1252('renee@example.fr,Renée,Besançon\nPERSON7@example.com,Dup,Köln\n'));
    out.end();
    await once(out, 'finish');
    const list = await importList(path, { workDir: dir });
    expect(list.encoding).toBe('windows-1252');
    expect(list.counts).toEqual({
      rows: 30_002,
      unique: 30_001,
      invalid: 0,
      empty: 0,
      duplicates: 1,
      ragged: 0,
    });
    const addresses = await readAddresses(list.addressesPath);
    expect(addresses.at(-1)).toBe('renee@example.fr');
    expect(addresses.every((a) => !CAPITALS.test(a))).toBe(true);
  });
});

describe('many addresses', () => {
  it('numbers addresses past the table in memory as the table would', async () => {
    const inMemory = await importList(fixture('mailchimp-export.csv'), {
      workDir: await tempDir(),
    });
    const dir = await tempDir();
    const spilled = await importList(fixture('mailchimp-export.csv'), {
      workDir: dir,
      uniqueInMemory: 3,
    });
    expect(spilled.counts).toEqual(inMemory.counts);
    expect(await readAddresses(spilled.addressesPath)).toEqual(
      await readAddresses(inMemory.addressesPath),
    );
    expect(await readIndex(spilled.rowIndexPath)).toEqual(await readIndex(inMemory.rowIndexPath));
    // Only the list's files are left: no partition, no file under a temporary name.
    expect((await readdir(dir)).sort()).toEqual(['addresses.txt', 'rows.at', 'rows.idx']);
  });

  it('reads a large list to its end, whatever its number of addresses', async () => {
    const dir = await tempDir();
    const path = join(dir, 'big.csv');
    await writeManyAddresses(path, 300_000);
    const list = await importList(path, { workDir: dir, uniqueInMemory: 1_000 });
    expect(list.counts).toMatchObject({ rows: 300_000, unique: 300_000, duplicates: 0 });
    expect(await bytesTakenFrom(path)).toBe((await stat(path)).size);
  });
});
