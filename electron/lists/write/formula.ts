// Spreadsheet formula injection: a cell that starts with one of these makes
// Excel, LibreOffice or Google Sheets evaluate it (`=HYPERLINK(...)`,
// `@SUM(...)`, `+cmd|...`). The full-width forms are folded to the ASCII ones
// by some spreadsheets, so they count too, as do spaces before a trigger
// (LibreOffice's "Trim spaces" drops them). Escaping puts a single quote
// before the trigger, which spreadsheets read as text.
//
// Where a cell starts depends on the reader. One that splits on another
// separator (Excel in a German locale reads a comma file with `;`), or that
// reads the quotes differently, starts a cell after any common separator, a
// quote or a line break inside what was written as one cell. So a trigger
// there, after optional white space, is escaped the same way: quoting the cell
// cannot protect it, since a quote in the middle of such a reader's field is a
// plain character to it.
import { fromByteText } from '../read/encoding';

/**
 * The separators common readers split a line on. With a quote, CR and LF they
 * are what a segment starts after (isSegmentStart).
 */
export const SEPARATORS = [',', ';', '\t', '|'] as const;

/** `=`, `+`, `-`, `@` and their full-width forms: what a reader evaluates. */
function isSign(c: number): boolean {
  return (
    c === 0x3d ||
    c === 0x2b ||
    c === 0x2d ||
    c === 0x40 ||
    c === 0xff1d ||
    c === 0xff0b ||
    c === 0xff0d ||
    c === 0xff20
  );
}

/** The signs as searched for, in text and in byte text (full-width forms start 0xEF there). */
const SEARCHED = ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'] as const;
const SEARCHED_IN_BYTES = ['=', '+', '-', '@', '\xEF'] as const;

/**
 * The character at `at`, reading byte text's three-byte full-width forms
 * (they start 0xEF) as the one character they encode.
 */
function codeAt(text: string, at: number, byteText: boolean): number {
  const c = text.charCodeAt(at);
  return byteText && c === 0xef ? fromByteText(text.slice(at, at + 3)).charCodeAt(0) : c;
}

function isSegmentStart(c: number): boolean {
  return (
    c === 0x22 || c === 0x0d || c === 0x0a || c === 0x2c || c === 0x3b || c === 0x09 || c === 0x7c
  );
}

/**
 * Whether the cell's start could run as a formula. `byteText`: the cell is
 * byte text (see encoding.ts, parsesAsBytes).
 */
export function needsFormulaEscape(cell: string, byteText = false): boolean {
  // The first character decides; checked by code, since this runs for every
  // cell of a million-row export. Tab, CR and LF at the start count
  // themselves: a reader may drop them and see what follows.
  const c = cell.charCodeAt(0);
  if (c > 0x40 && c < 0xef) return false;
  if (c === 0x09 || c === 0x0d || c === 0x0a) return true;
  let at = 0;
  while (cell.charCodeAt(at) === 0x20) at += 1;
  return isSign(codeAt(cell, at, byteText));
}

/** Whether the sign at `at` starts a segment: a segment start before it, spaces between. */
function startsSegment(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c !== 0x20) return isSegmentStart(c);
  }
  // The text's own start is needsFormulaEscape's.
  return false;
}

/**
 * Where the triggers of the text's segments are (see above), in order; with
 * `first`, only the first found. Undefined when there are none. The signs
 * are searched for, not the separators: a line holds many separators and few
 * signs, and this runs for every row of a million-row export.
 */
function segmentSigns(text: string, byteText: boolean, first: boolean): number[] | undefined {
  let signs: number[] | undefined;
  for (const sign of byteText ? SEARCHED_IN_BYTES : SEARCHED) {
    for (let i = text.indexOf(sign); i !== -1; i = text.indexOf(sign, i + 1)) {
      if (!startsSegment(text, i) || !isSign(codeAt(text, i, byteText))) continue;
      if (first) return [i];
      (signs ??= []).push(i);
    }
  }
  return signs?.sort((a, b) => a - b);
}

/**
 * Whether the text (a cell, or a row as written) holds, past its start, a
 * segment that some reader starts a cell with (see above) and that starts
 * with a trigger.
 */
export function hasFormulaSegment(text: string, byteText = false): boolean {
  return segmentSigns(text, byteText, true) !== undefined;
}

// Any of the characters isSegmentStart accepts. One character-class test:
// on short cells it measured several times faster than an indexOf for each.
const SEGMENT_START = /[",;\t|\r\n]/;

/** Whether the cell holds one of the characters after which a reader may start a cell. */
export function holdsSegmentStart(cell: string): boolean {
  return SEGMENT_START.test(cell);
}

/**
 * The cell with a `'` before each trigger a reader could start a cell with:
 * at its start, and each segment's (see hasFormulaSegment).
 */
export function escapeFormula(cell: string, byteText = false): string {
  const start = needsFormulaEscape(cell, byteText) ? `'` : '';
  const signs = segmentSigns(cell, byteText, false);
  if (!signs) return start === '' ? cell : start + cell;
  let out = start;
  let from = 0;
  for (const at of signs) {
    out += `${cell.slice(from, at)}'`;
    from = at;
  }
  return out + cell.slice(from);
}
