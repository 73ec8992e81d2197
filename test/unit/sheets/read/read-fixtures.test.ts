// Workbooks written by LibreOffice (test/fixtures/sheets, made by
// scripts/make-sheet-fixtures.mjs), read by the import as Excel shows them:
// every cell of every sheet is compared with LibreOffice's own "as shown"
// CSV of it, and where the two programs are meant to differ the test says why.
import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importList } from '../../../../electron/lists/read/read';
import type { ImportedList } from '../../../../electron/lists/types';
import { AppError } from '../../../../electron/lib/app-error';

const FIXTURES = join(import.meta.dirname, '../../../fixtures/sheets');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-sheets-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function read(file: string, options: { sheet?: number; column?: number } = {}) {
  const workDir = await mkdtemp(join(dir, 'job-'));
  return importList(join(FIXTURES, file), { workDir, ...options });
}

const parse = (text: string) =>
  Papa.parse<string[]>(text, { skipEmptyLines: false }).data.map((row) => {
    const cells = [...row];
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    return cells;
  });

/** The rows the import kept (its CSV copy), and LibreOffice's rows from the table's start. */
async function bothReadings(list: ImportedList, expected: string) {
  const ours = parse(await readFile(list.sourcePath, 'utf8')).filter((r) => r.length > 0);
  const theirs = parse(await readFile(join(FIXTURES, 'expected', expected), 'utf8')).filter(
    (r) => r.length > 0,
  );
  return { ours, theirs: theirs.slice(list.workbook?.skippedRows ?? 0) };
}

describe('reading workbooks LibreOffice wrote', () => {
  it('shows every cell of a one-sheet list as LibreOffice does: dates, money, percentages, zips', async () => {
    const list = await read('contacts.xlsx');
    const { ours, theirs } = await bothReadings(list, 'contacts--Contacts.csv');
    expect(ours).toEqual(theirs);
    expect(list.column.name).toBe('Email');
    expect(list.counts).toMatchObject({ rows: 40, invalid: 5, empty: 1, ragged: 0 });
    expect(ours[1]).toEqual(expect.arrayContaining(['2024-01-15', '1,234.50', '92%', '02134']));
    expect(list.workbook).toMatchObject({ sheet: 0, skippedRows: 0 });
    expect(list.workbook?.sheets).toEqual([
      { index: 0, name: 'Contacts', hidden: false, rows: 40, hasAddresses: true },
    ]);
  });

  it('reads a macro-enabled workbook (.xlsm), and a workbook renamed .csv, as the workbook they are', async () => {
    const renamed = join(dir, 'contacts.csv');
    await copyFile(join(FIXTURES, 'contacts.xlsx'), renamed);
    const asCsv = await importList(renamed, { workDir: await mkdtemp(join(dir, 'job-')) });
    expect(asCsv.workbook?.sheets[0]?.name).toBe('Contacts');
    const list = await read('contacts.xlsm');
    const { ours, theirs } = await bothReadings(list, 'contacts--Contacts.csv');
    expect(ours).toEqual(theirs);
  });

  it('lists every sheet, the hidden one apart, and reads the first visible one with addresses', async () => {
    const list = await read('several-sheets.xlsx');
    expect(list.workbook?.sheets.map((s) => [s.name, s.hidden, s.rows, s.hasAddresses])).toEqual([
      ['Notes', false, 4, false],
      ['Hidden list', true, 6, true],
      ['March', false, 25, true],
      ['April', false, 30, true],
    ]);
    expect(list.workbook?.sheet).toBe(2);
    const march = await bothReadings(list, 'several-sheets--March.csv');
    expect(march.ours).toEqual(march.theirs);
    for (const [index, name] of [
      [3, 'April'],
      [1, 'Hidden list'],
    ] as const) {
      const other = await read('several-sheets.xlsx', { sheet: index });
      expect(other.workbook?.sheet).toBe(index);
      const both = await bothReadings(other, `several-sheets--${name}.csv`);
      expect(both.ours).toEqual(both.theirs);
    }
  });

  it('refuses a sheet without addresses with what it holds, and a sheet that is not there', async () => {
    const notes = await read('several-sheets.xlsx', { sheet: 0 }).catch((e: unknown) => e);
    expect(notes).toBeInstanceOf(AppError);
    expect((notes as Error).message).toMatch(
      /^No column of The sheet "Notes" of several-sheets\.xlsx looks like email addresses/,
    );
    const gone = await read('several-sheets.xlsx', { sheet: 9 }).catch((e: unknown) => e);
    expect((gone as Error).message).toBe('several-sheets.xlsx has no sheet 10: it has 4.');
  });

  it('takes formulas as their cached values, errors and booleans as shown, "=text" as text', async () => {
    const list = await read('formulas.xlsx');
    const { ours, theirs } = await bothReadings(list, 'formulas--Sign-ups.csv');
    expect(ours).toEqual(theirs);
    expect(ours[1]?.[2]).toBe('ann.lee@example.com');
    expect(ours.flat()).toEqual(expect.arrayContaining(['#DIV/0!', 'TRUE', '=not a formula']));
  });

  it('finds the header below a title, and keeps a merged value in its first cell', async () => {
    const list = await read('title-rows.xlsx');
    expect(list.workbook?.skippedRows).toBe(2);
    expect(list.columns).toEqual(['Name', 'Email', 'Phone', 'Notes']);
    const { ours, theirs } = await bothReadings(list, 'title-rows--Sign-ups.csv');
    expect(ours).toEqual(theirs);
    expect(list.counts).toMatchObject({ rows: 20, empty: 1 });
  });

  it('flattens rich text, shows links by their text, and takes a mailto: link as its address', async () => {
    const list = await read('rich-links.xlsx');
    const { ours, theirs } = await bothReadings(list, 'rich-links--Speakers.csv');
    // LibreOffice shows a link's text; the import reads a mailto: link as the address it opens.
    const linked = new Map([
      ['Email Bob', 'bob@example.org'],
      ['Carl (press)', 'carl@example.com'],
    ]);
    expect(ours).toEqual(theirs.map((row) => row.map((cell) => linked.get(cell) ?? cell)));
    expect(ours[1]?.[0]).toBe('Dr. Ann Lee');
    expect(list.counts).toMatchObject({ rows: 6, unique: 6, invalid: 0 });
  });

  it('formats dates, times, currency, scientific and fractions as Excel does', async () => {
    const list = await read('dates-numbers.xlsx');
    const { ours, theirs } = await bothReadings(list, 'dates-numbers--Orders.csv');
    // Two cells where Excel and LibreOffice disagree, and the import shows Excel's:
    // a 16-digit number in General is "4.00012E+15" in Excel (LibreOffice writes
    // every digit), and 0.0625 under "# ?/?" rounds to "0    " in Excel (1/16 has
    // no one-digit fraction; LibreOffice shows the nearest, 1/9).
    const excel = new Map([
      ['4000123412341300', '4.00012E+15'],
      [' 1/9', '0    '],
    ]);
    expect(ours).toEqual(theirs.map((row) => row.map((cell) => excel.get(cell) ?? cell)));
    expect(ours[1]).toEqual(
      expect.arrayContaining(['01/05/2026', '9 January 2026', '2026-02-14 09:05', '$1,250.50']),
    );
  });
});

describe('spreadsheets that cannot be read say why', () => {
  it.each([
    ['protected.xlsx', /^protected\.xlsx is protected by a password, so it cannot be read\./],
    [
      'contacts.xls',
      /^contacts\.xls is an Excel 97–2003 workbook \(\.xls\), which List Cleaner cannot read\. In Excel choose File › Save As/,
    ],
    [
      'contacts.ods',
      /^contacts\.ods is an OpenDocument spreadsheet \(\.ods\), which List Cleaner cannot read yet\./,
    ],
    [
      'damaged.xlsx',
      /^damaged\.xlsx is damaged or is not a complete workbook \(.+\)\. Open it in Excel, save it again/,
    ],
  ])('%s', async (file, message) => {
    const err = await read(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('bad_file');
    expect((err as Error).message).toMatch(message);
  });
});

/** A zip holding these parts (empty), as another program would have packed them. */
async function zipOf(name: string, parts: string[]): Promise<string> {
  const path = join(dir, name);
  const zip = new yazl.ZipFile();
  for (const part of parts) zip.addBuffer(Buffer.from('<x/>'), part);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return path;
}

describe('zips that are not workbooks say what they are', () => {
  it.each([
    [
      'binary.xlsb',
      ['[Content_Types].xml', 'xl/workbook.bin'],
      /is an Excel binary workbook \(\.xlsb\)/,
    ],
    [
      'letter.docx',
      ['[Content_Types].xml', 'word/document.xml'],
      /is an Office document but not a workbook/,
    ],
    ['photos.zip', ['a.jpg', 'b.jpg'], /is an archive, not a list or a workbook\. Unpack it/],
  ])('%s', async (file, parts, message) => {
    const path = await zipOf(file, parts);
    const err = await importList(path, { workDir: await mkdtemp(join(dir, 'job-')) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as Error).message).toMatch(message);
  });
});
