// The export's first half: each row of the user's list turned into the text
// it goes out as (row-text.ts) and gathered, encoded, into batches a few
// hundred kilobytes long with each row's length and its count of cells.
// A UTF-8 list whose import kept where its rows lie (row-spans.ts) has its
// rows' bytes copied from there, parsed only where a row must be written
// again; any other list is parsed again exactly as the import parsed it
// (parse-config.ts). Nothing here knows the job: the export pairs each row
// with its outcome as batches come (write.ts).
import { open } from 'node:fs/promises';
import type { Delimiter, Encoding, ImportedList } from '../types';
import { bomLength, parsesAsBytes, textStream } from '../read/encoding';
import { parseOneRow, parseRows } from '../read/parse-config';
import { openSpanReader } from '../read/row-spans';
import { rowTextWriter } from './row-text';

export interface RowBatchSetup {
  path: string;
  encoding: Encoding;
  delimiter: Delimiter;
  newline: '\r\n' | '\n' | '\r';
  escapeFormulas: boolean;
}

/** Rows as they go out, in file order (the header, when the file has one, first). */
export interface RowBatch {
  /** Where the rows' texts are, in the output's encoding (latin1 for byte text, else UTF-8), without line ends. */
  bytes: Uint8Array<ArrayBuffer>;
  /** Each row's start in `bytes`. */
  starts: Int32Array<ArrayBuffer>;
  /** Each row's length in `bytes`. */
  lengths: Int32Array<ArrayBuffer>;
  /** Each row's count of cells, to pad a short one. */
  widths: Int32Array<ArrayBuffer>;
  rows: number;
  /** Bytes of the file read once this batch was made, for progress. */
  bytesRead: number;
}

/** A batch is handed on past this many bytes of text, or this many rows. */
const BATCH_BYTES = 256 * 1024;
const BATCH_ROWS = 8_192;

/** The output's encoding of a list in `encoding`: its rows' bytes exactly, for byte text. */
export const outputEncodingOf = (encoding: Encoding): 'latin1' | 'utf8' =>
  parsesAsBytes(encoding) ? 'latin1' : 'utf8';

/**
 * Hands on the list's rows a batch at a time, from where its import kept
 * them when it did, else parsed again. `onBatch` may return a promise: the
 * reading is held until it settles (and fails with it). `spare` gives a
 * batch's buffers back to carry another. Rejects with the parse's or the
 * file's error.
 */
export function readRowBatches(
  list: Pick<
    ImportedList,
    'sourcePath' | 'sourceBytes' | 'encoding' | 'delimiter' | 'newline' | 'hasHeader' | 'spans'
  >,
  escapeFormulas: boolean,
  onBatch: (batch: RowBatch) => Promise<void> | undefined,
  spare: () => RowBatch | undefined = () => undefined,
): Promise<void> {
  const setup: RowBatchSetup = {
    path: list.sourcePath,
    encoding: list.encoding,
    delimiter: list.delimiter,
    newline: list.newline,
    escapeFormulas,
  };
  if (list.spans && parsesAsBytes(list.encoding)) {
    return copyRowBatches(
      setup,
      { ...list.spans, hasHeader: list.hasHeader, bytes: list.sourceBytes },
      onBatch,
      spare,
    );
  }
  return parseRowBatches(setup, onBatch, spare);
}

/** A new batch, or one given back. */
const freshBatch = (spare: () => RowBatch | undefined, bytes = BATCH_BYTES + 4096): RowBatch =>
  spare() ?? {
    bytes: new Uint8Array(bytes),
    starts: new Int32Array(BATCH_ROWS),
    lengths: new Int32Array(BATCH_ROWS),
    widths: new Int32Array(BATCH_ROWS),
    rows: 0,
    bytesRead: 0,
  };

/** Parses the list again and hands on its rows (see readRowBatches). */
async function parseRowBatches(
  setup: RowBatchSetup,
  onBatch: (batch: RowBatch) => Promise<void> | undefined,
  spare: () => RowBatch | undefined = () => undefined,
): Promise<void> {
  const byteText = parsesAsBytes(setup.encoding);
  const encoding = outputEncodingOf(setup.encoding);
  const perChar = encoding === 'latin1' ? 1 : 3;
  const rowText = rowTextWriter({
    delimiter: setup.delimiter,
    newline: setup.newline,
    escapeFormulas: setup.escapeFormulas,
    byteText,
  });
  let bytesRead = 0;
  const text = textStream(setup.path, setup.encoding, (b) => (bytesRead = b));
  const fresh = () => freshBatch(spare);
  let batch = fresh();
  let out = Buffer.from(batch.bytes.buffer);
  let used = 0;
  const handOn = (): void => {
    const full = batch;
    full.rows = rowsIn;
    full.bytesRead = bytesRead;
    batch = fresh();
    out = Buffer.from(batch.bytes.buffer);
    used = 0;
    rowsIn = 0;
    const hold = onBatch(full);
    if (!hold) return;
    text.pause();
    hold.then(
      () => text.resume(),
      (err: unknown) => text.destroy(err instanceof Error ? err : new Error(String(err))),
    );
  };
  let rowsIn = 0;
  await parseRows(text, setup, (row, raw) => {
    const line = rowText.text(row, raw);
    const room = line.length * perChar;
    if (used + room > out.length) {
      // One row longer than a batch: a buffer of its own size.
      const bigger = Buffer.allocUnsafeSlow(Math.max(out.length * 2, used + room));
      out.copy(bigger, 0, 0, used);
      out = bigger;
      batch.bytes = new Uint8Array(bigger.buffer, 0, bigger.length);
    }
    const length = out.write(line, used, encoding);
    batch.starts[rowsIn] = used;
    batch.lengths[rowsIn] = length;
    batch.widths[rowsIn] = row.length;
    used += length;
    rowsIn += 1;
    if (used >= BATCH_BYTES || rowsIn === BATCH_ROWS) handOn();
  });
  if (rowsIn > 0) handOn();
}

/** What copyRowBatches knows of the list beyond the setup: its spans, its header, its size. */
interface Spanned {
  path: string;
  dataStart: number;
  hasHeader: boolean;
  bytes: number;
}

/** Bytes of the list read at a time. */
const READ_BYTES = 1 << 20;

const changed = (how: string) => new Error(`the list changed since it was read (${how})`);

/**
 * Hands on the rows of a UTF-8 list from where its import kept them (see
 * readRowBatches): each row's bytes as they are, unless the row must be
 * written again (row-text.ts), for which alone its cells are parsed.
 */
async function copyRowBatches(
  setup: RowBatchSetup,
  spanned: Spanned,
  onBatch: (batch: RowBatch) => Promise<void> | undefined,
  spare: () => RowBatch | undefined,
): Promise<void> {
  const rowText = rowTextWriter({
    delimiter: setup.delimiter,
    newline: setup.newline,
    escapeFormulas: setup.escapeFormulas,
    byteText: true,
  });
  const nl = Buffer.from(setup.newline, 'latin1');
  const handle = await open(setup.path, 'r');
  const spans = await openSpanReader(spanned.path);
  try {
    if ((await handle.stat()).size !== spanned.bytes) throw changed('its size is not the same');
    // The file's bytes [windowStart, windowStart + held) are in `window`.
    let window = Buffer.allocUnsafe(READ_BYTES);
    let windowStart = 0;
    let held = 0;
    /** Makes the file's bytes up to `end` readable in the window, from `from` on. */
    const reach = async (from: number, end: number): Promise<void> => {
      if (end <= windowStart + held) return;
      // What the window holds from `from` on is kept, at its start.
      const keep = Math.max(0, windowStart + held - from);
      if (end - from > window.length) {
        const bigger = Buffer.allocUnsafe(Math.max(window.length * 2, end - from));
        if (keep > 0) window.copy(bigger, 0, from - windowStart, from - windowStart + keep);
        window = bigger;
      } else if (keep > 0) window.copy(window, 0, from - windowStart, from - windowStart + keep);
      windowStart = from;
      held = keep;
      while (windowStart + held < end) {
        const { bytesRead } = await handle.read(
          window,
          held,
          window.length - held,
          windowStart + held,
        );
        if (bytesRead === 0) throw changed('it is shorter than before');
        held += bytesRead;
      }
    };
    /** Whether the file's bytes at `at` are the line end. */
    const lineEndAt = (at: number): boolean => {
      for (let k = 0; k < nl.length; k++) {
        if (window[at - windowStart + k] !== nl[k]) return false;
      }
      return true;
    };
    /** Where row bytes [start, end) of the file have their own text: past blank lines, without the line end. */
    const bounds = (start: number, end: number): [number, number] => {
      let from = start;
      while (from + nl.length <= end && lineEndAt(from)) from += nl.length;
      const to = end - nl.length >= from && lineEndAt(end - nl.length) ? end - nl.length : end;
      return [from, to];
    };

    // A batch's rows are where they are in the window, and a row written
    // again is put after what the window holds; the window moves on only once
    // the batch is handed on (its handler takes what it needs before it
    // returns), so each row's bytes are copied once, into the export.
    let batch = freshBatch(spare, 0);
    let rows = 0;
    let extra = 0;
    const handOn = async (bytesRead: number): Promise<void> => {
      const full = batch;
      full.bytes = new Uint8Array(window.buffer, window.byteOffset, window.length);
      full.rows = rows;
      full.bytesRead = bytesRead;
      batch = freshBatch(spare, 0);
      rows = 0;
      extra = 0;
      await onBatch(full);
    };
    /** Adds one row: its bytes [start, end) of the file, or the text it goes out as instead. */
    const add = async (start: number, end: number, cells: number, instead: string | null) => {
      let at = start - windowStart;
      let length = end - start;
      if (instead !== null) {
        length = instead.length;
        if (held + extra + length > window.length) {
          // No room after the window's bytes: its rows go on first, then a larger one.
          if (rows > 0) await handOn(start);
          const bigger = Buffer.allocUnsafe(Math.max(window.length * 2, held + length));
          window.copy(bigger, 0, 0, held);
          window = bigger;
        }
        at = held + extra;
        window.write(instead, at, 'latin1');
        extra += length;
      }
      batch.starts[rows] = at;
      batch.lengths[rows] = length;
      batch.widths[rows] = cells;
      rows += 1;
    };
    /** The row in bytes [start, end) of the file, added as it goes out; its count of cells if not known. */
    const row = (start: number, end: number, known: number | null): Promise<void> | null => {
      const [from, to] = bounds(start, end);
      const line = window.toString('latin1', from - windowStart, to - windowStart);
      let cells: string[] | null = null;
      const cellsOf = () => (cells ??= parseOneRow(line, setup));
      const instead = rowText.rewritten(line, cellsOf);
      if (instead === null) {
        // The common case, without a promise.
        batch.starts[rows] = from - windowStart;
        batch.lengths[rows] = to - from;
        batch.widths[rows] = known ?? cellsOf().length;
        rows += 1;
        return null;
      }
      return add(from, to, known ?? cellsOf().length, instead);
    };

    let at = bomLength(setup.encoding);
    if (spanned.hasHeader) {
      const end = at + spanned.dataStart;
      await reach(at, end);
      await row(at, end, null);
      at = end;
    }
    for (let r = 0; r < spans.count; r++) {
      const span = spans.next();
      const end = at + span;
      if (end > spanned.bytes) throw changed('it is shorter than before');
      if (end > windowStart + held) {
        // The window moves on: the rows in it go first.
        if (rows > 0) await handOn(at);
        await reach(at, end);
      }
      const adding = row(at, end, spans.cells);
      if (adding) await adding;
      at = end;
      if (rows === BATCH_ROWS) await handOn(at);
    }
    if (rows > 0) await handOn(at);
  } finally {
    await spans.close();
    await handle.close();
  }
}
