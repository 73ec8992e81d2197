// Child process of the xlsx benchmark: runs one measured step in a fresh
// process, so its peak RSS is the step's own, and reports time and memory.
import { stat } from 'node:fs/promises';
import { importList } from '../../electron/lists/read/read';
import type { AddressOutcome, ImportedList, RowStatus } from '../../electron/lists/types';
import { STATUS_TONES, exportWorkbook } from '../../electron/lists/write/write-xlsx';
import { openWorkbook } from '../../electron/sheets/read/workbook';
import { readSheetRows } from '../../electron/sheets/read/sheet-rows';
import { createBareXlsxWriter } from '../../electron/sheets/write/xlsx-writer';
import { OUTCOMES } from './lists-data';
import type { XlsxResult, XlsxStep } from './protocol';
import { memoryFigures, serveSteps } from './step-child';
import { HEADER, cellsOf, workbookRows } from './xlsx-data';

/** The baseline of the import: the app's own workbook reading, nothing done with the rows. */
async function bareRead(path: string): Promise<number> {
  const book = await openWorkbook(path);
  try {
    const part = book.sheets[0]?.part;
    if (!part) throw new Error('the workbook has no sheet');
    const tail = await readSheetRows(book, part, () => {});
    return tail.rows;
  } finally {
    book.close();
  }
}

// The outcome of each unique address, in the import's numbering, as a job would hold them.
const outcomeOf = (i: number): AddressOutcome | undefined => OUTCOMES[i % 3];

/**
 * The baseline of the export: the rows the export writes (the 7 cells as the
 * workbook shows them, then email_status), regenerated rather than read, into
 * the bare writer. The statuses follow the generator's kinds: a repeat is a
 * duplicate, an invalid address invalid, every other address takes the next
 * unique outcome, as the import numbers them (a few rows differ from what the
 * import judged, which changes no cell's size much).
 */
async function bareWrite(destPath: string, rows: number): Promise<number> {
  const writer = createBareXlsxWriter({ path: destPath, header: [...HEADER, 'email_status'] });
  let unique = 0;
  let written = 0;
  try {
    for (const row of workbookRows(rows)) {
      const status: RowStatus =
        row.kind === 'repeat'
          ? 'duplicate'
          : row.kind === 'invalid'
            ? 'invalid'
            : (outcomeOf(unique++)?.status ?? 'unknown');
      const cells = cellsOf(row);
      cells.push(status);
      const held = writer.addRow(cells, STATUS_TONES[status]);
      if (held) await held;
      written += 1;
    }
    await writer.finish();
  } catch (err) {
    await writer.abort();
    throw err;
  }
  return written;
}

async function run(command: XlsxStep): Promise<XlsxResult> {
  const started = performance.now();
  let rows = 0;
  let list: ImportedList | undefined;
  let wrote = false;
  switch (command.step) {
    case 'bare-read':
      rows = await bareRead(command.path);
      break;
    case 'import':
      list = await importList(command.path, { workDir: command.workDir });
      rows = list.counts.rows;
      break;
    case 'bare-write':
      rows = await bareWrite(command.destPath, command.rows);
      wrote = true;
      break;
    case 'export': {
      const source = command.list;
      if (!source) throw new Error('export needs the imported list');
      const result = await exportWorkbook(source, outcomeOf, {
        destPath: command.destPath,
        columns: ['email_status'],
        fileName: 'marketing.xlsx',
      });
      rows = result.rowsTotal;
      wrote = true;
      break;
    }
  }
  const ms = performance.now() - started;
  const figures = memoryFigures();
  const fileBytes = wrote ? (await stat(command.destPath)).size : undefined;
  return {
    type: 'result',
    ms,
    rows,
    ...figures,
    ...(list ? { list } : {}),
    ...(fileBytes === undefined ? {} : { fileBytes }),
  };
}

serveSteps(run);
