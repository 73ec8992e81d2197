// One papaparse configuration for reading a list, used by the import and again
// by the merge, so both see exactly the same rows in the same order.
import Papa from 'papaparse';
import type { Readable } from 'node:stream';
import type { Delimiter } from './types';

export interface Dialect {
  delimiter: Delimiter;
  newline: '\r\n' | '\n' | '\r';
}

export interface ParseHandlers {
  /** Rows of one chunk, in order; return a promise to hold the parser until it settles. */
  rows(rows: string[][]): void | Promise<void>;
}

/**
 * Parses a decoded text stream (see encoding.ts) chunk by chunk. Completely
 * empty lines are not rows; everything else is, exactly as written.
 */
export function parseRows(
  text: Readable,
  dialect: Dialect,
  handlers: ParseHandlers,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed = false;
    let pending: Promise<void> = Promise.resolve();
    text.once('error', (err) => {
      failed = true;
      reject(err);
    });
    Papa.parse<string[]>(text as unknown as File, {
      delimiter: dialect.delimiter,
      newline: dialect.newline,
      quoteChar: '"',
      escapeChar: '"',
      header: false,
      dynamicTyping: false,
      skipEmptyLines: true,
      chunk(results, parser) {
        if (failed) return;
        // A handler that throws (a cancelled import, too many addresses) must
        // end the parse here. papaparse catches throws only on the stream's
        // 'data' path; from parser.resume() below one escaped into a rejected
        // promise nobody awaited, and the import never settled.
        let done: void | Promise<void>;
        try {
          done = handlers.rows(results.data);
        } catch (err) {
          failed = true;
          parser.abort();
          reject(err);
          return;
        }
        if (done) {
          // parser.pause() only stops papaparse's parsing: the stream kept
          // flowing and papaparse queued every chunk it emitted, so a consumer
          // slower than the disk (the classify worker) let the whole file pile
          // up in memory. Pausing the stream holds the file reading too.
          parser.pause();
          text.pause();
          pending = done.then(
            () => {
              parser.resume();
              text.resume();
            },
            (err: unknown) => {
              failed = true;
              parser.abort();
              reject(err);
            },
          );
        }
      },
      complete() {
        if (!failed) void pending.then(() => resolve());
      },
      error(err: Error) {
        if (!failed) {
          failed = true;
          reject(err);
        }
      },
    });
  });
}
