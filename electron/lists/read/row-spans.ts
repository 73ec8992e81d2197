// Where each data row of a UTF-8 list lies in its file, and how many cells it
// has: kept by the import, which parses every row anyway, so that the
// cleaned export can copy each row's bytes without parsing the list a second
// time (row-batches.ts). Per data row, two little-endian uint32: the row's
// span (its bytes from the end of the row before, blank lines before it and
// its own line end included) and its count of cells. The first data row
// starts where the header ends (`dataStart`, after the byte order mark).
// Written under a temporary name and renamed into place, as the row index is.
import { createWriteStream, readSync } from 'node:fs';
import { once } from 'node:events';
import { open, rename, rm } from 'node:fs/promises';

/** Rows per buffer written: 512 KB. */
const ROWS_PER_WRITE = 65_536;

export interface SpanWriter {
  /** The next data row; a promise returned means "hold the reading until it settles". */
  add(span: number, cells: number): Promise<void> | null;
  /** Every row added: the file into place. */
  finish(): Promise<void>;
  /** Stops, leaving no file. */
  abort(): Promise<void>;
}

export function createSpanWriter(path: string): SpanWriter {
  const partial = `${path}.part`;
  const out = createWriteStream(partial);
  let failure: Error | null = null;
  out.on('error', (err) => (failure ??= err));
  let values = new Uint32Array(ROWS_PER_WRITE * 2);
  let held = 0;
  const write = (): boolean => {
    const ok = out.write(new Uint8Array(values.buffer, 0, held * 8));
    // The buffer is the stream's now: the next rows go into a new one.
    values = new Uint32Array(ROWS_PER_WRITE * 2);
    held = 0;
    return ok;
  };
  return {
    add(span, cells) {
      if (failure) throw failure;
      values[held * 2] = span;
      values[held * 2 + 1] = cells;
      held += 1;
      if (held < ROWS_PER_WRITE || write()) return null;
      return once(out, 'drain').then(() => undefined);
    },
    async finish() {
      if (held > 0) write();
      out.end();
      await once(out, 'finish');
      if (failure) throw failure;
      await rename(partial, path);
    },
    async abort() {
      out.destroy();
      await rm(partial, { force: true });
    },
  };
}

/** Rows read at a time: 512 KB. */
const CHUNK = ROWS_PER_WRITE;

export interface SpanReader {
  /** Data rows in the file. */
  readonly count: number;
  /** The next row's span; its count of cells is then `cells`. */
  next(): number;
  /** The count of cells of the row `next` gave last. */
  readonly cells: number;
  close(): Promise<void>;
}

/** Opens the spans for reading in order, a chunk at a time, synchronously as the row index is. */
export async function openSpanReader(path: string): Promise<SpanReader> {
  const handle = await open(path, 'r');
  let count: number;
  try {
    count = Math.floor((await handle.stat()).size / 8);
  } catch (err) {
    await handle.close();
    throw err;
  }
  const values = new Uint32Array(CHUNK * 2);
  const bytes = new Uint8Array(values.buffer);
  let first = 0;
  let held = 0;
  let at = 0;
  let cells = 0;
  return {
    count,
    get cells() {
      return cells;
    },
    next() {
      if (at === held) {
        first += held;
        const want = Math.min(CHUNK, count - first) * 8;
        if (want === 0) throw new RangeError(`row ${first} of ${count}`);
        let got = 0;
        while (got < want) {
          const n = readSync(handle.fd, bytes, got, want - got, first * 8 + got);
          if (n === 0) throw new Error('the row spans were cut short');
          got += n;
        }
        held = want / 8;
        at = 0;
      }
      const span = values[at * 2] as number;
      cells = values[at * 2 + 1] as number;
      at += 1;
      return span;
    },
    close: () => handle.close(),
  };
}
