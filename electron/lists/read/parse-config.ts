// One papaparse configuration for reading a list, used by the import and again
// by the merge, so both see exactly the same rows in the same order. Completely
// empty lines are not rows; everything else is, exactly as written.
import Papa from 'papaparse';
import type { Readable } from 'node:stream';
import type { Delimiter } from '../types';

export interface Dialect {
  delimiter: Delimiter;
  newline: '\r\n' | '\n' | '\r';
}

/** The settings every parse of a list uses: the dialect's, and papaparse's own as fixed here. */
const configOf = (dialect: Dialect) =>
  ({
    delimiter: dialect.delimiter,
    newline: dialect.newline,
    quoteChar: '"',
    escapeChar: '"',
    header: false,
    dynamicTyping: false,
    skipEmptyLines: true,
  }) as const;

/** The cells of one row's text (without its line end), as parseRows reads them. */
export function parseOneRow(text: string, dialect: Dialect): string[] {
  return Papa.parse<string[]>(text, configOf(dialect)).data[0] ?? [];
}

/**
 * Parses a decoded text stream (see encoding.ts) row by row, in papaparse's
 * step mode (chunk mode builds a result array per chunk), giving each row with
 * its original text: from the end of the row before (blank lines between them
 * included) to the end of its own line end, and where that end is in the
 * text. The merge copies that text instead of writing every cell again. To
 * hold the reading (backpressure), pause `text` and resume it later; a throw
 * from `onRow` ends the parse with that error.
 */
export function parseRows(
  text: Readable,
  dialect: Dialect,
  onRow: (row: string[], raw: string, end: number) => void,
  options: { withText?: boolean } = {},
): Promise<void> {
  const withText = options.withText ?? true;
  return new Promise((resolve, reject) => {
    const pieces: { start: number; text: string }[] = [];
    let end = 0;
    let last = 0;
    let failed = false;
    const fail = (err: unknown, parser?: { abort(): void }) => {
      if (failed) return;
      failed = true;
      parser?.abort();
      text.destroy();
      reject(err);
    };
    text.once('error', (err) => fail(err));
    // Registered before papaparse's listener: a chunk is known before its rows are.
    if (withText) {
      text.on('data', (chunk: string) => {
        pieces.push({ start: end, text: chunk });
        end += chunk.length;
      });
    }
    const slice = (from: number, to: number): string => {
      while (pieces.length > 1 && (pieces[1] as { start: number }).start <= from) pieces.shift();
      let out = '';
      for (const piece of pieces) {
        if (piece.start >= to) break;
        const a = Math.max(0, from - piece.start);
        const b = Math.min(piece.text.length, to - piece.start);
        if (b > a) out = out === '' ? piece.text.slice(a, b) : out + piece.text.slice(a, b);
      }
      return out;
    };
    Papa.parse<string[]>(text as unknown as File, {
      ...configOf(dialect),
      step(result, parser) {
        if (failed) return;
        const cursor = (result.meta as { cursor: number }).cursor;
        try {
          onRow(result.data as unknown as string[], withText ? slice(last, cursor) : '', cursor);
        } catch (err) {
          fail(err, parser);
          return;
        }
        last = cursor;
      },
      complete() {
        if (!failed) resolve();
      },
      error(err: Error) {
        fail(err);
      },
    });
  });
}
