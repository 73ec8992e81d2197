// Reading a bounce, complaint or unsubscribe export: the list reader's own
// parts (lists/read/encoding.ts for the encoding and the streamed text,
// lists/read/dialect.ts for the line end and delimiter, lists/read/parse-config.ts for
// the one papaparse set-up), not `importList`, which builds a job (an address
// file, a row index, the classify worker) that a suppression list has no use
// for. Rows go out in batches, and the reading waits while a batch is being
// kept, so a file of a million rows holds one batch at a time. Another
// vendor's result file is read the same way (readRowsInBatches, verdicts/).
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { message, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { detectDelimiter, detectNewline, sampleRows } from '../lists/read/dialect';
import {
  NotUtf8Error,
  bomLength,
  detectEncoding,
  fromByteText,
  parsesAsBytes,
  textStream,
} from '../lists/read/encoding';
import { readHead } from '../lists/read/read';
import { parseRows, type Dialect } from '../lists/read/parse-config';
import type { Encoding } from '../lists/types';
import { recognise, type FormatId, type SuppressionRow } from './formats';

/** Rows handed over at a time: some hundreds of kilobytes, one LMDB transaction's worth. */
export const SUPPRESSION_BATCH = 10_000;

export interface SuppressionReadOptions {
  /** Given each batch of entries; the file is not read further until it resolves. */
  onBatch(rows: SuppressionRow[]): Promise<void> | void;
  batchSize?: number;
}

/** How the rows of a file of one kind are read, once its first rows told which kind it is. */
export interface RowReader<Row> {
  /** Whether the first row is a header (and so no row). */
  hasHeader: boolean;
  /** The row of one line's cells (text, not byte text), or null for one left out. */
  map(cells: readonly string[]): Row | null;
}

export interface BatchReadOptions<Row, Reader extends RowReader<Row>> {
  /**
   * The reader for a file whose first rows (the header first) and name are
   * these; throws (a bad_file AppError) when it is no file of this kind.
   */
  recognise(sample: readonly string[][], fileName: string): Reader;
  /** Given each batch of rows; the file is not read further until it resolves. */
  onBatch(rows: Row[]): Promise<void> | void;
  batchSize?: number;
}

export interface BatchRead<Reader> {
  reader: Reader;
  /** Rows after the header. */
  rows: number;
  /** Rows given to onBatch. */
  kept: number;
  /** Rows the reader left out. */
  skipped: number;
}

export interface SuppressionFileRead {
  format: FormatId;
  label: string;
  /** Rows after the header. */
  rows: number;
  /** Rows given to onBatch. */
  kept: number;
  /** Rows without a valid address (or with a cell no platform writes): left out. */
  skipped: number;
}

/** Workbooks are read by the list importer only; a suppression export is a CSV. */
function refuseWorkbook(head: Buffer, name: string): void {
  const zip = head[0] === 0x50 && head[1] === 0x4b;
  const ole = head[0] === 0xd0 && head[1] === 0xcf;
  if (zip || ole) throw unreadable(message('error.suppression.workbook', { fileName: name }));
}

/** Header cells named in the error, at most: a wide export's would fill the screen. */
const HEADERS_SAID = 8;

/** What a file none of the formats takes is told: which columns were looked for, which were found. */
function noAddressColumn(name: string, header: readonly string[]): Message {
  const cells = header.map((cell) => cell.trim()).filter((cell) => cell !== '');
  const shown = cells
    .slice(0, HEADERS_SAID)
    .map((cell) => `"${cell.slice(0, 40)}"`)
    .join(', ');
  const more = cells.length - HEADERS_SAID;
  const found =
    cells.length === 0
      ? message('error.suppression.firstRowEmpty')
      : more > 0
        ? message('error.suppression.firstRowHasMore', { cells: shown, more, count: String(more) })
        : message('error.suppression.firstRowHas', { cells: shown });
  return message('error.suppression.noAddressColumn', { fileName: name, found });
}

const unreadable = (said: Message) => new AppError('bad_file', said);

/**
 * Reads a suppression export, recognising its format by its header row
 * (formats.ts); throws a bad_file AppError when it is no list of addresses.
 */
export async function readSuppressionFile(
  path: string,
  options: SuppressionReadOptions,
): Promise<SuppressionFileRead> {
  const read = await readRowsInBatches(path, {
    recognise(sample, name) {
      const format = recognise(sample, name);
      if (!format) throw unreadable(noAddressColumn(name, sample[0] ?? []));
      return format;
    },
    onBatch: options.onBatch,
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
  });
  const { reader, rows, kept, skipped } = read;
  return { format: reader.id, label: reader.label, rows, kept, skipped };
}

/**
 * Reads a CSV file of rows of one kind, told by its first rows (`recognise`),
 * in batches; throws a bad_file AppError when it cannot be read to the end.
 */
export async function readRowsInBatches<Row, Reader extends RowReader<Row>>(
  path: string,
  options: BatchReadOptions<Row, Reader>,
): Promise<BatchRead<Reader>> {
  const name = basename(path);
  const info = await stat(path).catch(() => {
    throw unreadable(message('error.suppression.fileNotOpened', { fileName: name }));
  });
  if (!info.isFile()) throw unreadable(message('error.suppression.notFile', { fileName: name }));
  if (info.size === 0) throw unreadable(message('error.suppression.empty', { fileName: name }));
  const head = await readHead(path, info.size);
  refuseWorkbook(head, name);
  // As the list importer: the first megabyte decides, and a file that is not
  // UTF-8 further on is read again as Windows-1252 (nothing is kept twice:
  // a second add of the same entry replaces the first).
  const first = await detectEncoding(path, { prefixOnly: true });
  try {
    return await readAs(path, name, { size: info.size, head }, first, options);
  } catch (err) {
    if (!(err instanceof NotUtf8Error)) throw err;
    return readAs(path, name, { size: info.size, head }, 'windows-1252', options);
  }
}

async function readAs<Row, Reader extends RowReader<Row>>(
  path: string,
  name: string,
  { size, head }: { size: number; head: Buffer },
  encoding: Encoding,
  options: BatchReadOptions<Row, Reader>,
): Promise<BatchRead<Reader>> {
  const label = encoding === 'utf-8-bom' ? 'utf-8' : encoding;
  const sample = new TextDecoder(label).decode(head.subarray(bomLength(encoding)));
  const complete = head.length === size;
  const newline = detectNewline(sample);
  const dialect: Dialect = { delimiter: detectDelimiter(sample, newline, complete), newline };
  const format = options.recognise(sampleRows(sample, dialect, complete), name);
  // UTF-8 is read as byte text (lists/read/encoding.ts), each cell made text again here.
  const asText = parsesAsBytes(encoding) ? fromByteText : (cell: string) => cell;
  const perBatch = options.batchSize ?? SUPPRESSION_BATCH;
  const counts = { rows: 0, kept: 0, skipped: 0 };
  let batch: Row[] = [];
  let keeping: Promise<void> = Promise.resolve();
  let waiting = false;
  const text = textStream(path, encoding, undefined, { fatal: true });
  const hand = (rows: Row[]) => {
    keeping = keeping.then(() => options.onBatch(rows));
    // Its failure is seen where it is awaited (or ends the reading below),
    // never reported as unhandled in between.
    keeping.catch(() => undefined);
    return keeping;
  };
  let header = format.hasHeader;
  try {
    await parseRows(
      text,
      dialect,
      (cells) => {
        if (header) {
          header = false;
          return;
        }
        counts.rows += 1;
        const row = format.map(cells.map(asText));
        if (row === null) {
          counts.skipped += 1;
          return;
        }
        counts.kept += 1;
        batch.push(row);
        if (batch.length < perBatch) return;
        const kept = hand(batch);
        batch = [];
        // Rows of the chunk already read still come, into the next batch.
        if (waiting) return;
        waiting = true;
        text.pause();
        kept.then(
          () => {
            waiting = false;
            text.resume();
          },
          (err: unknown) => text.destroy(err instanceof Error ? err : new Error(String(err))),
        );
      },
      { withText: false },
    );
    if (batch.length > 0) await hand(batch);
    await keeping;
  } catch (err) {
    text.destroy();
    if (err instanceof AppError || err instanceof NotUtf8Error) throw err;
    throw unreadable(
      message('error.suppression.notReadToEnd', { fileName: name, reason: (err as Error).message }),
    );
  }
  return { reader: format, ...counts };
}
