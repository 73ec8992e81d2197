// The Export panel's words about files, as pure functions of the window's
// translator: the two formats, a workbook continued on more sheets, and what
// "Save by status…" writes. The files' own words (columns, values, file and
// sheet names) are main's and stay English, so a file reads the same anywhere.
import type { ExportFormat, StatusGroup } from '../../../../../electron/ipc/contract';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { formatNumber } from '../../../format';

export interface FormatWords {
  label: string;
  hint: string;
  /** What a save makes, for the panel's first line ("A new CSV file"). */
  file: string;
  /** How the saved notice says the format ("as CSV"). */
  savedAs: string;
}

const FORMAT_IDS = {
  csv: {
    label: 'export.format.csv.label',
    hint: 'export.format.csv.hint',
    file: 'export.format.csv.file',
    savedAs: 'export.format.csv.savedAs',
  },
  xlsx: {
    label: 'export.format.xlsx.label',
    hint: 'export.format.xlsx.hint',
    file: 'export.format.xlsx.file',
    savedAs: 'export.format.xlsx.savedAs',
  },
} as const satisfies Record<ExportFormat, Record<keyof FormatWords, MessageId>>;

/** A format's words: its choice's label and hint, the file a save makes, and the notice's "as …". */
export function formatWords(t: Translate, format: ExportFormat): FormatWords {
  const ids = FORMAT_IDS[format];
  return { label: t(ids.label), hint: t(ids.hint), file: t(ids.file), savedAs: t(ids.savedAs) };
}

/**
 * A workbook whose rows did not fit on one sheet (1,048,576 rows, the header
 * included): where the rest went. Null when everything is on the first sheet.
 * The sheets' names are the file's own, so they are shown as main wrote them.
 */
export function continuedSheetsLine(t: Translate, sheets: readonly string[]): string | null {
  if (sheets.length <= 1) return null;
  return t('export.sheets.continued', {
    n: sheets.length - 1,
    last: formatNumber(sheets.length),
    names: sheets.slice(1).join(', '),
  });
}

const GROUP_IDS = {
  deliverable: 'export.group.deliverable',
  undeliverable: 'export.group.undeliverable',
  unknown: 'export.group.unknown',
  removed: 'export.group.removed',
} as const satisfies Record<StatusGroup, MessageId>;

/** The files "Save by status…" writes, by group, as the notice names them. */
export const groupLabel = (t: Translate, group: StatusGroup): string => t(GROUP_IDS[group]);

/** A group named inside a sentence ("No row was unknown or removed"). */
const GROUP_IN_LINE_IDS = {
  deliverable: 'export.empty.group.deliverable',
  undeliverable: 'export.empty.group.undeliverable',
  unknown: 'export.empty.group.unknown',
  removed: 'export.empty.group.removed',
} as const satisfies Record<StatusGroup, MessageId>;

/** What the groups are, said once beside the button. */
export const statusGroupsLine = (t: Translate): string => t('export.groups.about');

/** "No row was unknown or removed: no file for them." Null when every group had rows. */
export function emptyGroupsLine(t: Translate, empty: readonly StatusGroup[]): string | null {
  if (empty.length === 0) return null;
  const names = empty.map((g) => t(GROUP_IN_LINE_IDS[g]));
  const last = names[names.length - 1] ?? '';
  const groups =
    names.length === 1
      ? last
      : t('export.empty.or', { first: names.slice(0, -1).join(', '), last });
  return t('export.empty.line', { n: empty.length, groups });
}

/** The last part of a path main wrote, on any system's separators. */
export function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
