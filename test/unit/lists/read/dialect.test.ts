// The dialect of a list, judged from a sample: line ends and the delimiter.
import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  detectNewline,
  sampleRows,
} from '../../../../electron/lists/read/dialect';

describe('detectNewline', () => {
  it.each([
    ['a,b\r\nc,d\r\n', '\r\n'],
    ['a,b\nc,d\n', '\n'],
    ['a,b\rc,d\r', '\r'],
    ['a,b', '\n'],
    ['', '\n'],
  ])('%j → %j', (sample, newline) => {
    expect(detectNewline(sample)).toBe(newline);
  });

  it('skips line breaks inside quoted fields', () => {
    expect(detectNewline('"note\r\nwith CRLF",x\nnext,row\n')).toBe('\n');
    expect(detectNewline('"note\nwith LF",x\r\nnext,row\r\n')).toBe('\r\n');
    expect(detectNewline('"a ""quoted\n"" note",x\rnext,row\r')).toBe('\r');
  });
});

describe('detectDelimiter', () => {
  const detect = (sample: string, complete = true) =>
    detectDelimiter(sample, detectNewline(sample), complete);

  it('finds each delimiter', () => {
    expect(detect('email,name\na@x.com,A\nb@x.com,B\n')).toBe(',');
    expect(detect('email;name\na@x.com;A\nb@x.com;B\n')).toBe(';');
    expect(detect('email\tname\na@x.com\tA\nb@x.com\tB\n')).toBe('\t');
    expect(detect('email|name\na@x.com|A\nb@x.com|B\n')).toBe('|');
  });

  it('is not misled by the other delimiters inside cells', () => {
    // European Excel: semicolons between fields, decimal commas inside them.
    expect(
      detect('Nom;Montant;Email\nDupont;1,50;a@x.fr\nMartin;2,75;b@x.fr\nRoy;3;c@x.fr\n'),
    ).toBe(';');
    expect(detect('name,note,email\nA,"x; y; z",a@x.com\nB,"p; q",b@x.com\n')).toBe(',');
    expect(detect('id|name|email\n1|Kim, Jr.|a@x.com\n2|Lee, Sr.|b@x.com\n')).toBe('|');
    expect(detect('name\temail\nDoe, Jane\ta@x.com\nRoe; Rick\tb@x.com\n')).toBe('\t');
  });

  it('prefers the delimiter that splits rows consistently', () => {
    // Commas appear on some lines only; tabs split every line into three.
    const sample = 'a\tb\tc\nx, y\t1\t2\nz\t3\t4\nw, v, u\t5\t6\n';
    expect(detect(sample)).toBe('\t');
  });

  it('copes with quoted fields spanning lines', () => {
    const sample = 'id,notes,email\n1,"line one\nline two; three",a@x.com\n2,"x\ny",b@x.com\n';
    expect(detect(sample)).toBe(',');
  });

  it('takes a comma for one value per line', () => {
    expect(detect('a@x.com\nb@x.com\nc@x.com\n')).toBe(',');
    expect(detect('"Doe, Jane" <a@x.com>\nb@x.com\nc@x.com\n')).toBe(',');
  });

  it('reads an incomplete sample up to its last full line', () => {
    // The sample ends mid-row, in a cell that holds a comma.
    const sample = 'a;b;c\n1;2;3\n4;5;6\n7;8;9\n10,11';
    expect(detect(sample, false)).toBe(';');
  });
});

describe('sampleRows', () => {
  const dialect = { delimiter: ',', newline: '\n' } as const;

  it('parses quoted cells and skips empty lines', () => {
    expect(sampleRows('a,"b, c"\n\n"d ""e""",f\n', dialect, true)).toEqual([
      ['a', 'b, c'],
      ['d "e"', 'f'],
    ]);
  });

  it('drops the cut-off last line of an incomplete sample, keeps it in a complete one', () => {
    const text = 'a,b\nc,d\ne,f';
    expect(sampleRows(text, dialect, false)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(sampleRows(text, dialect, true)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('keeps a sample that is one unfinished line', () => {
    expect(sampleRows('abc,def', dialect, false)).toEqual([['abc', 'def']]);
  });

  it('stops at the row limit', () => {
    const text = Array.from({ length: 500 }, (_, i) => `r${i},x`).join('\n');
    expect(sampleRows(text, dialect, true)).toHaveLength(200);
    expect(sampleRows(text, dialect, true, 10)).toHaveLength(10);
  });

  it('reads CR-only line ends', () => {
    expect(sampleRows('a,b\rc,"d\re"\r', { delimiter: ',', newline: '\r' }, true)).toEqual([
      ['a', 'b'],
      ['c', 'd\re'],
    ]);
  });
});
