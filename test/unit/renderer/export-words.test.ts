// The Export panel's words about files: the formats, a workbook continued on
// more sheets, the groups "Save by status…" writes and those it had no rows for.
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, STATUS_GROUPS } from '../../../electron/common/model';
import { english } from '../../../electron/common/i18n/message';
import {
  baseName,
  continuedSheetsLine,
  emptyGroupsLine,
  formatWords,
  groupLabel,
  statusGroupsLine,
} from '../../../renderer/src/features/results/export/export-words';

const { t } = english;

describe('formatWords and groupLabel', () => {
  it('have words for every format and every group main knows', () => {
    for (const format of EXPORT_FORMATS) expect(formatWords(t, format).label).not.toBe('');
    for (const group of STATUS_GROUPS) expect(groupLabel(t, group)).not.toBe('');
  });

  it('say what the removed group holds', () => {
    expect(statusGroupsLine(t)).toContain(
      'removed (invalid rows, repeats, rows left out by your choice and those not covered by avatar, never checked)',
    );
  });
});

describe('continuedSheetsLine', () => {
  it('says nothing when the rows fit on one sheet', () => {
    expect(continuedSheetsLine(t, [])).toBeNull();
    expect(continuedSheetsLine(t, ['Results'])).toBeNull();
  });

  it('names the sheets the rows continue on', () => {
    expect(continuedSheetsLine(t, ['Results', 'Results (2)'])).toBe(
      'More rows than an Excel sheet holds: they continue on sheet 2 (Results (2)).',
    );
    expect(continuedSheetsLine(t, ['A', 'A 2', 'A 3'])).toBe(
      'More rows than an Excel sheet holds: they continue on sheets 2–3 (A 2, A 3).',
    );
  });
});

describe('emptyGroupsLine', () => {
  it('says nothing when every group had rows', () => {
    expect(emptyGroupsLine(t, [])).toBeNull();
  });

  it('names the groups without a file', () => {
    expect(emptyGroupsLine(t, ['removed'])).toBe('No row was removed: no file for it.');
    expect(emptyGroupsLine(t, ['unknown', 'removed'])).toBe(
      'No row was unknown or removed: no file for them.',
    );
    expect(emptyGroupsLine(t, ['undeliverable', 'unknown', 'removed'])).toBe(
      'No row was undeliverable, unknown or removed: no file for them.',
    );
  });
});

describe('baseName', () => {
  it('takes the last part of a path on any system', () => {
    expect(baseName('/home/ann/by-status/list.deliverable.csv')).toBe('list.deliverable.csv');
    expect(baseName('C:\\Users\\Ann\\list.unknown.xlsx')).toBe('list.unknown.xlsx');
    expect(baseName('plain.csv')).toBe('plain.csv');
  });
});
