// The cleaned list as an Excel workbook, written row by row: each row becomes
// XML at once and goes out in chunks of about a megabyte through the zip
// (xlsx-zip.ts), so memory does not grow with the list. The header row is bold,
// frozen and filtered; the status column is coloured by tone; a list longer
// than a sheet continues on "<name> (2)", "(3)"… each with its own header.
// Worksheets are written first and the parts that name them (workbook, content
// types, relationships) last, once the sheets' names and sizes are known.
import {
  MAX_COLUMNS,
  Style,
  cellXml,
  columnLetters,
  columnWidths,
  continuationName,
  sheetName,
  styleAttribute,
  textCellXml,
} from './xlsx-cells';
import { workbookParts, worksheetEnd, worksheetPath, worksheetStart } from './xlsx-parts';
import type { SheetInfo } from './xlsx-parts';
import { ZipSink } from './xlsx-zip';
import { createBareWriter } from './xlsx-bare';

export type StatusTone = 'good' | 'bad' | 'unsure' | 'muted';

export interface XlsxWriterOptions {
  /** The final file path; write to it directly (the caller writes to a temp path and renames it). */
  path: string;
  /** The base sheet name, e.g. the input sheet's name or the list's file name without extension; sanitised here. */
  sheetName: string;
  /** The header row: the original columns then the appended status columns. */
  header: string[];
  /** Index in header of the column whose cells are coloured by tone (email_status), or -1. */
  toneColumn: number;
  /** Rows per sheet including the header row; default 1_048_576 (Excel's limit). */
  maxRowsPerSheet?: number;
}

export interface XlsxWriter {
  /** Adds one data row (cells as the text to show) and the tone of its status cell. Resolves at once unless the output is behind (backpressure): await it. */
  addRow(cells: readonly string[], tone: StatusTone | null): Promise<void> | void;
  /** Writes the remaining parts (workbook.xml etc.), closes the zip, resolves when the file is fully written and closed. */
  finish(): Promise<{ sheets: string[]; rows: number }>;
  /** Stops, closes and deletes the partial file. */
  abort(): Promise<void>;
}

export const EXCEL_MAX_ROWS = 1_048_576;

/** XML gathered before it is handed to the zip: fewer, larger writes. */
const CHUNK_CHARS = 1 << 20;
/** Rows of the first sheet held back to size the columns. */
const WIDTH_SAMPLE_ROWS = 100;

const TONE_STYLE: Record<StatusTone, string> = {
  good: styleAttribute(Style.good),
  bad: styleAttribute(Style.bad),
  unsure: styleAttribute(Style.unsure),
  muted: styleAttribute(Style.muted),
};
const HEADER_STYLE = styleAttribute(Style.header);

class Writer implements XlsxWriter {
  private readonly sink: ZipSink;
  private readonly header: readonly string[];
  private readonly toneColumn: number;
  private readonly maxRows: number;
  private readonly baseName: string;
  /** `<c r="B` for each column, grown when a row is wider than the header. */
  private readonly cellOpen: string[];
  private readonly sheets: SheetInfo[] = [];
  private sample: { cells: string[]; tone: StatusTone | null }[] | null = [];
  private widths: number[] = [];
  private sheet: SheetInfo | null = null;
  private xml = '';
  private rows = 0;
  private done = false;

  constructor(options: XlsxWriterOptions) {
    const columns = options.header.length;
    if (columns === 0 || columns > MAX_COLUMNS) {
      throw new RangeError(`A sheet holds 1 to ${MAX_COLUMNS} columns, not ${columns}`);
    }
    const maxRows = options.maxRowsPerSheet ?? EXCEL_MAX_ROWS;
    if (!Number.isInteger(maxRows) || maxRows < 2 || maxRows > EXCEL_MAX_ROWS) {
      throw new RangeError(`maxRowsPerSheet must be 2 to ${EXCEL_MAX_ROWS}, not ${maxRows}`);
    }
    this.header = [...options.header];
    this.toneColumn = options.toneColumn;
    this.maxRows = maxRows;
    this.baseName = sheetName(options.sheetName);
    this.cellOpen = this.header.map((_, i) => '<c r="' + columnLetters(i));
    this.sink = new ZipSink(options.path);
  }

  addRow(cells: readonly string[], tone: StatusTone | null): Promise<void> | void {
    if (this.sink.error) return Promise.reject(this.sink.error);
    if (this.done) return Promise.reject(new Error('The workbook is already finished'));
    if (this.sample !== null) {
      // Copied: a caller may reuse its array for the next row.
      this.sample.push({ cells: [...cells], tone });
      if (this.sample.length < WIDTH_SAMPLE_ROWS) return;
      this.writeSample();
    } else {
      this.appendRow(cells, tone);
    }
    if (this.xml.length >= CHUNK_CHARS) return this.flush();
  }

  async finish(): Promise<{ sheets: string[]; rows: number }> {
    if (this.sink.error) throw this.sink.error;
    if (this.done) throw new Error('The workbook is already finished');
    this.done = true;
    if (this.sample !== null) this.writeSample();
    this.endSheet();
    for (const [name, text] of workbookParts({
      sheets: this.sheets,
      columns: this.header.length,
      styles: true,
      filters: true,
      docProps: true,
    })) {
      this.sink.addText(name, text);
    }
    await this.sink.finish();
    return { sheets: this.sheets.map((sheet) => sheet.name), rows: this.rows };
  }

  async abort(): Promise<void> {
    this.done = true;
    await this.sink.abort();
  }

  private flush(): Promise<void> | void {
    const chunk = this.xml;
    this.xml = '';
    return this.sink.write(chunk);
  }

  /** Sizes the columns from the rows held back, then writes them. */
  private writeSample(): void {
    const sample = this.sample ?? [];
    this.sample = null;
    this.widths = columnWidths(
      this.header,
      sample.map((row) => row.cells),
    );
    this.startSheet();
    for (const row of sample) this.appendRow(row.cells, row.tone);
  }

  private startSheet(): SheetInfo {
    const index = this.sheets.length;
    const taken = new Set(this.sheets.map((sheet) => sheet.name.toLowerCase()));
    const name = index === 0 ? this.baseName : continuationName(this.baseName, index + 1, taken);
    const sheet: SheetInfo = { name, rows: 1 };
    this.sheet = sheet;
    this.sheets.push(sheet);
    this.sink.openEntry(worksheetPath(index));
    let xml = worksheetStart(this.widths, index === 0) + '<row r="1">';
    for (let i = 0; i < this.header.length; i++) {
      const title = this.header[i] ?? '';
      if (title !== '') xml += textCellXml(this.cellOpen[i] + '1"', title, HEADER_STYLE);
    }
    this.xml += xml + '</row>';
    return sheet;
  }

  private endSheet(): void {
    const rows = this.sheet?.rows ?? 1;
    this.sink.closeEntry(this.xml + worksheetEnd(this.header.length, rows));
    this.xml = '';
    this.sheet = null;
  }

  private appendRow(cells: readonly string[], tone: StatusTone | null): void {
    let sheet = this.sheet;
    if (sheet === null || sheet.rows === this.maxRows) {
      if (sheet !== null) this.endSheet();
      sheet = this.startSheet();
    }
    const r = ++sheet.rows;
    this.rows++;
    const ref = r + '"';
    const count = Math.min(cells.length, MAX_COLUMNS);
    const toneColumn = tone === null ? -1 : this.toneColumn;
    const open = count > this.cellOpen.length ? this.widenTo(count) : this.cellOpen;
    let xml = '<row r="' + r + '">';
    for (let i = 0; i < count; i++) {
      const text = cells[i];
      if (text === undefined || text === '') continue;
      const style = i === toneColumn && tone !== null ? TONE_STYLE[tone] : '';
      xml += cellXml(open[i] + ref, text, style);
    }
    this.xml += xml + '</row>';
  }

  /** Cells past the header's last column are kept; Excel's column limit still applies. */
  private widenTo(count: number): string[] {
    for (let i = this.cellOpen.length; i < count; i++) {
      this.cellOpen.push('<c r="' + columnLetters(i));
    }
    return this.cellOpen;
  }
}

export function createXlsxWriter(options: XlsxWriterOptions): XlsxWriter {
  return new Writer(options);
}

/** For the benchmark: the same rows as plain inline-string cells and nothing else (xlsx-bare.ts). */
export function createBareXlsxWriter(options: {
  path: string;
  header: string[];
}): Pick<XlsxWriter, 'addRow' | 'finish' | 'abort'> {
  return createBareWriter(options);
}
