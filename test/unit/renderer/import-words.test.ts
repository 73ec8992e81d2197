// The import screen's sentences about where a list comes from: pasted text
// refused before it is sent, a batch's progress, a workbook's title rows and
// its format in the review's facts.
import { describe, expect, it } from 'vitest';
import { MAX_PASTE_CHARS } from '../../../electron/common/limits';
import type { WorkbookView } from '../../../electron/common/views/views';
import {
  pasteFirstPart,
  pasteProblem,
  readingTitle,
  skippedRowsLine,
  workbookFormat,
} from '../../../renderer/src/features/import/import-words';
import { english } from '../../../electron/common/i18n/message';

const { t } = english;

describe('pasteProblem', () => {
  it('lets through any text with something in it, up to the limit', () => {
    expect(pasteProblem('anne@example.com', t)).toBeNull();
    expect(pasteProblem('x'.repeat(MAX_PASTE_CHARS), t)).toBeNull();
  });

  it('refuses text with nothing but blanks in it', () => {
    for (const text of ['', ' ', '\n\n', '\t \r\n ']) {
      expect(pasteProblem(text, t)).toMatch(/^There is nothing in it to check\./);
    }
  });

  it('refuses more than the limit, saying the limit and the way forward', () => {
    expect(pasteProblem('x'.repeat(MAX_PASTE_CHARS + 1), t)).toBe(
      'That is more than 20,000,000 characters, more than a paste can take. Check the first part of it now, or save it from your spreadsheet as a CSV or Excel file and choose that file.',
    );
  });
});

describe('pasteFirstPart', () => {
  it('offers whole lines up to the limit, and counts what is left over', () => {
    const text = 'email\na@x.com\nb@x.com\nc@x.com\n';
    expect(pasteFirstPart(text, 100)).toBeNull();
    expect(pasteFirstPart(text, 16)).toEqual({ text: 'email\na@x.com', lines: 2, left: 2 });
    expect(pasteFirstPart('x'.repeat(50), 10)).toBeNull();
  });
});

describe('readingTitle', () => {
  it('names the file alone, or its place among several', () => {
    expect(readingTitle('april.xlsx', 1, 1, t)).toBe('Reading april.xlsx');
    expect(readingTitle('april.xlsx', 2, 3, t)).toBe('Reading 2 of 3: april.xlsx');
    expect(readingTitle('big.csv', 1, 1_200, t)).toBe('Reading 1 of 1,200: big.csv');
  });
});

describe('skippedRowsLine', () => {
  it('says nothing when the header is the first row', () => {
    expect(skippedRowsLine(0, t)).toBeNull();
  });

  it('counts the title rows, one or several', () => {
    expect(skippedRowsLine(1, t)).toBe(
      'The first row above the header (a title) is not part of the list.',
    );
    expect(skippedRowsLine(3, t)).toBe(
      'The first 3 rows above the header (a title) are not part of the list.',
    );
  });
});

describe('workbookFormat', () => {
  const book = (sheet: number): WorkbookView => ({
    sheet,
    skippedRows: 0,
    sheets: [
      { index: 0, name: 'Notes', hidden: false, rows: 4, hasAddresses: false },
      { index: 1, name: 'March', hidden: false, rows: 26, hasAddresses: true },
      { index: 2, name: 'Hidden list', hidden: true, rows: 7, hasAddresses: true },
    ],
  });

  it('is null for a text list, which shows its encoding and separator instead', () => {
    expect(workbookFormat({ workbook: null }, t)).toBeNull();
  });

  it('names the sheet read, hidden or not', () => {
    expect(workbookFormat({ workbook: book(1) }, t)).toBe('Excel workbook, sheet March');
    expect(workbookFormat({ workbook: book(2) }, t)).toBe('Excel workbook, sheet Hidden list');
  });

  it('says the format alone when the sheet read is not among those listed', () => {
    expect(workbookFormat({ workbook: book(9) }, t)).toBe('Excel workbook');
  });
});
