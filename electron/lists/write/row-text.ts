// How a row of the user's list is written into the cleaned one: as the file
// had it (its quoting, spacing and characters), or, when that text could run
// as a formula in some reader (formula.ts) or is not in standard quoting, its
// cells written again, quoted and escaped. This is a rule of the file alone,
// never of the job, so it runs wherever the rows are parsed: on the export's
// own thread or in its rows worker (row-batches.ts).
import {
  SEPARATORS,
  escapeFormula,
  hasFormulaSegment,
  holdsSegmentStart,
  needsFormulaEscape,
} from './formula';

export function cellWriter(delimiter: string, escapeFormulas: boolean, byteText: boolean) {
  // Quoted only where the cell needs it, so a cell written back reads back the
  // same. Cheap tests first (see formula.ts): this runs for every appended
  // cell of a million-row file.
  if (!escapeFormulas) {
    return (cell: string): string => {
      if (
        cell.indexOf('"') === -1 &&
        cell.indexOf(delimiter) === -1 &&
        cell.indexOf('\n') === -1 &&
        cell.indexOf('\r') === -1
      ) {
        return cell;
      }
      return `"${cell.replace(/"/g, '""')}"`;
    };
  }
  // Escaping: a cell holding any common separator, a quote or a line break is
  // quoted, so a reader that splits on another separator keeps it whole when
  // its field starts with the cell; where it does not, the cell's escaped
  // segments (formula.ts) keep what that reader sees as text.
  return (cell: string): string => {
    if (cell === '') return cell;
    if (!holdsSegmentStart(cell)) return needsFormulaEscape(cell, byteText) ? `'${cell}` : cell;
    return `"${escapeFormula(cell, byteText).replace(/"/g, '""')}"`;
  };
}

/** Where the first CR or LF from `from` is, or -1. */
function nextBreak(line: string, from: number): number {
  const lf = line.indexOf('\n', from);
  const cr = line.indexOf('\r', from);
  return lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
}

/**
 * Whether a row's text is in standard quoting (RFC 4180), so that every
 * reader splits it alike: a quote only opens a field, closes it before a
 * delimiter or the end, or is doubled inside it; line breaks only inside
 * quotes. Found by jumping from quote to quote: this runs for every quoted
 * row of a million-row export.
 */
export function inStandardQuoting(line: string, delimiter: string): boolean {
  const d = delimiter.charCodeAt(0);
  let lineBreak = nextBreak(line, 0);
  let quoted = false;
  for (let q = line.indexOf('"'); q !== -1; q = line.indexOf('"', q + 1)) {
    if (!quoted) {
      // Opening: at the start of a field, with no line break before it outside quotes.
      if (q > 0 && line.charCodeAt(q - 1) !== d) return false;
      if (lineBreak !== -1 && lineBreak < q) return false;
      quoted = true;
    } else if (line.charCodeAt(q + 1) === 0x22) {
      q += 1; // a doubled quote inside the field
    } else {
      // Closing: the field ends here.
      if (q + 1 < line.length && line.charCodeAt(q + 1) !== d) return false;
      if (lineBreak !== -1 && lineBreak < q) lineBreak = nextBreak(line, q + 1);
      quoted = false;
    }
  }
  return !quoted && lineBreak === -1;
}

/** What may start a cell without being a sign, and still count (needsFormulaEscape). */
const BLANKS = ['\t', '\n', '\r'] as const;

export interface RowTextOptions {
  delimiter: string;
  newline: string;
  /** Default true; see formula.ts. */
  escapeFormulas: boolean;
  /** Rows are byte text (encoding.ts, parsesAsBytes). */
  byteText: boolean;
}

/** Where a row's own text lies in its text as read: past blank lines before it, without its line end. */
export function rowBounds(raw: string, newline: string): { from: number; to: number } {
  let from = 0;
  while (raw.startsWith(newline, from)) from += newline.length;
  const to = raw.endsWith(newline) ? raw.length - newline.length : raw.length;
  return { from, to };
}

export interface RowTextWriter {
  /**
   * The text the row `line` (its own text, as rowBounds cuts it) goes out as
   * when it cannot go out as it is, or null when it can: `cells` gives its
   * cells, asked for only then.
   */
  rewritten(line: string, cells: () => string[]): string | null;
  /** The text a row goes out as, from its cells and its text as read (see parse-config.ts). */
  text(row: string[], raw: string): string;
}

export function rowTextWriter(options: RowTextOptions): RowTextWriter {
  const { delimiter, newline, escapeFormulas, byteText } = options;
  const cell = cellWriter(delimiter, escapeFormulas, byteText);
  // The separators other than the file's: all an unquoted cell can hold of them.
  const others = SEPARATORS.filter((s) => s !== delimiter);

  const d = delimiter.charCodeAt(0);
  /**
   * Whether a tab or a line break in `line` may start a cell: at the line's
   * start, or after a delimiter or a quote (in a tab-separated file, a tab
   * after a tab is an empty cell's end, and one at the start too).
   */
  const mayStartBlank = (line: string): boolean => {
    for (const blank of BLANKS) {
      for (let i = line.indexOf(blank); i !== -1; i = line.indexOf(blank, i + 1)) {
        const before = i === 0 ? -1 : line.charCodeAt(i - 1);
        if (before === 0x22) return true;
        if (blank === '\t' && d === 0x09) continue;
        if (before === -1 || before === d) return true;
      }
    }
    return false;
  };

  /** unsafe's rule cell by cell, for the rare line it cannot judge whole. */
  const unsafeCells = (row: string[], line: string, quoted: boolean): boolean => {
    for (let c = 0; c < row.length; c++) {
      if (needsFormulaEscape(row[c] as string, byteText)) return true;
    }
    // Unquoted, a cell holds no quote, line break or the file's delimiter: without
    // the other separators, the row has no segments.
    let separated = quoted;
    for (const s of others) if (!separated && line.indexOf(s) !== -1) separated = true;
    return separated && hasFormulaSegment(line, byteText);
  };

  /**
   * Whether a row's text, copied, could run as a formula in some reader (see
   * formula.ts). Text with a quote or a line break is copied only in
   * standard quoting, which every reader splits as papaparse did: a
   * malformed quote makes papaparse take the next line into a cell, where
   * Python's csv and LibreOffice start a row with it. Such text holds each
   * cell's characters as they are (a quote doubled), so searching the text
   * finds every segment of every cell.
   */
  const unsafe = (line: string, cells: () => string[]): boolean => {
    const quoted =
      line.indexOf('"') !== -1 || line.indexOf('\n') !== -1 || line.indexOf('\r') !== -1;
    if (quoted && !inStandardQuoting(line, delimiter)) return true;
    // A cell that may start with a tab or a line break (needsFormulaEscape
    // counts those): each cell is looked at.
    if (mayStartBlank(line)) return unsafeCells(cells(), line, quoted);
    // Otherwise every cell starts where a segment does (the line's start, a
    // delimiter or a quote; each a segment start), so the segments of the
    // whole line cover the cells: one search of the line for the few signs.
    return needsFormulaEscape(line, byteText) || hasFormulaSegment(line, byteText);
  };

  const rewritten = (line: string, cells: () => string[]): string | null => {
    if (!escapeFormulas || !unsafe(line, cells)) return null;
    const row = cells();
    let out = cell(row[0] ?? '');
    for (let c = 1; c < row.length; c++) out += delimiter + cell(row[c] as string);
    return out;
  };

  return {
    rewritten,
    text(row, raw) {
      const { from, to } = rowBounds(raw, newline);
      const line = from === 0 && to === raw.length ? raw : raw.slice(from, to);
      return rewritten(line, () => row) ?? line;
    },
  };
}
