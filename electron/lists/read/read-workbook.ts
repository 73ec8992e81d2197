// Importing a sheet of an .xlsx/.xlsm workbook: every sheet's first rows are
// looked at (the picker's names, counts and whether it holds addresses), the
// chosen sheet is streamed once as the text its cells show, its rows go
// through the same judging as a text list's, and they are written beside the
// job as UTF-8 CSV, which every later step reads as it reads any list.
import { createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { message, type Message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { readSheetRows, type SheetTail } from '../../sheets/read/sheet-rows';
import { openZipParts, type ZipParts } from '../../sheets/read/zip-parts';
import { WorkbookOverCap } from '../../sheets/read/workbook-caps';
import {
  sampleSheet,
  sheetRowCount,
  workbookOf,
  type OpenWorkbook,
  type SheetSample,
} from '../../sheets/read/workbook';
import { looksLikeAddress } from '../../lib/addresses/address';
import { detectHeader } from './column';
import { badFile, startRowJudge } from '../judge/judge-rows';
import type { ImportOptions } from './read';
import { throttledProgress } from './progress';
import { noRows, shapeTable, type TableShape } from './table-shape';
import { cellWriter } from '../write/row-text';
import type { ImportedList, SheetSummary } from '../types';

const SURVEY_ROWS = 200;

interface SurveyedSheet extends SheetSummary {
  part: string | null;
  sample: SheetSample | null;
  /** Index in the sample of the table's first row (its header, if it has one). */
  start: number;
}

const nonEmpty = (cells: string[]) => cells.reduce((n, c) => (c.trim() === '' ? n : n + 1), 0);

/**
 * Where the table begins among a sheet's first rows: rows above it that are
 * narrower than its header (a title, "Exported on …") are not part of it.
 */
export function tableStart(rows: string[][]): number {
  const first = rows.findIndex((cells) => cells.some(looksLikeAddress));
  if (first < 1) return 0;
  const start = detectHeader(rows.slice(first - 1)) ? first - 1 : first;
  const width = nonEmpty(rows[start] ?? []);
  for (let i = 0; i < start; i++) if (nonEmpty(rows[i] ?? []) >= width) return 0;
  return start;
}

async function survey(book: OpenWorkbook, signal?: AbortSignal): Promise<SurveyedSheet[]> {
  const sheets: SurveyedSheet[] = [];
  for (const sheet of book.sheets) {
    const base = { index: sheet.index, name: sheet.name, hidden: sheet.hidden, part: sheet.part };
    if (!sheet.part) {
      sheets.push({ ...base, rows: 0, hasAddresses: false, sample: null, start: 0 });
      continue;
    }
    const sample = await sampleSheet(book, sheet.part, SURVEY_ROWS, signal);
    const cells = sample.rows.map((r) => r.cells);
    const start = tableStart(cells);
    // As the review counts them: the rows below the header and any title.
    const above = start + (detectHeader(cells.slice(start)) ? 1 : 0);
    sheets.push({
      ...base,
      rows: Math.max(0, sheetRowCount(sample) - above),
      hasAddresses: cells.some((row) => row.some(looksLikeAddress)),
      sample,
      start,
    });
  }
  return sheets;
}

function pickSheet(sheets: SurveyedSheet[], wanted: string | number | undefined, name: string) {
  if (typeof wanted === 'string') {
    const folded = wanted.trim().toLowerCase();
    const sheet = sheets.find((s) => s.name.trim().toLowerCase() === folded);
    if (!sheet) {
      const names = sheets.map((s) => `"${s.name}"`).join(', ');
      throw badFile(message('error.import.noSheetNamed', { name, wanted, names }));
    }
    return sheet;
  }
  if (wanted !== undefined) {
    const sheet = sheets[wanted];
    if (!sheet) {
      throw badFile(
        message('error.import.noSheetNumber', {
          name,
          number: wanted + 1,
          count: sheets.length,
        }),
      );
    }
    return sheet;
  }
  const visible = sheets.filter((s) => !s.hidden && s.part);
  return visible.find((s) => s.hasAddresses) ?? visible[0] ?? sheets[0];
}

/**
 * A cell of the sheet's CSV copy: quoted only where it must be, so it reads
 * back the same. Formulas are escaped by the export, not in the copy.
 */
const csvCell = cellWriter(',', false, false);

/** `parts`: the workbook's zip, opened to tell what it is; closed here. */
async function importWorkbook(
  path: string,
  parts: ZipParts,
  name: string,
  options: ImportOptions,
): Promise<ImportedList> {
  let book: OpenWorkbook;
  try {
    book = await workbookOf(parts, options.signal);
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw damaged(name, err);
  }
  try {
    const sheets = await survey(book, options.signal);
    const sheet = pickSheet(sheets, options.sheet, name);
    if (!sheet?.part || !sheet.sample) {
      throw badFile(
        sheet
          ? message('error.import.chart', { sheet: sheet.name, name })
          : message('error.import.noSheetsInWorkbook', { name }),
      );
    }
    const where =
      sheets.length > 1 ? message('error.import.sheetOf', { sheet: sheet.name, name }) : name;
    const tableRows = sheet.sample.rows.slice(sheet.start);
    const first = tableRows[0];
    if (!first) throw badFile(message('error.import.empty', { name: where }));
    const shape = shapeTable(
      tableRows.map((r) => r.cells),
      sheet.sample.complete,
      where,
      options.column,
    );
    const read = { book, part: sheet.part, shape, firstRow: first.rowNumber, where };
    let result = await readTable(read, options, undefined);
    // A mailto: link shows its address only once the sheet's end is read: a
    // sheet with some is read again knowing them.
    if (result.tail.mailto.size > 0) result = await readTable(read, options, result.tail.mailto);
    const summaries: SheetSummary[] = sheets.map(
      ({ index, name: n, hidden, rows, hasAddresses }) => ({
        index,
        name: n,
        hidden,
        rows,
        hasAddresses,
      }),
    );
    return {
      sourcePath: result.csvPath,
      sourceBytes: result.csvBytes,
      encoding: 'utf-8',
      delimiter: ',',
      newline: '\r\n',
      hasHeader: shape.hasHeader,
      columns: shape.columns,
      column: shape.column,
      candidates: shape.candidates,
      counts: result.counts,
      preview: result.preview,
      addressesPath: join(options.workDir, 'addresses.txt'),
      rowIndexPath: join(options.workDir, 'rows.idx'),
      workbook: {
        path,
        bytes: (await stat(path)).size,
        sheet: sheet.index,
        sheets: summaries,
        skippedRows: sheet.start,
      },
    };
  } catch (err) {
    // A cap crossed while the sheets are looked at is said as one (workbook-caps.ts).
    throw err instanceof WorkbookOverCap ? damaged(name, err) : err;
  } finally {
    book.close();
  }
}

interface TableRead {
  book: OpenWorkbook;
  part: string;
  shape: TableShape;
  /** The sheet's row number of the table's first row. */
  firstRow: number;
  where: string | Message;
}

async function readTable(
  read: TableRead,
  options: ImportOptions,
  mailto: ReadonlyMap<string, string> | undefined,
) {
  const { book, part, shape, firstRow, where } = read;
  const csvPath = join(options.workDir, 'sheet.csv');
  const width = shape.columns.length;
  const totalBytes = book.parts.size(part);
  const judge = startRowJudge({
    name: where,
    addressesPath: join(options.workDir, 'addresses.txt'),
    rowIndexPath: join(options.workDir, 'rows.idx'),
    column: shape.column.index,
    expectedWidth: shape.expectedWidth,
    hasHeader: shape.hasHeader,
    byteText: false,
    // About 40 bytes of XML a cell: a guess the worker's table grows past if wrong.
    expectedRows: Math.ceil(totalBytes / (40 * Math.max(1, shape.columns.length))),
    options,
  });
  const out = createWriteStream(csvPath);
  let chunk = '';
  let csvBytes = 0;
  let chars = 0;
  const report = throttledProgress(options.onProgress, () => ({
    bytesRead: chars,
    totalBytes,
    rows: judge.rows,
  }));
  const flush = (): Promise<void> | null => {
    if (chunk === '') return null;
    csvBytes += Buffer.byteLength(chunk);
    const ok = out.write(chunk);
    chunk = '';
    return ok ? null : once(out, 'drain').then(() => undefined);
  };
  let tail: SheetTail;
  let judged: Awaited<ReturnType<typeof judge.finish>>;
  try {
    tail = await readSheetRows(
      book,
      part,
      (cells, rowNumber) => {
        if (rowNumber < firstRow) return;
        // A sheet's rows end at their last cell with something in it; as a
        // table each is as wide as the header, so none counts as ragged.
        while (cells.length < width) cells.push('');
        let line = csvCell(cells[0] ?? '');
        for (let c = 1; c < cells.length; c++) line += ',' + csvCell(cells[c] as string);
        chunk += line + '\r\n';
        const held = judge.row(cells);
        // Written 64 KB at a time: a longer string, and the rows' cells in it,
        // would live long enough to reach the old generation (measured: a
        // million-row sheet peaked at 490 MB with 1 MB, 250 MB with 64 KB).
        const written = chunk.length > 1 << 16 ? flush() : null;
        if (held && written) return Promise.all([held, written]).then(() => undefined);
        return held ?? written ?? undefined;
      },
      {
        ...(mailto ? { mailto } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onProgress: (read) => {
          chars = read;
          report(false);
        },
      },
    );
    await flush();
    out.end();
    await once(out, 'finish');
    judged = await judge.finish();
  } catch (err) {
    judge.kill();
    out.destroy();
    if (err instanceof AppError || options.signal?.aborted) throw err;
    throw damaged(where, err);
  }
  options.onProgress?.({ bytesRead: totalBytes, totalBytes, rows: judged.counts.rows });
  if (judged.counts.rows === 0) throw noRows(where, shape);
  return { tail, csvPath, csvBytes, counts: judged.counts, preview: judged.preview };
}

function damaged(name: string | Message, err: unknown): AppError {
  if (err instanceof WorkbookOverCap) {
    return badFile(message('error.import.workbookOverCap', { name, what: err.what, max: err.max }));
  }
  const reason = err instanceof Error ? err.message : String(err);
  return badFile(message('error.import.damagedWorkbook', { name, reason }));
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// An OLE compound file: a legacy .xls, or an Office file encrypted with a password.
const COMPOUND = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/**
 * Reads a file that is a spreadsheet or an archive rather than a text list,
 * or refuses it with what to do; null for anything else (a text list).
 */
export async function importSpreadsheet(
  path: string,
  name: string,
  head: Buffer,
  options: ImportOptions,
): Promise<ImportedList | null> {
  if (head.subarray(0, 8).equals(COMPOUND)) {
    if (head.includes(ENCRYPTED_PACKAGE) || (await fileIncludes(path, ENCRYPTED_PACKAGE))) {
      throw badFile(message('error.import.password', { name }));
    }
    throw badFile(message('error.import.xls', { name }));
  }
  if (!head.subarray(0, 4).equals(ZIP)) {
    if (/\.(xlsx|xlsm)$/i.test(name)) throw damaged(name, new Error('it is not a zip package'));
    return null;
  }
  let parts: ZipParts;
  try {
    parts = await openZipParts(path);
  } catch (err) {
    throw damaged(name, err);
  }
  const refused = notAWorkbook(parts);
  if (refused) {
    parts.close();
    throw badFile(refused(name));
  }
  return importWorkbook(path, parts, name, options);
}

/** What a zip that is not an .xlsx/.xlsm workbook is, and what to drop instead; null for a workbook. */
function notAWorkbook(parts: ZipParts): ((name: string) => Message) | null {
  if (parts.names().some((n) => /^xl\/[^/]*workbook[^/]*\.xml$/.test(n))) return null;
  if (parts.has('xl/workbook.bin')) return (name) => message('error.import.xlsb', { name });
  if (parts.has('content.xml') && parts.has('mimetype')) {
    return (name) => message('error.import.ods', { name });
  }
  if (parts.has('[Content_Types].xml')) {
    return (name) => message('error.import.officeDocument', { name });
  }
  return (name) => message('error.import.archive', { name });
}

/** The compound file's directory may sit past the first bytes read. */
async function fileIncludes(path: string, bytes: Buffer): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(4 * 1024 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).includes(bytes);
  } finally {
    await handle.close();
  }
}
