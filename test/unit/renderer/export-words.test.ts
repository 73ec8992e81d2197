// The Export panel's words about files: the formats, a workbook continued on
// more sheets, the groups "Save by status…" writes and those it had no rows for.
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, STATUS_GROUPS } from '../../../electron/common/model';
import {
  FORMAT_WORDS,
  GROUP_LABEL,
  STATUS_GROUPS_LINE,
  baseName,
  continuedSheetsLine,
  emptyGroupsLine,
} from '../../../renderer/src/features/results/export/export-words';

describe('FORMAT_WORDS and GROUP_LABEL', () => {
  it('have words for every format and every group main knows', () => {
    for (const format of EXPORT_FORMATS) expect(FORMAT_WORDS[format].label).not.toBe('');
    for (const group of STATUS_GROUPS) expect(GROUP_LABEL[group]).not.toBe('');
  });

  it('say what the removed group holds', () => {
    expect(STATUS_GROUPS_LINE).toContain(
      'removed (invalid rows, repeats, rows left out by your choice and those not covered by avatar, never checked)',
    );
  });
});

describe('continuedSheetsLine', () => {
  it('says nothing when the rows fit on one sheet', () => {
    expect(continuedSheetsLine([])).toBeNull();
    expect(continuedSheetsLine(['Results'])).toBeNull();
  });

  it('names the sheets the rows continue on', () => {
    expect(continuedSheetsLine(['Results', 'Results (2)'])).toBe(
      'More rows than an Excel sheet holds: they continue on sheet 2 (Results (2)).',
    );
    expect(continuedSheetsLine(['A', 'A 2', 'A 3'])).toBe(
      'More rows than an Excel sheet holds: they continue on sheets 2–3 (A 2, A 3).',
    );
  });
});

describe('emptyGroupsLine', () => {
  it('says nothing when every group had rows', () => {
    expect(emptyGroupsLine([])).toBeNull();
  });

  it('names the groups without a file', () => {
    expect(emptyGroupsLine(['removed'])).toBe('No row was removed: no file for it.');
    expect(emptyGroupsLine(['unknown', 'removed'])).toBe(
      'No row was unknown or removed: no file for them.',
    );
    expect(emptyGroupsLine(['undeliverable', 'unknown', 'removed'])).toBe(
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
