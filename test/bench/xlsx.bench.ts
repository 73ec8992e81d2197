// `npm run bench -- xlsx`: a generated 1,000,000-row, 7-column workbook saved
// as Excel saves one (shared strings, a date column under a date style, an
// integer column; xlsx-data.ts) is imported, and the cleaned list written back
// as a workbook, each step in a fresh child process (built as the app ships
// it), best of three rounds in which every step runs once in turn. Each step's
// baseline is measured in the same rounds the same way:
// - the import (survey, the sheet's CSV copy, the classify worker) against a
//   bare streaming read of the same workbook with the same library (the app's
//   sheets/ reader, nothing done per row);
// - the export (the 7 cells and email_status, styled, through write-xlsx.ts)
//   against a bare streaming write of the same rows (xlsx-bare.ts: inline
//   strings through the same zip, nothing else).
//
// Targets (issue 17): import ≤ 1.3× the bare read, export ≤ 1.5× the bare
// write, peak RSS of each ≤ 400 MB.
import { mkdtemp, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bestInTurn, emitStep, stepRunner, type Measured as MeasuredOf } from './child-steps';
import type { XlsxResult, XlsxStep } from './protocol';
import { MB, log } from './report';
import { generateMarketingXlsx } from './xlsx-data';
import type { ImportedList } from '../../electron/lists/types';

const ROWS = 1_000_000;
const RUNS = 3;
const RSS_TARGET_MB = 400;

type Measured = MeasuredOf<XlsxResult>;

const once = stepRunner<XlsxStep, XlsxResult>('xlsx', 600_000);

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-bench-xlsx-'));
  try {
    const path = join(dir, 'marketing.xlsx');
    const started = performance.now();
    const generated = await generateMarketingXlsx(path, ROWS);
    log(
      `generated ${generated.rows} rows, ${generated.sharedStrings} shared strings, ${(generated.bytes / MB).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const base = { path, rows: ROWS };
    // Untimed, once: the list the export writes, in a folder of its own that
    // the timed imports (in another) leave alone.
    const listDir = join(dir, 'list');
    const importDir = join(dir, 'import');
    await mkdir(listDir);
    await mkdir(importDir);
    const first = await once({
      type: 'run',
      step: 'import',
      ...base,
      workDir: listDir,
      destPath: join(dir, 'unused.xlsx'),
    });
    const list: ImportedList | undefined = first.list;
    if (!list) throw new Error('the import returned no list');
    log(`imported once: ${list.counts.rows} rows, column ${list.column.name}`);

    const [bareRead, imported, bareWrite, exported] = (await bestInTurn(
      [
        { type: 'run', step: 'bare-read', ...base, workDir: importDir, destPath: '' },
        { type: 'run', step: 'import', ...base, workDir: importDir, destPath: '' },
        {
          type: 'run',
          step: 'bare-write',
          ...base,
          workDir: importDir,
          destPath: join(dir, 'bare.xlsx'),
        },
        {
          type: 'run',
          step: 'export',
          ...base,
          workDir: listDir,
          destPath: join(dir, 'marketing.cleaned.xlsx'),
          list,
        },
      ],
      RUNS,
      once,
    )) as [Measured, Measured, Measured, Measured];

    const extra = { rows: generated.rows, fileMb: mb(generated.bytes) };
    emitStep(
      'xlsx.import',
      imported,
      bareRead,
      { ratio: 1.3, rssMb: RSS_TARGET_MB },
      {
        common: extra,
        time: {
          unique: list.counts.unique,
          duplicates: list.counts.duplicates,
          invalid: list.counts.invalid,
          sharedStrings: generated.sharedStrings,
        },
      },
    );
    emitStep(
      'xlsx.export',
      exported,
      bareWrite,
      { ratio: 1.5, rssMb: RSS_TARGET_MB },
      {
        common: extra,
        time: {
          outMb: mb(exported.fastest.fileBytes ?? 0),
          bareOutMb: mb(bareWrite.fastest.fileBytes ?? 0),
        },
      },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
