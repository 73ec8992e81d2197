// An .xlsx/.xlsm workbook opened for reading: its parts, its shared strings
// and how to show its numbers, then a look at the first rows of every sheet
// (the sheet picker's names, row counts and whether a sheet holds addresses).
import { cellFormatter } from './cell-text';
import { readSharedStrings } from './shared-strings';
import { EMPTY_TABLE } from './string-table';
import { readSheetRows, rowOf, type SheetContext, type SheetTail } from './sheet-rows';
import { readWorkbookParts, type SheetPart } from './workbook-parts';
import { openZipParts, type ZipParts } from './zip-parts';

export interface OpenWorkbook extends SheetContext {
  sheets: SheetPart[];
  close(): void;
}

/** Throws plain errors (a damaged zip, a missing part): the caller words them. */
export async function openWorkbook(path: string, signal?: AbortSignal): Promise<OpenWorkbook> {
  return workbookOf(await openZipParts(path), signal);
}

/** The workbook in a zip already open; its parts are closed with it, or on failure. */
export async function workbookOf(parts: ZipParts, signal?: AbortSignal): Promise<OpenWorkbook> {
  try {
    const workbook = await readWorkbookParts(parts);
    const sharedStrings = workbook.sharedStrings
      ? await readSharedStrings(parts, workbook.sharedStrings, signal)
      : EMPTY_TABLE;
    return {
      parts,
      sharedStrings,
      formatter: cellFormatter(workbook.formats, workbook.date1904),
      sheets: workbook.sheets,
      close: () => parts.close(),
    };
  } catch (err) {
    parts.close();
    throw err;
  }
}

/** A sheet's first rows with their 1-based row numbers. */
export interface SheetSample {
  rows: Array<{ cells: string[]; rowNumber: number }>;
  /** Every row of the sheet is in `rows`. */
  complete: boolean;
  tail: SheetTail;
}

export async function sampleSheet(
  book: OpenWorkbook,
  part: string,
  maxRows: number,
  signal?: AbortSignal,
): Promise<SheetSample> {
  const rows: SheetSample['rows'] = [];
  const tail = await readSheetRows(
    book,
    part,
    (cells, rowNumber) => void rows.push({ cells, rowNumber }),
    { maxRows, ...(signal ? { signal } : {}) },
  );
  return { rows, complete: !tail.partial, tail };
}

/**
 * Rows with something in them: counted when the sample read the whole sheet,
 * otherwise taken from the range the sheet states (which may count a few
 * empty rows; it is what Excel shows as the sheet's last row).
 */
export function sheetRowCount(sample: SheetSample): number {
  if (sample.complete) return sample.rows.length;
  const range = sample.tail.dimension?.split(':');
  const first = sample.rows[0]?.rowNumber ?? 1;
  const last = range?.[1] ? rowOf(range[1]) : 0;
  return Math.max(sample.rows.length, last - first + 1);
}
