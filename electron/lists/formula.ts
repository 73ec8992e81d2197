// Spreadsheet formula injection: a cell that starts with one of these makes
// Excel, LibreOffice or Google Sheets evaluate it (`=HYPERLINK(...)`,
// `@SUM(...)`, `+cmd|...`). The full-width forms are folded to the ASCII ones
// by some spreadsheets, so they count too. Escaping prefixes a single quote,
// which spreadsheets show as text and do not display.
//
// No `.*$` in the pattern: with it, a cell holding a line break would not
// match (the dot stops at the newline), which is the hole papaparse's own
// escapeFormulae default leaves open.
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

export function needsFormulaEscape(cell: string): boolean {
  // The first character decides; checked by code first, since this runs for
  // every cell of a million-row export.
  const c = cell.charCodeAt(0);
  if (c > 0x40 && c < 0xff00) return false;
  return FORMULA_START.test(cell);
}

export function escapeFormula(cell: string): string {
  return needsFormulaEscape(cell) ? `'${cell}` : cell;
}
