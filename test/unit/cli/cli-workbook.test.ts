// `list-cleaner clean` on a workbook: the sheet named by --sheet (or found),
// saved as a workbook beside it by default, or as CSV with --format csv; a
// sheet that is not there is named with the sheets that are, before anything
// is sent.
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importList } from '../../../electron/lists/read/read';
import { cli, failureLines, setup } from '../jobs/support';

const WORKBOOK = join(import.meta.dirname, '../../fixtures/sheets/several-sheets.xlsx');

describe('clean on a workbook', () => {
  it('reads the sheet --sheet names and saves <name>.cleaned.xlsx beside it', async () => {
    const b = await setup();
    const input = join(b.dir, 'several-sheets.xlsx');
    await copyFile(WORKBOOK, input);
    const result = await cli(['clean', input, '--sheet', 'april', '--json'], b.env());
    expect(result.code).toBe(0);
    const out = join(b.dir, 'several-sheets.cleaned.xlsx');
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 30, out, rows_written: 30 });
    const back = await importList(out, { workDir: b.dir });
    expect(back.columns).toEqual(['E-mail address', 'Name', 'email_status', 'email_provider']);
    expect(back.counts.rows).toBe(30);
  });

  it('takes a sheet by its place from 1, and --format csv', async () => {
    const b = await setup();
    const input = join(b.dir, 'several-sheets.xlsx');
    await copyFile(WORKBOOK, input);
    const result = await cli(['clean', input, '--sheet', '3', '--format', 'csv'], b.env());
    expect(result.code).toBe(0);
    const csv = await readFile(join(b.dir, 'several-sheets.cleaned.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Email,Name,email_status,email_provider');
    expect(csv.trim().split('\r\n')).toHaveLength(26);
  });

  it('names the sheets when --sheet is not one of them, and refuses an unknown --format', async () => {
    const b = await setup();
    const input = join(b.dir, 'several-sheets.xlsx');
    await copyFile(WORKBOOK, input);
    const missing = await cli(['clean', input, '--sheet', 'May'], b.env());
    expect(missing.code).toBe(1);
    expect(failureLines(missing.stderr)).toEqual([
      'list-cleaner: several-sheets.xlsx has no sheet named "May". Its sheets are: "Notes", "Hidden list", "March", "April".',
    ]);
    expect(b.sandbox.requests).toEqual([]);
    const format = await cli(['clean', input, '--format', 'ods'], b.env());
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format takes csv or xlsx');
  });
});
