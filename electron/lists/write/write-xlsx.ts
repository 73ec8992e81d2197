// The cleaned list as an Excel workbook: the list's rows read again as the
// import read them (a workbook's sheet through its CSV copy), each with its
// entry in the row index, written as values with the chosen status columns
// after the original ones. The workbook's look (frozen header, filter,
// coloured statuses, continuation sheets) is the writer's (sheets/write/xlsx-writer.ts).
import { rm } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { placeFile, tempPathFor } from '../../lib/files/atomic-file';
import { createXlsxWriter, type StatusTone } from '../../sheets/write/xlsx-writer';
import { fromByteText, parsesAsBytes, textStream } from '../read/encoding';
import { exportDestinationSaid } from './export-name';
import { parseRows } from '../read/parse-config';
import { exportFailed, throttledProgress } from '../read/progress';
import { openRowIndex } from '../read/row-index';
import type { ImportedList, RowStatus } from '../types';
import { exportInputs, type ExportOptions, type ExportResult } from './write';
import {
  appendedCell,
  appendedHeaderNames,
  indexedRows,
  keepsRow,
  type OutcomeLookup,
} from '../judge/row-facts';

/** The colour of a row's status cell in a workbook. */
export const STATUS_TONES: Record<RowStatus, StatusTone> = {
  deliverable: 'good',
  undeliverable: 'bad',
  unknown: 'unsure',
  invalid: 'muted',
  duplicate: 'muted',
  disposable: 'muted',
  role: 'muted',
  not_covered: 'muted',
  suppressed: 'muted',
  blocked: 'muted',
};

/** The sheet the rows came from, or the list's file name without its extension. */
function sheetNameOf(list: ImportedList, fileName: string): string {
  const workbook = list.workbook;
  const sheet = workbook?.sheets[workbook.sheet];
  return sheet?.name ?? basename(fileName, extname(fileName));
}

export async function exportWorkbook(
  list: ImportedList,
  outcomeOf: OutcomeLookup,
  options: ExportOptions & { fileName: string },
): Promise<ExportResult & { sheets: string[] }> {
  const destPath = resolve(options.destPath);
  const filter = options.filter ?? 'all';
  const appended = options.columns ?? ['email_status'];
  const problem = await exportDestinationSaid(destPath, {
    input: exportInputs(list, options.original),
  });
  if (problem) throw new AppError('bad_file', message('error.export.resultsKept', { problem }));

  const asBytes = parsesAsBytes(list.encoding);
  const decode = asBytes ? (row: string[]) => row.map(fromByteText) : (row: string[]) => row;
  const width = list.columns.length;
  const names = appendedHeaderNames(list.columns, appended);
  const index = await openRowIndex(list.rowIndexPath);
  const tmp = tempPathFor(destPath);
  const statusAt = appended.indexOf('email_status');
  const writer = createXlsxWriter({
    path: tmp,
    sheetName: sheetNameOf(list, options.fileName),
    // Without a header row of its own the list's columns are named
    // "Column 1"…: a workbook's filter and frozen row need one.
    header: [...list.columns, ...names],
    toneColumn: statusAt === -1 ? -1 : width + statusAt,
  });
  const rows = indexedRows(index, outcomeOf, options);
  let skipHeader = list.hasHeader;
  let rowsWritten = 0;
  let bytesRead = 0;
  const report = throttledProgress(options.onProgress, () => ({
    bytesRead,
    totalBytes: list.sourceBytes,
    rows: rows.count,
  }));
  const text = textStream(list.sourcePath, list.encoding, (b) => (bytesRead = b));
  let sheets: string[];
  try {
    await parseRows(text, list, (row) => {
      if (skipHeader) {
        skipHeader = false;
        return;
      }
      const facts = rows.next();
      if (!keepsRow(filter, facts)) return;
      rowsWritten += 1;
      const cells = decode(row);
      while (cells.length < width) cells.push('');
      for (const column of appended) cells.push(appendedCell(column, facts));
      const held = writer.addRow(cells, STATUS_TONES[facts.status]);
      if (held) {
        // The file is behind: hold the reading until it catches up.
        text.pause();
        held.then(
          () => text.resume(),
          (err: unknown) => text.destroy(err instanceof Error ? err : new Error(String(err))),
        );
      }
      if (options.signal?.aborted) throw options.signal.reason;
      report(false);
    });
    if (options.signal?.aborted) throw options.signal.reason;
    rows.end();
    ({ sheets } = await writer.finish());
    await placeFile(tmp, destPath, options.place);
  } catch (err) {
    text.destroy();
    await index.close();
    await writer.abort();
    await rm(tmp, { force: true });
    if (options.signal?.aborted || err instanceof AppError) throw err;
    throw new AppError('bad_file', exportFailed('workbook', err));
  }
  await index.close();
  report(true);
  return { path: destPath, rowsWritten, rowsTotal: rows.count, sheets };
}
