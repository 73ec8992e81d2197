// Writing the cleaned list: the input is parsed again exactly as the import
// parsed it (parse-config.ts), each row is paired with its entry in the row
// index (row-facts.ts, which says what the row's appended cells hold), and
// the original cells are written back in their order with the chosen columns
// appended. Nothing is judged twice and the
// input file is only ever read.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { AppError } from '../lib/app-error';
import { placeFile, tempPathFor, type PlaceOptions } from '../lib/atomic-file';
import { parsesAsBytes, textStream, toByteText } from './encoding';
import { exportDestinationProblem } from './export-name';
import { escapeFormula, needsFormulaEscape } from './formula';
import { parseRows } from './parse-config';
import { exportFailed, throttledProgress } from './progress';
import { readRowIndex } from './row-index';
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
  // same. indexOf and a first-character test instead of regular expressions:
  // this runs for every cell of a million-row file.
  return (cell: string): string => {
    if (cell === '') return cell;
    const safe = escapeFormulas ? escapeFormula(cell, byteText) : cell;
    if (
      safe.indexOf('"') === -1 &&
      safe.indexOf(delimiter) === -1 &&
      safe.indexOf('\n') === -1 &&
      safe.indexOf('\r') === -1
    ) {
      return safe;
    }
    return `"${safe.replace(/"/g, '""')}"`;
  };
}

/** What an export must never write over: the list it reads, and the files it came from. */
export function exportInputs(list: ImportedList, original: string | undefined): string[] {
  return [list.sourcePath, original, list.workbook?.path].filter(
    (p): p is string => p !== undefined,
  );
}

async function write(out: WriteStream, bytes: Uint8Array): Promise<void> {
  if (!out.write(bytes)) await once(out, 'drain');
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
  const cell = cellWriter(delimiter, options.escapeFormulas ?? true, asBytes);
  const width = list.columns.length;
  const pads: string[] = [];
  const padding = (n: number) => (pads[n] ??= delimiter.repeat(n));

  const problem = await exportDestinationProblem(destPath, {
    input: exportInputs(list, options.original),
  });
  if (problem) throw new AppError('bad_file', `${problem} Your results are kept.`);

  const tmp = tempPathFor(destPath);
  // The whole row index at once: 4 bytes a row (4 MB for a million rows), read
  // in one go, so each row's class is at hand while papaparse steps.
  const index = await readRowIndex(list.rowIndexPath);
  const out = createWriteStream(tmp, { flags: 'wx' });
  let rowsWritten = 0;
  let rowsTotal = 0;
  let bytesRead = 0;
  let skipHeader = list.hasHeader;
  const report = throttledProgress(options.onProgress, () => ({
    bytesRead,
    totalBytes: list.sourceBytes,
    rows: rowsTotal,
  }));
  const escapeFormulas = options.escapeFormulas ?? true;
  const needsEscape = (row: string[]): boolean => {
    if (!escapeFormulas) return false;
    for (let c = 0; c < row.length; c++) {
      if (needsFormulaEscape(row[c] as string, asBytes)) return true;
    }
    return false;
  };
  /**
   * A row as the file had it (its quoting, spacing and characters), or, when
   * a cell must be escaped against formulas, its cells written again.
   */
  const original = (row: string[], raw: string): string => {
    if (!needsEscape(row)) {
      // Blank lines before the row are not rows and carry nothing: dropped.
      let from = 0;
      while (raw.startsWith(newline, from)) from += newline.length;
      const to = raw.endsWith(newline) ? raw.length - newline.length : raw.length;
      return from === 0 && to === raw.length ? raw : raw.slice(from, to);
    }
    let line = cell(row[0] ?? '');
    for (let c = 1; c < row.length; c++) line += delimiter + cell(row[c] as string);
    return line;
  };

  try {
    if (options.bom) await write(out, Buffer.from([0xef, 0xbb, 0xbf]));
    const names = appendedHeaderNames(list.columns, appended)
      .map((name) => cell(inForm(name)))
      .join(delimiter);
    const text = textStream(list.sourcePath, list.encoding, (b) => (bytesRead = b));
    let chunk = '';
    let waiting = false;
    const flush = () => {
      if (chunk === '') return;
      const ok = out.write(chunk, outputEncoding);
      chunk = '';
      report(false);
      // The writer is behind: hold the reading until it catches up.
      if (!ok && !waiting) {
        waiting = true;
        text.pause();
        out.once('drain', () => {
          waiting = false;
          text.resume();
        });
      }
    };
    const rows = indexedRows(index, outcomeOf, options);
    await parseRows(text, list, (row, raw) => {
      if (skipHeader) {
        // The header as it was read (not list.columns, whose blank names were
        // filled in), padded, then the appended names.
        skipHeader = false;
        let line = original(row, raw);
        if (row.length < width) line += padding(width - row.length);
        chunk += line + delimiter + names + newline;
        return;
      }
      const facts = rows.next();
      rowsTotal += 1;
      if (keepsRow(filter, facts)) {
        rowsWritten += 1;
        let line = original(row, raw);
        // A short row is padded so the appended columns line up under their header.
        if (row.length < width) line += padding(width - row.length);
        for (const column of appended) {
          line += delimiter + cell(inForm(appendedCell(column, facts)));
        }
        chunk += line + newline;
      }
      if (chunk.length > 1 << 20) {
        if (options.signal?.aborted) throw options.signal.reason;
        flush();
      }
    });
    if (options.signal?.aborted) throw options.signal.reason;
    flush();
    rows.end();
    out.end();
    await once(out, 'finish');
    await placeFile(tmp, destPath, options.place);
  } catch (err) {
    out.destroy();
    await rm(tmp, { force: true });
    if (options.signal?.aborted || err instanceof AppError) throw err;
    throw new AppError('bad_file', exportFailed('The cleaned list', err));
  }
  report(true);
  return { path: destPath, rowsWritten, rowsTotal };
}
