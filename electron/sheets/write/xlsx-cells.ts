// The cells of a worksheet as SpreadsheetML text. Every cell is a value, never
// a formula: a canonical number is written as a number so numeric columns stay
// numeric, everything else as an inline string, which keeps each row whole in
// itself: written once, then forgotten. Text is escaped so that no input,
// however broken, makes the file invalid XML, and so that Excel reads back
// exactly what was written (ECMA-376 ST_Xstring: `_xHHHH_` is UTF-16 unit HHHH).

/** Excel's limit on the characters in one cell. */
export const MAX_CELL_CHARS = 32_767;
/** Excel's limit on the columns of a sheet (A..XFD). */
export const MAX_COLUMNS = 16_384;

/** The cellXfs indexes of styles.xml (see xlsx-parts.ts). */
export const Style = {
  header: 1,
  good: 2,
  bad: 3,
  unsure: 4,
  muted: 5,
  /** Number format "0": General shows integers of 12+ digits as 1.23457E+11. */
  longInteger: 6,
} as const;

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Anything that needs more than copying: markup characters, CR (a literal one
 * would be read back as LF), characters XML 1.0 forbids (C0 controls other
 * than tab and LF, U+FFFE, U+FFFF), any surrogate (only lone ones need it; the
 * slow path tells them apart) and text that an Excel reader would decode as an
 * escape. Cheap to test on the common, clean cell.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_ESCAPE = /[&<>\r\0-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]|_x[0-9A-Fa-f]{4}_/;
const ESCAPES =
  // eslint-disable-next-line no-control-regex -- as above
  /[&<>\r\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|_(?=x[0-9A-Fa-f]{4}_)/g;

function escapeOne(match: string): string {
  switch (match) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '\r':
      // A character reference survives XML's line-end normalisation.
      return '&#13;';
    default:
      // A forbidden character or lone surrogate, or the '_' of a literal
      // "_xHHHH_" (→ "_x005F_xHHHH_", so it is not decoded as an escape).
      return '_x' + match.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0') + '_';
  }
}

/** Cell text as the content of a `<t>` element. */
export function escapeText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPES, escapeOne) : text;
}

/** Text for an attribute value (names the writer chose: no forbidden characters left). */
export function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Excel keeps 15 significant digits; a longer number would come back changed. */
function fitsExcelPrecision(text: string): boolean {
  if (text.length <= 15) return true;
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  return mantissa.replace(/[-.]/g, '').replace(/^0+/, '').replace(/0+$/, '').length <= 15;
}

/**
 * Text that is exactly how JavaScript prints its number, so writing the number
 * loses nothing: "42", "-1.5", "1e+21"; not "00123", "1.0", "+1", " 7", "1,5".
 */
export function isCanonicalNumber(text: string): boolean {
  const first = text.charCodeAt(0);
  // Canonical numbers start with a digit or '-': most text is out after one look.
  if (!((first >= 48 && first <= 57) || first === 45)) return false;
  const value = Number(text);
  return Number.isFinite(value) && String(value) === text && fitsExcelPrecision(text);
}

/** Cuts to Excel's limit, never between the halves of a surrogate pair. */
function cutToCellLimit(text: string): string {
  if (text.length <= MAX_CELL_CHARS) return text;
  const last = text.charCodeAt(MAX_CELL_CHARS - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_CELL_CHARS - 1 : MAX_CELL_CHARS);
}

/** The `s` attribute of a cell with this cellXfs index ('' for the default). */
export function styleAttribute(style: number): string {
  return style === 0 ? '' : ` s="${style}"`;
}

const LONG_INTEGER_ATTR = styleAttribute(Style.longInteger);
const INLINE_OPEN = ' t="inlineStr"><is><t xml:space="preserve">';
const INLINE_CLOSE = '</t></is></c>';

/**
 * One cell. `open` is `<c r="B2"` and `styleAttr` '' or ` s="n"`. Text longer
 * than Excel's 32,767 characters is cut there: a longer cell is more than Excel
 * holds, and it would offer to repair the file.
 */
export function cellXml(open: string, text: string, styleAttr: string): string {
  if (isCanonicalNumber(text)) {
    if (styleAttr === '' && isLongInteger(text)) styleAttr = LONG_INTEGER_ATTR;
    return open + styleAttr + '><v>' + text + '</v></c>';
  }
  return textCellXml(open, text, styleAttr);
}

/** A cell that is text whatever it looks like (the header row). */
export function textCellXml(open: string, text: string, styleAttr: string): string {
  return open + styleAttr + INLINE_OPEN + escapeText(cutToCellLimit(text)) + INLINE_CLOSE;
}

function isLongInteger(text: string): boolean {
  const digits = text.charCodeAt(0) === 45 ? text.length - 1 : text.length;
  return digits > 11 && text.indexOf('.') < 0 && text.indexOf('e') < 0;
}

/** What Excel refuses in a sheet name; the rest of the rules are in sheetName(). */
// eslint-disable-next-line no-control-regex -- as in NEEDS_ESCAPE
const NAME_FORBIDDEN = /[[\]:*?/\\\0-\x1F\x7F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MAX_SHEET_NAME = 31;

function cutName(name: string, max: number): string {
  if (name.length <= max) return name;
  const last = name.charCodeAt(max - 1);
  return name.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

function trimName(name: string): string {
  return name
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
}

/**
 * A name Excel accepts: at most 31 characters, none of []:*?/\ (nor controls),
 * not blank, not starting or ending with an apostrophe, and not "History",
 * which Excel keeps for itself.
 */
export function sheetName(wanted: string, max = MAX_SHEET_NAME): string {
  let name = trimName(wanted.replace(NAME_FORBIDDEN, '_').replace(LONE_SURROGATE, ''));
  name = trimName(cutName(name, max));
  if (name === '') name = cutName('Sheet', max);
  if (name.toLowerCase() === 'history') name = cutName(name + '_', max);
  return name;
}

/** The name of the n-th sheet (n ≥ 2) of the same list: `<base> (n)`, unique among `taken`. */
export function continuationName(base: string, n: number, taken: ReadonlySet<string>): string {
  for (let k = n; ; k++) {
    const suffix = ` (${k})`;
    const name = sheetName(base, MAX_SHEET_NAME - suffix.length) + suffix;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** Column widths in characters from the header and the first rows, clamped to 8..60. */
export function columnWidths(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): number[] {
  return header.map((title, i) => {
    // The header's filter button takes about three characters.
    let widest = longestLine(title) + 3;
    for (const row of rows) widest = Math.max(widest, longestLine(row[i] ?? ''));
    return Math.min(60, Math.max(8, widest + 1));
  });
}

function longestLine(text: string): number {
  if (text.indexOf('\n') < 0) return text.length;
  return Math.max(...text.split(/\r?\n/).map((line) => line.length));
}
