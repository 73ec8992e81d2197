// Merging outcomes back and writing the cleaned list: the input is parsed
// again exactly as the import parsed it (parse-config.ts), each row is paired
// with its entry in the row index, and the original cells are written back in
// their order with the chosen columns appended. Nothing is judged twice and the
// input file is only ever read.
import { createWriteStream, type WriteStream } from 'node:fs';
import { APPENDED_COLUMNS } from '../common/model';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { AppError } from '../lib/app-error';
import { placeFile, tempPathFor, type PlaceOptions } from '../lib/atomic-file';
import { parsesAsBytes, textStream, toByteText } from './encoding';
import { exportDestinationProblem } from './export-name';
import { DISPOSABLE, FREE, ROLE, TYPO } from '../checks/findings';
import type { RowFlag, StatusGroup } from '../common/model';
import { escapeFormula, needsFormulaEscape } from './formula';
import { NO_MAIL } from './free-checks';
import { parseRows } from './parse-config';
import { exportFailed, throttledProgress } from './progress';
import { decodeRow, readRowIndex } from './row-index';
import {
  RowClass,
  type AppendedColumn,
  type JobOutcome,
  type ExportFilter,
  type ImportedList,
  type RowStatus,
} from './types';

/** The outcome of the unique address at this index (see ImportedList.addressesPath). */
export type OutcomeLookup = (addressIndex: number) => JobOutcome | undefined;

export interface ExportProgress {
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export interface ExportOptions {
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
  /** The address probably meant, for the email_suggestion column (see lists/free-checks.ts). */
  suggestionOf?: (addressIndex: number) => string | undefined;
  /** The free checks' flags of an address, for the email_flags column (see lists/free-checks.ts). */
  flagsOf?: (addressIndex: number) => number;
  /** When the job's own answers were given (ISO time), for email_checked_at; reused ones carry theirs. */
  checkedOn?: string | null;
}

export interface ExportResult {
  path: string;
  rowsWritten: number;
  rowsTotal: number;
}

export const ALL_APPENDED_COLUMNS: readonly AppendedColumn[] = APPENDED_COLUMNS;

/** What a row's appended status says. A row with no outcome yet is 'unknown'. */
export function rowStatus(cls: RowClass, outcome: JobOutcome | undefined): RowStatus {
  switch (cls) {
    case RowClass.valid:
      return outcome?.status ?? 'unknown';
    case RowClass.duplicate:
      return 'duplicate';
    default:
      return 'invalid';
  }
}

/**
 * Which rows an export keeps: an export panel's filter, a group of "Save by
 * status…", or a test of each row's facts (the results' filter, jobs/results/row-filter.ts).
 */
export type RowKeep = ExportFilter | StatusGroup | ((row: RowFacts) => boolean);

export function keepsRow(filter: RowKeep, row: RowFacts): boolean {
  if (typeof filter === 'function') return filter(row);
  return keepsStatus(filter, row.status);
}

export function keepsStatus(filter: ExportFilter | StatusGroup, status: RowStatus): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'deliverable':
      return status === 'deliverable';
    case 'not-deliverable':
      return status !== 'deliverable';
    case 'undeliverable':
    case 'unknown':
      return status === filter;
    case 'removed':
      return status !== 'deliverable' && status !== 'undeliverable' && status !== 'unknown';
  }
}

/**
 * The appended columns' header names: a name the file already uses gets the
 * first free suffix (`email_status_2`, `_3`, …), so no original column is shadowed.
 */
export function appendedHeaderNames(
  existing: readonly string[],
  appended: readonly AppendedColumn[],
): string[] {
  const taken = new Set(existing.map((c) => c.trim().toLowerCase()));
  return appended.map((name) => {
    let candidate: string = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name}_${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The words of the email_flags column: what the free checks saw, and whether the answer was reused. */
export function flagWords(flags: number, outcome: JobOutcome | undefined): string {
  const words: RowFlag[] = [];
  for (const [bit, word] of FLAG_BITS) if (flags & bit) words.push(word);
  if (outcome?.origin === 'reused') words.push('reused');
  return words.join(' ');
}

/** Each free check's bit in a finding byte, and its word (email_flags, the results' filter). */
export const FLAG_BITS: ReadonlyArray<readonly [number, RowFlag]> = [
  [ROLE, 'role'],
  [FREE, 'free'],
  [DISPOSABLE, 'disposable'],
  [TYPO, 'typo'],
  [NO_MAIL, 'no_mail_server'],
];

export interface RowFacts {
  /** The row's unique address, or -1 for an invalid or empty row. */
  addressIndex: number;
  status: RowStatus;
  outcome: JobOutcome | undefined;
  suggestion: string | undefined;
  flags: number;
  checkedOn: string;
}

export const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

function checkedDay(outcome: JobOutcome | undefined, checkedOn: string): string {
  if (!outcome || outcome.origin === 'local') return '';
  if (outcome.origin === 'reused') {
    return outcome.checkedAt ? day(new Date(outcome.checkedAt * 1000).toISOString()) : '';
  }
  return checkedOn;
}

export function appendedCell(column: AppendedColumn, row: RowFacts): string {
  const { status, outcome, suggestion } = row;
  switch (column) {
    case 'email_status':
      return status;
    case 'email_provider':
      return outcome?.provider ?? '';
    case 'email_avatar':
      return outcome?.avatar == null ? '' : String(outcome.avatar);
    case 'email_avatar_url':
      return outcome?.avatarUrl ?? '';
    case 'email_suggestion':
      return suggestion ?? '';
    case 'email_flags':
      return flagWords(row.flags, outcome);
    case 'email_checked_at':
      return checkedDay(outcome, row.checkedOn);
  }
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

/** What the appended cells of a row say, from its entry in the row index. */
export function rowFacts(
  outcomeOf: OutcomeLookup,
  options: Pick<ExportOptions, 'suggestionOf' | 'flagsOf' | 'checkedOn'>,
): (entry: number) => RowFacts {
  const checkedOn = day(options.checkedOn);
  return (entry) => {
    const { cls, addressIndex } = decodeRow(entry);
    const outcome = addressIndex >= 0 ? outcomeOf(addressIndex) : undefined;
    return {
      addressIndex,
      status: rowStatus(cls, outcome),
      outcome,
      suggestion:
        addressIndex >= 0 && options.suggestionOf ? options.suggestionOf(addressIndex) : undefined,
      flags: addressIndex >= 0 && options.flagsOf ? options.flagsOf(addressIndex) : 0,
      checkedOn,
    };
  };
}

/**
 * The list's data rows, read again, paired in order with their entries in
 * the row index. A list whose rows no longer match its index changed since
 * it was read: its export stops rather than put outcomes on the wrong rows.
 */
export function indexedRows(
  index: Int32Array,
  outcomeOf: OutcomeLookup,
  options: Pick<ExportOptions, 'suggestionOf' | 'flagsOf' | 'checkedOn'>,
) {
  const factsOf = rowFacts(outcomeOf, options);
  let at = 0;
  return {
    /** Data rows read so far. */
    get count() {
      return at;
    },
    next(): RowFacts {
      if (at >= index.length) {
        throw new Error('the list changed since it was read (it has more rows than before)');
      }
      return factsOf(index[at++] as number);
    },
    /** Every row was read. */
    end(): void {
      if (at !== index.length) {
        throw new Error('the list changed since it was read (it has fewer rows than before)');
      }
    },
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
