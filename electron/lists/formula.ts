// Spreadsheet formula injection: a cell that starts with one of these makes
// Excel, LibreOffice or Google Sheets evaluate it (`=HYPERLINK(...)`,
// `@SUM(...)`, `+cmd|...`). The full-width forms are folded to the ASCII ones
// by some spreadsheets, so they count too. Escaping prefixes a single quote,
// which spreadsheets show as text and do not display.
import { fromByteText } from './encoding';

// No `.*$` in the pattern: with it, a cell holding a line break would not
// match (the dot stops at the newline), which is the hole papaparse's own
// escapeFormulae default leaves open.
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** `byteText`: the cell is byte text (see encoding.ts, parsesAsBytes). */
export function needsFormulaEscape(cell: string, byteText = false): boolean {
  // The first character decides; checked by code first, since this runs for
  // every cell of a million-row export. In byte text the full-width forms are
  // three bytes starting 0xEF.
  const c = cell.charCodeAt(0);
  if (byteText && c === 0xef) return FORMULA_START.test(fromByteText(cell.slice(0, 3)));
  if (c > 0x40 && c < 0xff00) return false;
  return FORMULA_START.test(cell);
}

export function escapeFormula(cell: string, byteText = false): string {
  return needsFormulaEscape(cell, byteText) ? `'${cell}` : cell;
}
