// Round trips: a workbook LibreOffice wrote is read, exported as a workbook
// with its status column, and read again: every original cell comes back as
// the text the first reading showed, in its column and row. And the cells a
// writer must escape (control characters, "_x0041_", formula-like text)
// survive the app's own writer and reader.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importList } from '../../../electron/lists/read/read';
import type { ImportedList } from '../../../electron/lists/types';
import { exportWorkbook } from '../../../electron/lists/write/write-xlsx';
import { createXlsxWriter } from '../../../electron/sheets/write/xlsx-writer';

const FIXTURES = join(import.meta.dirname, '../../fixtures/sheets');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-round-trip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const read = async (path: string, sheet?: number) =>
  importList(path, { workDir: await mkdtemp(join(dir, 'job-')), ...(sheet ? { sheet } : {}) });

async function rows(list: ImportedList): Promise<string[][]> {
  const text = await readFile(list.sourcePath, 'utf8');
  return Papa.parse<string[]>(text.endsWith('\r\n') ? text.slice(0, -2) : text, {
    newline: '\r\n',
  }).data;
}

describe('a workbook read, exported and read again', () => {
  it.each([
    ['contacts.xlsx', undefined],
    ['formulas.xlsx', undefined],
    ['dates-numbers.xlsx', undefined],
    ['rich-links.xlsx', undefined],
    ['title-rows.xlsx', undefined],
    ['several-sheets.xlsx', 3],
  ])('%s keeps every cell as it was shown', async (file, sheet) => {
    const first = await read(join(FIXTURES, file), sheet);
    const destPath = join(dir, `${file}.cleaned.xlsx`);
    const written = await exportWorkbook(first, () => ({ status: 'deliverable' }), {
      destPath,
      columns: ['email_status'],
      fileName: file,
    });
    expect(written.rowsWritten).toBe(first.counts.rows);
    const again = await read(destPath);
    const before = await rows(first);
    const after = await rows(again);
    const width = first.columns.length;
    expect(after.map((row) => row.slice(0, width))).toEqual(
      before.map((row) => [...row, ...Array<string>(width).fill('')].slice(0, width)),
    );
    expect(after[0]?.[width]).toBe('email_status');
    const name = first.workbook?.sheets[first.workbook.sheet]?.name;
    expect(again.workbook?.sheets.map((s) => s.name)).toEqual([name]);
  });
});

describe('the app’s writer and reader agree on the cells that need escaping', () => {
  it('gives back control characters, escape-like text, formula-like text, numbers and zips', async () => {
    const path = join(dir, 'tricky.xlsx');
    const cells = [
      'ann@example.com',
      'line one\r\nline two',
      'bell\u0007and tab\t',
      '_x0041_ stays as typed',
      '=HYPERLINK("http://example.com")',
      '00123',
      '42',
      'Zoë 山田 🙂',
    ];
    const writer = createXlsxWriter({
      path,
      sheetName: 'Tricky',
      header: cells.map((_, i) => `c${i}`),
      toneColumn: -1,
    });
    await writer.addRow(cells, null);
    await writer.finish();
    const list = await read(path);
    const [, row] = await rows(list);
    expect(row).toEqual(cells);
  });
});
