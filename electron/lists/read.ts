// Importing a list: the file is streamed once, never held whole; every row is
// judged (valid, invalid, empty, duplicate), the unique valid addresses are
// written to a file in first-seen order, and an index from every row to its
// address lets the outcomes be merged back later without judging again.
import { open, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AppError } from '../lib/app-error';
import type { Spots } from '../memory/address-hash';
import type { JudgedFindings } from './findings-judge';
import { createCellBatch } from './cell-batch';
import { startClassifier } from './classifier';
import { MIN_CONFIDENCE, columnName, detectHeader, rankColumns } from './column';
import { detectDelimiter, detectNewline, sampleRows } from './dialect';
import {
  NotUtf8Error,
  bomLength,
  detectEncoding,
  fromByteText,
  parsesAsBytes,
  textStream,
} from './encoding';
import { parseRows, type Dialect } from './parse-config';
import type { ColumnCandidate, Encoding, ImportedList, ListCounts } from './types';

export interface ImportProgress {
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export interface ImportOptions {
  /** Where the address file and the row index go (a job's folder). */
  workDir: string;
  /** The address column chosen by the user: a header name or a 0-based index. */
  column?: string | number;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
  /** More unique addresses than this end the import with a clear reason. */
  maxUniqueAddresses?: number;
  /**
   * Given the outcome memory's spots of the address file's lines once the
   * list is read (hashed as they were written, memory/address-hash.ts).
   */
  onAddressSpots?: (spots: Spots) => void;
  /**
   * Asks for the free checks of the unique addresses as they are written
   * (findings-judge.ts): `onDomains` is told the domains as they are met (for
   * the DNS, while the file is still being read), `onFindings` the findings
   * once the list is read.
   */
  findings?: {
    onDomains: (domains: string[]) => void;
    onFindings: (findings: JudgedFindings) => void;
  };
}

export const PREVIEW_ROWS = 50;
// Cells go to the classify worker about 200 KB at a time (some 8,000 addresses).
const BATCH_BYTES = 200 * 1024;
const SAMPLE_BYTES = 256 * 1024;
const DEFAULT_MAX_UNIQUE = 3_000_000;

export const badFile = (message: string) => new AppError('bad_file', message);

/** The first part of the file (SAMPLE_BYTES at most), read once for the checks below. */
async function readHead(path: string, size: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(Math.min(size, SAMPLE_BYTES));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Refuses what is plainly not a text list, with a reason a person understands. */
function sniffBinary(head: Buffer, name: string, encoding: string): void {
  const bytes = head.subarray(0, 8_192);
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    throw badFile(
      `${name} is a spreadsheet workbook or an archive, not a text list. In Excel choose File › Save As › CSV UTF-8, then drop the CSV here.`,
    );
  }
  if (encoding.startsWith('utf-16')) return;
  let control = 0;
  for (const b of bytes) {
    if (b === 0) {
      throw badFile(
        `${name} is not a text file (it looks like an image or a program). Drop a .csv, .tsv or .txt list.`,
      );
    }
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control += 1;
  }
  if (bytes.length > 0 && control / bytes.length > 0.05) {
    throw badFile(`${name} does not look like a text list. Drop a .csv, .tsv or .txt file.`);
  }
}

/** The head of the file as text, and whether that is the whole file. */
function sampleOf(head: Buffer, size: number, encoding: ImportedList['encoding']) {
  const label = encoding === 'utf-8-bom' ? 'utf-8' : encoding;
  // Without fatal: a multi-byte character cut at the sample's end is harmless here.
  const text = new TextDecoder(label).decode(head.subarray(bomLength(encoding)));
  return { text, complete: head.length === size };
}

function countLines(text: string, newline: string): number {
  let lines = 0;
  for (let at = text.indexOf(newline); at !== -1; at = text.indexOf(newline, at + newline.length))
    lines += 1;
  return lines;
}

function commonWidth(rows: string[][]): number {
  const seen = new Map<number, number>();
  for (const row of rows) seen.set(row.length, (seen.get(row.length) ?? 0) + 1);
  let best = 0;
  let most = -1;
  for (const [width, count] of seen) if (count > most) [best, most] = [width, count];
  return best;
}

/**
 * Cells named in a message: a dozen at most, each cut short. A file that is one
 * 10 MB line would otherwise put the whole sample into the error.
 */
function nameList(cells: string[]): string {
  const shown = cells.slice(0, 12).map((cell) => {
    const text = cell.trim().replace(/\s+/g, ' ');
    if (text === '') return '(empty)';
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  });
  const more = cells.length - shown.length;
  return shown.join(', ') + (more > 0 ? ` and ${more.toLocaleString('en-US')} more` : '');
}

function chooseColumn(
  ranked: ColumnCandidate[],
  columns: string[],
  wanted: string | number | undefined,
  name: string,
  firstRow: string[] | null,
): ColumnCandidate {
  if (wanted !== undefined) {
    const index =
      typeof wanted === 'number'
        ? wanted
        : columns.findIndex((c) => c.trim().toLowerCase() === wanted.trim().toLowerCase());
    const found = ranked.find((c) => c.index === index);
    if (!found) {
      throw badFile(
        `${name} has no column ${JSON.stringify(wanted)}. Its columns are: ${nameList(columns)}.`,
      );
    }
    return { ...found, confidence: 1 };
  }
  const best = ranked[0];
  if (!best || best.confidence < MIN_CONFIDENCE) {
    // Without a header row the columns are only "Column 1", "Column 2"…: the
    // first row is what the person will recognise.
    const seen = firstRow
      ? `Its first row reads: ${nameList(firstRow)}.`
      : `Its columns are: ${nameList(columns)}.`;
    throw badFile(
      `No column of ${name} looks like email addresses. ${seen} Choose the address column yourself, or check that this is the right file.`,
    );
  }
  return best;
}

export async function importList(path: string, options: ImportOptions): Promise<ImportedList> {
  const name = basename(path);
  const info = await stat(path).catch(() => {
    throw badFile(
      `${name} could not be opened. Check that the file still exists and you may read it.`,
    );
  });
  if (!info.isFile()) throw badFile(`${name} is not a file.`);
  if (info.size === 0) throw badFile(`${name} is empty: there are no rows to check.`);

  // The first megabyte decides the encoding; a file that turns out not to be
  // UTF-8 further on is read again as Windows-1252 (see importAs).
  const first = await detectEncoding(path, { prefixOnly: true });
  try {
    return await importAs(path, name, info.size, first, options);
  } catch (err) {
    if (!(err instanceof NotUtf8Error)) throw err;
    return importAs(path, name, info.size, 'windows-1252', options);
  }
}

async function importAs(
  path: string,
  name: string,
  size: number,
  encoding: Encoding,
  options: ImportOptions,
): Promise<ImportedList> {
  const head = await readHead(path, size);
  sniffBinary(head, name, encoding);
  const sample = sampleOf(head, size, encoding);
  const newline = detectNewline(sample.text);
  const delimiter = detectDelimiter(sample.text, newline, sample.complete);
  const dialect: Dialect = { delimiter, newline };
  const rows = sampleRows(sample.text, dialect, sample.complete);
  const hasHeader = detectHeader(rows);
  const width = Math.max(...rows.map((r) => r.length), 1);
  const header = hasHeader ? (rows[0] ?? []) : null;
  const columns = Array.from({ length: Math.max(width, header?.length ?? 0) }, (_, i) =>
    columnName(header, i),
  );
  const candidates = rankColumns(rows, hasHeader);
  // Before choosing a column: a header with nothing below has no address
  // column either, and "no rows" is the reason the person can act on.
  if (sample.complete && rows.every((row) => row.every((cell) => cell.trim() === ''))) {
    throw badFile(`${name} has only blank lines: there are no rows to check.`);
  }
  if (hasHeader && rows.length === 1 && sample.complete) {
    throw badFile(`${name} has a header row (${nameList(columns)}) but no rows below it.`);
  }
  const column = chooseColumn(
    candidates,
    columns,
    options.column,
    name,
    hasHeader ? null : (rows[0] ?? null),
  );

  const addressesPath = join(options.workDir, 'addresses.txt');
  const rowIndexPath = join(options.workDir, 'rows.idx');
  const counts: ListCounts = { rows: 0, unique: 0, invalid: 0, empty: 0, duplicates: 0, ragged: 0 };
  const preview: string[][] = [];
  const maxUnique = options.maxUniqueAddresses ?? DEFAULT_MAX_UNIQUE;
  // Ragged means "not as wide as the header" (or, without one, as most rows):
  // columns.length also counts the extra fields of the longest sampled row.
  const expectedWidth = header ? header.length : commonWidth(rows);
  const tooMany = () =>
    badFile(
      `${name} has more than ${maxUnique.toLocaleString('en-US')} different addresses. Split it into smaller files and check them one after another.`,
    );
  let skipHeader = hasHeader;
  let bytesRead = 0;
  let lastReport = 0;

  const report = (force: boolean) => {
    const now = Date.now();
    if (!options.onProgress || (!force && now - lastReport < 100)) return;
    lastReport = now;
    options.onProgress({ bytesRead, totalBytes: size, rows: counts.rows });
  };

  // Rows expected from the sample's line breaks per byte (a few more than rows
  // when cells hold line breaks): the worker sizes its table once.
  const expectedRows = Math.ceil(
    (size / Math.max(1, Buffer.byteLength(sample.text))) * (countLines(sample.text, newline) + 1),
  );
  const classifier = startClassifier(
    {
      addressesPath,
      rowIndexPath,
      maxUnique,
      expectedRows,
      spots: options.onAddressSpots !== undefined,
      findings: options.findings !== undefined,
    },
    options.findings?.onDomains,
  );
  const asBytes = parsesAsBytes(encoding);
  const text = textStream(path, encoding, (b) => (bytesRead = b), { fatal: true });
  try {
    // Cells go to the worker in batches; while it is behind, the reading is
    // held (the rows of the chunk already read still arrive, and wait here).
    const cells = createCellBatch({ byteText: asBytes });
    let holding: Promise<void> | null = null;
    const send = () => {
      if (holding || cells.cells === 0) return;
      const batch = cells.take();
      const wait = classifier.send(batch.bytes, batch.cells);
      if (!wait) return;
      holding = wait;
      text.pause();
      wait.then(
        () => {
          holding = null;
          text.resume();
        },
        (err: unknown) => text.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    };
    await parseRows(
      text,
      dialect,
      (row) => {
        if (skipHeader) {
          skipHeader = false;
          return;
        }
        counts.rows += 1;
        if (preview.length < PREVIEW_ROWS) preview.push(asBytes ? row.map(fromByteText) : row);
        if (row.length !== expectedWidth) counts.ragged += 1;
        cells.add(row[column.index] ?? '');
        if (cells.bytes >= BATCH_BYTES) {
          if (options.signal?.aborted) throw options.signal.reason;
          // Stop here, not at the end of a file that may be gigabytes long.
          if (classifier.overLimit) throw tooMany();
          report(false);
          send();
        }
      },
      { withText: false },
    );
    if (options.signal?.aborted) throw options.signal.reason;
    while (holding) await holding;
    send();
    const judged = await classifier.finish();
    if (judged === 'too-many') throw tooMany();
    Object.assign(counts, judged.counts);
    if (judged.spots) options.onAddressSpots?.(judged.spots);
    if (judged.findings) options.findings?.onFindings(judged.findings);
  } catch (err) {
    classifier.kill();
    // papaparse only stops listening when a chunk throws: without this a
    // cancelled import would go on reading and decoding the file to its end.
    text.destroy();
    if (err instanceof AppError || err instanceof NotUtf8Error) throw err;
    if (options.signal?.aborted) throw err;
    throw badFile(
      `${name} could not be read to the end (${(err as Error).message}). The rest of your work is kept; check the file and try again.`,
    );
  }
  report(true);

  if (counts.rows === 0) {
    throw badFile(
      hasHeader
        ? `${name} has a header row (${nameList(columns)}) but no rows below it.`
        : `${name} has no rows.`,
    );
  }

  return {
    sourcePath: path,
    sourceBytes: size,
    encoding,
    delimiter,
    newline,
    hasHeader,
    columns,
    column,
    candidates,
    counts,
    preview,
    addressesPath,
    rowIndexPath,
  };
}
