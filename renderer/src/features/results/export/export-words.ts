// The Export panel's words about files, as pure functions: the two formats,
// a workbook continued on more sheets, and what "Save by status…" writes.
import type { ExportFormat, StatusGroup } from '../../../../../electron/ipc/contract';
import { formatNumber } from '../../../format';

export const FORMAT_WORDS: Record<
  ExportFormat,
  { label: string; hint: string; file: string; saved: string }
> = {
  csv: {
    label: 'CSV',
    hint: 'Plain text any tool opens, mailing tools included.',
    file: 'A new CSV file',
    saved: 'as CSV',
  },
  xlsx: {
    label: 'Excel workbook (.xlsx)',
    hint: 'Opens in Excel with every cell as it was: no import steps.',
    file: 'A new Excel workbook',
    saved: 'as an Excel workbook',
  },
};

/**
 * A workbook whose rows did not fit on one sheet (1,048,576 rows, the header
 * included): where the rest went. Null when everything is on the first sheet.
 */
export function continuedSheetsLine(sheets: readonly string[]): string | null {
  if (sheets.length <= 1) return null;
  const rest = sheets.slice(1).join(', ');
  const where = sheets.length === 2 ? 'sheet 2' : `sheets 2–${formatNumber(sheets.length)}`;
  return `More rows than an Excel sheet holds: they continue on ${where} (${rest}).`;
}

/** The files "Save by status…" writes, by group, as the notice names them. */
export const GROUP_LABEL: Record<StatusGroup, string> = {
  deliverable: 'Deliverable',
  undeliverable: 'Undeliverable',
  unknown: 'Unknown',
  removed: 'Removed',
};

/** What the groups are, said once beside the button. */
export const STATUS_GROUPS_LINE =
  'Save by status writes every row into one file per outcome, in a folder you choose: deliverable, undeliverable, unknown, and removed (invalid rows, repeats, rows left out by your choice and those not covered by avatar, never checked). The choice of rows above does not apply.';

/** "Nothing was unknown or removed: no file for them." Null when every group had rows. */
export function emptyGroupsLine(empty: readonly StatusGroup[]): string | null {
  if (empty.length === 0) return null;
  const names = empty.map((g) => GROUP_LABEL[g].toLowerCase());
  const list =
    names.length === 1
      ? names[0]
      : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}`;
  return `No row was ${list}: no file for ${empty.length === 1 ? 'it' : 'them'}.`;
}

/** The last part of a path main wrote, on any system's separators. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
