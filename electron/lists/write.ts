// Writing the cleaned list: the input is parsed again exactly as the import
// parsed it (parse-config.ts), each row is paired with its entry in the row
// index (row-facts.ts, which says what the row's appended cells hold), and
// the original cells are written back in their order with the chosen columns
// appended. Nothing is judged twice and the
// input file is only ever read.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { placeFile, tempPathFor, type PlaceOptions } from '../lib/atomic-file';
import { parsesAsBytes, textStream, toByteText } from './encoding';
import { exportDestinationSaid } from './export-name';
import {
  SEPARATORS,
  escapeFormula,
  hasFormulaSegment,
  holdsSegmentStart,
  needsFormulaEscape,
} from './formula';
import { openByteOut, type ByteOut } from './byte-out';
import { parseRows } from './parse-config';
import { exportFailed, throttledProgress } from './progress';
import { openRowIndex } from './row-index';
import {
  appendedCell,
  appendedHeaderNames,
  indexedRows,
  keepsRow,
  type OutcomeLookup,
  type RowFactSources,
  type RowKeep,
} from './row-facts';
import type { AppendedColumn, ImportedList } from './types';

export interface ExportProgress {
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export interface ExportOptions extends RowFactSources {
  destPath: string;
  /** Which rows to write; default all of them. */
  filter?: RowKeep;
  /** Appended in this order; default email_status alone. */
  columns?: readonly AppendedColumn[];
  /** A UTF-8 byte order mark, so Excel opens the file as UTF-8. */
  bom?: boolean;
  /** Default true; see formula.ts. */
  escapeFormulas?: boolean;
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
  /** How the finished file is put in place (tests shorten the waits for a file in use). */
  place?: PlaceOptions;
  /** The user's own file the list was copied from: never replaced either. */
  original?: string;
}

export interface ExportResult {
  path: string;
  rowsWritten: number;
  rowsTotal: number;
}

export function cellWriter(delimiter: string, escapeFormulas: boolean, byteText: boolean) {
  // Quoted only where the cell needs it, so a cell written back reads back the
  // same. Cheap tests first (see formula.ts): this runs for every appended
  // cell of a million-row file.
  if (!escapeFormulas) {
    return (cell: string): string => {
      if (
        cell.indexOf('"') === -1 &&
        cell.indexOf(delimiter) === -1 &&
        cell.indexOf('\n') === -1 &&
        cell.indexOf('\r') === -1
      ) {
        return cell;
      }
      return `"${cell.replace(/"/g, '""')}"`;
    };
  }
  // Escaping: a cell holding any common separator, a quote or a line break is
  // quoted, so a reader that splits on another separator keeps it whole when
  // its field starts with the cell; where it does not, the cell's escaped
  // segments (formula.ts) keep what that reader sees as text.
  return (cell: string): string => {
    if (cell === '') return cell;
    if (!holdsSegmentStart(cell)) return needsFormulaEscape(cell, byteText) ? `'${cell}` : cell;
    return `"${escapeFormula(cell, byteText).replace(/"/g, '""')}"`;
  };
}

/** Where the first CR or LF from `from` is, or -1. */
function nextBreak(line: string, from: number): number {
  const lf = line.indexOf('\n', from);
  const cr = line.indexOf('\r', from);
  return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
}

/**
 * Whether a row's text is in standard quoting (RFC 4180), so that every
 * reader splits it alike: a quote only opens a field, closes it before a
 * delimiter or the end, or is doubled inside it; line breaks only inside
 * quotes. Found by jumping from quote to quote: this runs for every quoted
 * row of a million-row export.
 */
export function inStandardQuoting(line: string, delimiter: string): boolean {
  const d = delimiter.charCodeAt(0);
  let lineBreak = nextBreak(line, 0);
  let quoted = false;
  for (let q = line.indexOf('"'); q !== -1; q = line.indexOf('"', q + 1)) {
    if (!quoted) {
      // Opening: at the start of a field, with no line break before it outside quotes.
      if (q > 0 && line.charCodeAt(q - 1) !== d) return false;
      if (lineBreak !== -1 && lineBreak < q) return false;
      quoted = true;
    } else if (line.charCodeAt(q + 1) === 0x22) {
      q += 1; // a doubled quote inside the field
    } else {
      // Closing: the field ends here.
      if (q + 1 < line.length && line.charCodeAt(q + 1) !== d) return false;
      if (lineBreak !== -1 && lineBreak < q) lineBreak = nextBreak(line, q + 1);
      quoted = false;
    }
  }
  return !quoted && lineBreak === -1;
}

/** What an export must never write over: the list it reads, and the files it came from. */
export function exportInputs(list: ImportedList, original: string | undefined): string[] {
  return [list.sourcePath, original, list.workbook?.path].filter(
    (p): p is string => p !== undefined,
  );
}

export async function exportList(
  list: ImportedList,
  outcomeOf: OutcomeLookup,
  options: ExportOptions,
): Promise<ExportResult> {
  const destPath = resolve(options.destPath);
  const filter = options.filter ?? 'all';
  const appended = options.columns ?? ['email_status'];
  const { delimiter, newline } = list;
  // Rows are written back as they were read: byte text as its bytes, decoded
  // text as UTF-8. Appended cells join them in the same form.
  const asBytes = parsesAsBytes(list.encoding);
  const outputEncoding = asBytes ? 'latin1' : 'utf8';
  const inForm = asBytes ? toByteText : (text: string) => text;
  const escapeFormulas = options.escapeFormulas ?? true;
  const cell = cellWriter(delimiter, escapeFormulas, asBytes);
  // Appended cells repeat (a few statuses and providers over a million
  // rows): each distinct one is written once and then looked up.
  const written = new Map<string, string>();
  const appendedOut = (value: string): string => {
    let out = written.get(value);
    if (out === undefined) {
      out = cell(inForm(value));
      if (written.size >= 4096) written.clear();
      written.set(value, out);
    }
    return out;
  };
  const width = list.columns.length;
  const pads: string[] = [];
  const padding = (n: number) => (pads[n] ??= delimiter.repeat(n));

  const problem = await exportDestinationSaid(destPath, {
    input: exportInputs(list, options.original),
  });
  if (problem) throw new AppError('bad_file', message('error.export.resultsKept', { problem }));

  const tmp = tempPathFor(destPath);
  // Read along with the rows, a chunk at a time.
  const index = await openRowIndex(list.rowIndexPath);
  let out: ByteOut | null = null;
  let rowsWritten = 0;
  let rowsTotal = 0;
  let bytesRead = 0;
  let skipHeader = list.hasHeader;
  const report = throttledProgress(options.onProgress, () => ({
    bytesRead,
    totalBytes: list.sourceBytes,
    rows: rowsTotal,
  }));
  // The separators other than the file's: all an unquoted cell can hold of them.
  const others = SEPARATORS.filter((s) => s !== delimiter);
  /**
   * Whether a row's text, copied, could run as a formula in some reader (see
   * formula.ts). Text with a quote or a line break is copied only in
   * standard quoting, which every reader splits as papaparse did: a
   * malformed quote makes papaparse take the next line into a cell, where
   * Python's csv and LibreOffice start a row with it. Such text holds each
   * cell's characters as they are (a quote doubled), so searching the text
   * finds every segment of every cell.
   */
  const unsafe = (row: string[], line: string): boolean => {
    const quoted =
      line.indexOf('"') !== -1 || line.indexOf('\n') !== -1 || line.indexOf('\r') !== -1;
    if (quoted && !inStandardQuoting(line, delimiter)) return true;
    for (let c = 0; c < row.length; c++) {
      if (needsFormulaEscape(row[c] as string, asBytes)) return true;
    }
    // Unquoted, a cell holds no quote, line break or the file's delimiter: without
    // the other separators, the row has no segments.
    let separated = quoted;
    for (const s of others) if (!separated && line.indexOf(s) !== -1) separated = true;
    return separated && hasFormulaSegment(line, asBytes);
  };
  /**
   * A row as the file had it (its quoting, spacing and characters), or, when
   * that text is not safe to copy, its cells written again.
   */
  const original = (row: string[], raw: string): string => {
    // Blank lines before the row are not rows and carry nothing: dropped.
    let from = 0;
    while (raw.startsWith(newline, from)) from += newline.length;
    const to = raw.endsWith(newline) ? raw.length - newline.length : raw.length;
    const text = from === 0 && to === raw.length ? raw : raw.slice(from, to);
    if (!escapeFormulas || !unsafe(row, text)) return text;
    let line = cell(row[0] ?? '');
    for (let c = 1; c < row.length; c++) line += delimiter + cell(row[c] as string);
    return line;
  };

  try {
    const file = (out = await openByteOut(tmp, outputEncoding));
    if (options.bom) file.putBytes(Buffer.from([0xef, 0xbb, 0xbf]));
    const names = appendedHeaderNames(list.columns, appended)
      .map((name) => cell(inForm(name)))
      .join(delimiter);
    const text = textStream(list.sourcePath, list.encoding, (b) => (bytesRead = b));
    // Each megabyte is written while the next is parsed; only a reader a
    // whole megabyte ahead of the disk waits for it.
    const flush = () => {
      report(false);
      if (file.flush()) return;
      const writing = file.busy();
      if (!writing) return;
      text.pause();
      writing.then(
        () => text.resume(),
        (err: unknown) => text.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    };
    const rows = indexedRows(index, outcomeOf, options);
    await parseRows(text, list, (row, raw) => {
      if (skipHeader) {
        // The header as it was read (not list.columns, whose blank names were
        // filled in), padded, then the appended names.
        skipHeader = false;
        let line = original(row, raw);
        if (row.length < width) line += padding(width - row.length);
        file.put(line + delimiter + names + newline);
        return;
      }
      const facts = rows.next();
      rowsTotal += 1;
      if (keepsRow(filter, facts)) {
        rowsWritten += 1;
        file.put(original(row, raw));
        // A short row is padded so the appended columns line up under their header.
        if (row.length < width) file.put(padding(width - row.length));
        for (const column of appended) {
          file.put(delimiter);
          file.put(appendedOut(appendedCell(column, facts)));
        }
        file.put(newline);
      }
      if (file.held > 1 << 20) {
        if (options.signal?.aborted) throw options.signal.reason;
        flush();
      }
    });
    if (options.signal?.aborted) throw options.signal.reason;
    rows.end();
    await file.end();
    await placeFile(tmp, destPath, options.place);
  } catch (err) {
    await out?.destroy().catch(() => undefined);
    await rm(tmp, { force: true });
    if (options.signal?.aborted || err instanceof AppError) throw err;
    throw new AppError('bad_file', exportFailed('list', err));
  } finally {
    await index.close();
  }
  report(true);
  return { path: destPath, rowsWritten, rowsTotal };
}
