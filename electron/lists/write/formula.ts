// Spreadsheet formula injection: a cell that starts with one of these makes
// Excel, LibreOffice or Google Sheets evaluate it (`=HYPERLINK(...)`,
// `@SUM(...)`, `+cmd|...`). The full-width forms are folded to the ASCII ones
// by some spreadsheets, so they count too, as do the small forms. What a
// reader may skip or a person cannot see before a trigger does not hide it:
// white space (no-break and ideographic spaces too), control characters (a
// NUL before `=` runs in LibreOffice, which drops it), a byte-order mark and
// the other default ignorables (common/text/invisible.ts). Escaping puts a single
// quote before the trigger, which spreadsheets read as text.
//
// Where a cell starts depends on the reader. One that splits on another
// separator (Excel in a German locale reads a comma file with `;`), or that
// reads the quotes differently, starts a cell after any common separator, a
// quote or a line break inside what was written as one cell. So a trigger
// there, after optional white space, is escaped the same way: quoting the cell
// cannot protect it, since a quote in the middle of such a reader's field is a
// plain character to it.
import { isIgnorable } from '../../common/text/invisible';

/**
 * The separators common readers split a line on. With a quote, CR and LF they
 * are what a segment starts after (isSegmentStart).
 */
export const SEPARATORS = [',', ';', '\t', '|'] as const;

/** `=`, `+`, `-`, `@`, their full-width and small forms: what a reader evaluates. */
function isSign(c: number): boolean {
  return (
    c === 0x3d ||
    c === 0x2b ||
    c === 0x2d ||
    c === 0x40 ||
    c === 0xff1d ||
    c === 0xff0b ||
    c === 0xff0d ||
    c === 0xff20 ||
    c === 0xfe62 ||
    c === 0xfe63 ||
    c === 0xfe66 ||
    c === 0xfe6b ||
    c === 0xfb29
  );
}

/** The signs as searched for, in text and in byte text (the wide and small forms start 0xEF there). */
const SEARCHED = [
  '=',
  '+',
  '-',
  '@',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
  '\uFE62',
  '\uFE63',
  '\uFE66',
  '\uFE6B',
  '\uFB29',
] as const;
const SEARCHED_IN_BYTES = ['=', '+', '-', '@', '\xEF'] as const;

/**
 * The code point at `at` and how many characters of `text` it takes. In byte
 * text (see encoding.ts, parsesAsBytes) a character is its UTF-8 bytes; a
 * byte that starts none is read as U+FFFD. Past the end: -1.
 */
function pointAt(text: string, at: number, byteText: boolean): [number, number] {
  if (at >= text.length) return [-1, 0];
  if (!byteText) {
    const cp = text.codePointAt(at) ?? -1;
    return [cp, cp > 0xffff ? 2 : 1];
  }
  const c = text.charCodeAt(at);
  if (c < 0x80) return [c, 1];
  const width = c >= 0xf0 && c < 0xf8 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
  if (width === 0 || at + width > text.length) return [0xfffd, 1];
  let cp = c & (0xff >> (width + 1));
  for (let i = 1; i < width; i++) {
    const b = text.charCodeAt(at + i);
    if ((b & 0xc0) !== 0x80) return [0xfffd, 1];
    cp = (cp << 6) | (b & 0x3f);
  }
  return [cp, width];
}

/** The code point that ends just before `end` and where it starts (see pointAt). */
function pointBefore(text: string, end: number, byteText: boolean): [number, number] {
  let start = end - 1;
  if (byteText) {
    // Back over up to three continuation bytes to the character's first byte.
    while (start > 0 && end - start < 4 && (text.charCodeAt(start) & 0xc0) === 0x80) start -= 1;
    const [cp, width] = pointAt(text, start, true);
    return start + width === end ? [cp, start] : [0xfffd, end - 1];
  }
  const c = text.charCodeAt(start);
  if (c >= 0xdc00 && c <= 0xdfff && start > 0) {
    const high = text.charCodeAt(start - 1);
    if (high >= 0xd800 && high <= 0xdbff) start -= 1;
  }
  return [text.codePointAt(start) ?? -1, start];
}

/** Where the first character past the ignorable ones from `at` is (see common/text/invisible.ts). */
function skipIgnorable(text: string, at: number, byteText: boolean): number {
  for (;;) {
    const [cp, width] = pointAt(text, at, byteText);
    if (cp < 0 || !isIgnorable(cp)) return at;
    at += width;
  }
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
  // cell of a million-row export: letters and most ASCII are never a trigger
  // nor skipped. Tab, CR and LF at the start count themselves (as OWASP lists them).
  const c = cell.charCodeAt(0);
  if (c > 0x40 && c < 0x7f) return false;
  if (c === 0x09 || c === 0x0d || c === 0x0a) return true;
  return isSign(pointAt(cell, skipIgnorable(cell, 0, byteText), byteText)[0]);
}

/**
 * Whether the sign at `at` starts a segment: a segment start before it, only
 * ignorable characters between. A segment start is tested first: tab, CR and
 * LF are ignorable too, and they end the walk.
 */
function startsSegment(text: string, at: number, byteText: boolean): boolean {
  for (let end = at; end > 0;) {
    const [cp, start] = pointBefore(text, end, byteText);
    if (isSegmentStart(cp)) return true;
    if (!isIgnorable(cp)) return false;
    end = start;
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
      if (!startsSegment(text, i, byteText) || !isSign(pointAt(text, i, byteText)[0])) continue;
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
