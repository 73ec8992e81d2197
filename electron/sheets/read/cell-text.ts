// A cell as Excel shows it: its number through its style's number format
// (dates, percentages, currency, leading zeros), booleans as TRUE/FALSE,
// errors as their code. The formatting itself is numfmt's, which follows
// ECMA-376 and Excel's own quirks (the 1900 leap year among them).
import { format, isDateFormat } from 'numfmt';

/**
 * The built-in formats (ECMA-376 §18.8.30) as an English (United States)
 * Excel shows them; ids a workbook uses without defining are looked up here.
 */
const BUILT_IN: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  5: '"$"#,##0_);("$"#,##0)',
  6: '"$"#,##0_);[Red]("$"#,##0)',
  7: '"$"#,##0.00_);("$"#,##0.00)',
  8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'm/d/yyyy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yyyy h:mm',
  37: '#,##0_);(#,##0)',
  38: '#,##0_);[Red](#,##0)',
  39: '#,##0.00_);(#,##0.00)',
  40: '#,##0.00_);[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss.0',
  48: '##0.0E+0',
  49: '@',
};

export function builtInFormat(id: number): string {
  return BUILT_IN[id] ?? 'General';
}

/** Days between the 1900 and the 1904 date systems' day 0. */
const DAYS_1904 = 1462;

export interface CellFormatter {
  /** A number cell's text under the style at index `style` (cellXfs). */
  number(value: number, style: number): string;
}

export function cellFormatter(formats: readonly string[], date1904: boolean): CellFormatter {
  // One entry per style: most sheets use a handful, and a million cells
  // should not ask numfmt to read the same pattern a million times.
  const dates = formats.map((pattern) => safeIsDate(pattern));
  const general = (value: number) => format('General', value);
  return {
    number(value, style) {
      const pattern = formats[style];
      if (pattern === undefined || pattern === 'General') return general(value);
      const shown = date1904 && dates[style] ? value + DAYS_1904 : value;
      try {
        return format(pattern, shown, { throws: false });
      } catch {
        return general(value);
      }
    },
  };
}

function safeIsDate(pattern: string): boolean {
  try {
    return isDateFormat(pattern);
  } catch {
    return false;
  }
}

/** What a cell of type t="b" shows. */
export const booleanText = (v: string) =>
  v === '1' || v.toLowerCase() === 'true' ? 'TRUE' : 'FALSE';

/**
 * Text as SpreadsheetML stores it, decoded: characters XML cannot hold (a
 * carriage return, a control character) are written `_x000D_`, and a
 * literal "_x0041_" is itself escaped as `_x005F_x0041_` (ECMA-376 ST_Xstring).
 */
export function decodeXstring(text: string): string {
  if (text.indexOf('_x') === -1) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}
