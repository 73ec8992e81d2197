// Importing a list: the file is streamed once, never held whole; every row is
// judged (valid, invalid, empty, duplicate), the unique valid addresses are
// written to a file in first-seen order, and an index from every row to its
// address lets the outcomes be merged back later without judging again.
import { open, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import type { Spots } from '../../lib/addresses/address-hash';
import type { Rule } from '../../rules/types';
import type { JudgedFindings } from '../judge/findings-judge';
import { detectDelimiter, detectNewline, sampleRows } from './dialect';
import { NotUtf8Error, bomLength, detectEncoding, parsesAsBytes, textStream } from './encoding';
import { parseRows, type Dialect } from './parse-config';
import { createSpanWriter } from './row-spans';
import { throttledProgress } from './progress';
import { badFile, startRowJudge } from '../judge/judge-rows';
import { importSpreadsheet } from './read-workbook';
import { noRows, shapeTable } from './table-shape';
import type { Encoding, ImportedList } from '../types';

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
  /**
   * For a workbook: the sheet to read, by name or 0-based place; default the
   * first visible one with addresses.
   */
  sheet?: string | number;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
  /**
   * Unique addresses numbered in memory (default IN_MEMORY_UNIQUE); repeats
   * among the rest are found on disk. Tests make it small.
   */
  uniqueInMemory?: number;
  /**
   * Given the outcome memory's spots of the address file's lines once the
   * list is read (hashed as they were written, lib/addresses/address-hash.ts).
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
  /**
   * Asks for each unique address to be decided by the user's rules
   * (withheld-judge.ts); `onWithheld` is given, once the list is read, the
   * promise of the codes (withheld.ts), decided while the caller goes on.
   */
  withheld?: { rules: Rule[]; onWithheld: (codes: Promise<Uint32Array>) => void };
}

export { PREVIEW_ROWS } from '../judge/judge-rows';
const SAMPLE_BYTES = 256 * 1024;

/** The first part of the file (SAMPLE_BYTES at most), read once for the checks below. */
export async function readHead(path: string, size: number): Promise<Buffer> {
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
  if (encoding.startsWith('utf-16')) return;
  let control = 0;
  for (const b of bytes) {
    if (b === 0) {
      throw badFile(message('error.import.binary', { name }));
    }
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control += 1;
  }
  if (bytes.length > 0 && control / bytes.length > 0.05) {
    throw badFile(message('error.import.notText', { name }));
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

export async function importList(path: string, options: ImportOptions): Promise<ImportedList> {
  const name = basename(path);
  const info = await stat(path).catch(() => {
    throw badFile(message('error.file.unopenable', { name }));
  });
  if (!info.isFile()) throw badFile(message('error.import.notAFile', { name }));
  if (info.size === 0) throw badFile(message('error.import.empty', { name }));
  // The first bytes tell a workbook from a text list, then the text's dialect.
  const head = await readHead(path, info.size);
  const workbook = await importSpreadsheet(path, name, head, options);
  if (workbook) return workbook;

  // The first megabyte decides the encoding; a file that turns out not to be
  // UTF-8 further on is read again as Windows-1252 (see importAs).
  const first = await detectEncoding(path, { prefixOnly: true });
  try {
    return await importAs(path, name, { size: info.size, head }, first, options);
  } catch (err) {
    if (!(err instanceof NotUtf8Error)) throw err;
    return importAs(path, name, { size: info.size, head }, 'windows-1252', options);
  }
}

async function importAs(
  path: string,
  name: string,
  { size, head }: { size: number; head: Buffer },
  encoding: Encoding,
  options: ImportOptions,
): Promise<ImportedList> {
  sniffBinary(head, name, encoding);
  const sample = sampleOf(head, size, encoding);
  const newline = detectNewline(sample.text);
  const delimiter = detectDelimiter(sample.text, newline, sample.complete);
  const dialect: Dialect = { delimiter, newline };
  const rows = sampleRows(sample.text, dialect, sample.complete);
  const shape = shapeTable(rows, sample.complete, name, options.column);
  const addressesPath = join(options.workDir, 'addresses.txt');
  const rowIndexPath = join(options.workDir, 'rows.idx');
  // Where each row lies, for an export that copies rows without parsing them
  // again (row-spans.ts): a UTF-8 list's rows are its bytes.
  const spansPath = join(options.workDir, 'rows.at');
  const asBytes = parsesAsBytes(encoding);
  const spans = asBytes ? createSpanWriter(spansPath) : null;
  let header = shape.hasHeader;
  let dataStart = 0;
  let lastEnd = 0;
  let bytesRead = 0;
  const report = throttledProgress(options.onProgress, () => ({
    bytesRead,
    totalBytes: size,
    rows: judge.rows,
  }));

  const judge = startRowJudge({
    name,
    addressesPath,
    rowIndexPath,
    column: shape.column.index,
    expectedWidth: shape.expectedWidth,
    hasHeader: shape.hasHeader,
    byteText: asBytes,
    // Rows expected from the sample's line breaks per byte (a few more than
    // rows when cells hold line breaks).
    expectedRows: Math.ceil(
      (size / Math.max(1, Buffer.byteLength(sample.text))) * (countLines(sample.text, newline) + 1),
    ),
    options,
  });
  const text = textStream(path, encoding, (b) => (bytesRead = b), { fatal: true });
  let judged: Awaited<ReturnType<typeof judge.finish>>;
  try {
    await parseRows(
      text,
      dialect,
      (row, _raw, end) => {
        let spanHold: Promise<void> | null = null;
        if (header) {
          header = false;
          dataStart = end;
        } else if (spans) spanHold = spans.add(end - lastEnd, row.length);
        lastEnd = end;
        const judgeHold = judge.row(row);
        const hold: Promise<unknown> | null =
          judgeHold && spanHold ? Promise.all([judgeHold, spanHold]) : (judgeHold ?? spanHold);
        if (!hold) return;
        // The worker is behind: the rows of the chunk already read still
        // arrive, and wait in the batch.
        report(false);
        text.pause();
        hold.then(
          () => text.resume(),
          (err: unknown) => text.destroy(err instanceof Error ? err : new Error(String(err))),
        );
      },
      { withText: false },
    );
    judged = await judge.finish();
    await spans?.finish();
  } catch (err) {
    judge.kill();
    await spans?.abort();
    // papaparse only stops listening when a chunk throws: without this a
    // cancelled import would go on reading and decoding the file to its end.
    text.destroy();
    if (err instanceof AppError || err instanceof NotUtf8Error) throw err;
    if (options.signal?.aborted) throw err;
    throw badFile(message('error.import.readStopped', { name, reason: (err as Error).message }));
  }
  report(true);
  if (judged.counts.rows === 0) throw noRows(name, shape);

  return {
    sourcePath: path,
    sourceBytes: size,
    encoding,
    delimiter,
    newline,
    hasHeader: shape.hasHeader,
    columns: shape.columns,
    column: shape.column,
    candidates: shape.candidates,
    counts: judged.counts,
    preview: judged.preview,
    addressesPath,
    rowIndexPath,
    ...(spans ? { spans: { path: spansPath, dataStart } } : {}),
  };
}
