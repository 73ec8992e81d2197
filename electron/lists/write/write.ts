// Writing the cleaned list: the input is parsed again exactly as the import
// parsed it, each row as the text it goes out as (row-batches.ts, on a
// worker for a large list), then paired here with its entry in the row index
// (row-facts.ts, which says what the row's appended cells hold) and written
// with the chosen columns appended. Nothing is judged twice and the input
// file is only ever read.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { placeFile, tempPathFor, type PlaceOptions } from '../../lib/files/atomic-file';
import { parsesAsBytes, toByteText } from '../read/encoding';
import { exportDestinationSaid } from './export-name';
import { openByteOut, type ByteOut } from './byte-out';
import { exportFailed, throttledProgress } from '../read/progress';
import { outputEncodingOf, readRowBatches } from './row-batches';
import { cellWriter } from './row-text';
import { openRowIndex } from '../read/row-index';
import {
  appendedCell,
  appendedHeaderNames,
  indexedRows,
  keepsRow,
  type OutcomeLookup,
  type RowFactSources,
  type RowKeep,
} from '../judge/row-facts';
import type { AppendedColumn, ImportedList } from '../types';

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
  const outputEncoding = outputEncodingOf(list.encoding);
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
  let header = list.hasHeader;
  const report = throttledProgress(options.onProgress, () => ({
    bytesRead,
    totalBytes: list.sourceBytes,
    rows: rowsTotal,
  }));

  try {
    const file = (out = await openByteOut(tmp, outputEncoding));
    if (options.bom) file.putBytes(Buffer.from([0xef, 0xbb, 0xbf]));
    const names = appendedHeaderNames(list.columns, appended)
      .map((name) => cell(inForm(name)))
      .join(delimiter);
    const rows = indexedRows(index, outcomeOf, options);
    await readRowBatches(list, escapeFormulas, (batch) => {
      const bytes = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.length);
      for (let r = 0; r < batch.rows; r++) {
        const start = batch.starts[r] as number;
        const end = start + (batch.lengths[r] as number);
        // A short row is padded so the appended columns line up under their header.
        const short = width - (batch.widths[r] as number);
        if (header) {
          // The header as it was read (not list.columns, whose blank names were
          // filled in), padded, then the appended names.
          header = false;
          file.putRange(bytes, start, end);
          if (short > 0) file.put(padding(short));
          file.put(delimiter + names + newline);
          continue;
        }
        const facts = rows.next();
        rowsTotal += 1;
        if (!keepsRow(filter, facts)) continue;
        rowsWritten += 1;
        file.putRange(bytes, start, end);
        if (short > 0) file.put(padding(short));
        for (const column of appended) {
          file.put(delimiter);
          file.put(appendedOut(appendedCell(column, facts)));
        }
        file.put(newline);
      }
      bytesRead = batch.bytesRead;
      if (options.signal?.aborted) throw options.signal.reason;
      report(false);
      // Each megabyte is written while the next is parsed; only rows a
      // whole megabyte ahead of a write under way wait for it.
      if (file.held < 1 << 20 || file.flush()) return undefined;
      return file.busy() ?? undefined;
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
