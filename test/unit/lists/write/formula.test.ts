// The rules that keep a cell from running as a formula (formula.ts) and the
// test that decides whether a row's own text may be copied (write.ts): each
// case here is one a reader other than papaparse would start a cell with.
import { describe, expect, it } from 'vitest';
import { toByteText } from '../../../../electron/lists/read/encoding';
import {
  escapeFormula,
  hasFormulaSegment,
  holdsSegmentStart,
  needsFormulaEscape,
} from '../../../../electron/lists/write/formula';
import { cellWriter, inStandardQuoting } from '../../../../electron/lists/write/row-text';

describe('segments: where a reader with another separator starts a cell', () => {
  it.each([
    ['a;=1+1', "a;'=1+1"],
    ['a,=1', "a,'=1"],
    ['a|@SUM(1)', "a|'@SUM(1)"],
    ['a\t+1', "a\t'+1"],
    ['x"=1', `x"'=1`],
    ['two\n-lines', "two\n'-lines"],
    ['old\r=mac', "old\r'=mac"],
    ['a;  =1', "a;  '=1"],
    ['a;\t =1', "a;\t '=1"],
    ['a,;=1', "a,;'=1"],
    ['a;=1;+2,@3', "a;'=1;'+2,'@3"],
    ['a;＝1', "a;'＝1"],
    ['a;＠x', "a;'＠x"],
    ['=a;=b', "'=a;'=b"],
    ['\n=x', "'\n'=x"],
  ])('%j is written %j', (cell, escaped) => {
    expect(hasFormulaSegment(cell) || needsFormulaEscape(cell)).toBe(true);
    expect(escapeFormula(cell)).toBe(escaped);
  });

  it.each(['plain', 'a=b', 'user@example.com', '2025-01-02', 'a - b', 'a;b', 'x\ny', 'a; b'])(
    '%j has none',
    (cell) => {
      expect(hasFormulaSegment(cell)).toBe(false);
      expect(escapeFormula(cell)).toBe(cell);
    },
  );

  it('finds them in byte text, full-width forms included', () => {
    for (const [cell, escaped] of [
      ['Zoë;=1', "Zoë;'=1"] as const,
      ['中文;＝1+1', "中文;'＝1+1"] as const,
      ['a,＋1', "a,'＋1"] as const,
    ]) {
      expect(escapeFormula(toByteText(cell), true)).toBe(toByteText(escaped));
    }
    // Other characters whose UTF-8 starts with 0xEF stay as they are.
    for (const cell of ['a;\uFF21BC', 'a;\uFEFFx', 'a;été']) {
      expect(escapeFormula(toByteText(cell), true)).toBe(toByteText(cell));
    }
  });

  it('counts spaces before a trigger at the start of a cell too', () => {
    expect(escapeFormula(' =x')).toBe("' =x");
    expect(escapeFormula('   +1')).toBe("'   +1");
    expect(escapeFormula(' x')).toBe(' x');
  });

  // What a reader may skip or a person cannot see does not hide a trigger (issue 46).
  const INVISIBLE = {
    NUL: '\u0000',
    VT: '\u000B',
    FF: '\u000C',
    ESC: '\u001B',
    DEL: '\u007F',
    NEL: '\u0085',
    'no-break space': '\u00A0',
    'soft hyphen': '\u00AD',
    'zero-width space': '\u200B',
    'right-to-left override': '\u202E',
    'ideographic space': '\u3000',
    'byte-order mark': '\uFEFF',
    tag: '\u{E0041}',
  };
  const TRIGGERS = ['=', '+', '-', '@', '\uFF1D', '\uFE66', '\uFE62', '\uFB29'];

  it.each(Object.entries(INVISIBLE))(
    'finds a trigger behind a %s, in text and byte text',
    (_, c) => {
      for (const sign of TRIGGERS) {
        for (const cell of [`${c}${sign}HYPERLINK("x")`, `${c} ${c}${sign}1`, `${c}${c}${sign}1`]) {
          expect(needsFormulaEscape(cell)).toBe(true);
          expect(needsFormulaEscape(toByteText(cell), true)).toBe(true);
          expect(escapeFormula(cell)).toBe(`'${cell}`);
        }
        // A segment's trigger behind it too.
        const row = `a;${c}${sign}1`;
        expect(escapeFormula(row)).toBe(`a;${c}'${sign}1`);
        expect(escapeFormula(toByteText(row), true)).toBe(toByteText(`a;${c}'${sign}1`));
      }
    },
  );

  it('leaves visible text behind the same characters as it is', () => {
    for (const c of Object.values(INVISIBLE)) {
      for (const cell of [`${c}x=1`, `a;${c}x-1`, `${c}été`, `${c}`]) {
        expect(escapeFormula(cell)).toBe(cell);
        expect(escapeFormula(toByteText(cell), true)).toBe(toByteText(cell));
      }
    }
  });

  it('knows every character a segment starts after', () => {
    for (const c of ['"', '\r', '\n', ',', ';', '\t', '|'])
      expect(holdsSegmentStart(`a${c}b`)).toBe(true);
    expect(holdsSegmentStart('a b:c.d')).toBe(false);
  });
});

describe('the cell writer', () => {
  it('with escaping, quotes a cell holding any common separator, so it stays one field', () => {
    const cell = cellWriter(',', true, false);
    expect(cell('a;b')).toBe('"a;b"');
    expect(cell('a|b')).toBe('"a|b"');
    expect(cell('a\tb')).toBe('"a\tb"');
    expect(cell('a,b')).toBe('"a,b"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('plain')).toBe('plain');
    expect(cell('')).toBe('');
  });

  it('with escaping, escapes the start and each segment', () => {
    const cell = cellWriter(';', true, false);
    expect(cell('=1+1')).toBe("'=1+1");
    expect(cell('a,=1')).toBe(`"a,'=1"`);
    expect(cell('x"y,n\n=HYPERLINK("u")')).toBe(`"x""y,n\n'=HYPERLINK(""u"")"`);
  });

  it('without escaping, quotes only what the file’s own delimiter needs', () => {
    const cell = cellWriter(',', false, false);
    expect(cell('a;=1')).toBe('a;=1');
    expect(cell('=1')).toBe('=1');
    expect(cell('a,b')).toBe('"a,b"');
    expect(cell('two\nlines')).toBe('"two\nlines"');
  });
});

describe('standard quoting: text every reader splits as papaparse did', () => {
  it.each([
    ['a,b,c', ','],
    ['"a",b,"c"', ','],
    ['a,"b,c","d""e"', ','],
    ['"two\nlines",x', ','],
    ['"old\rmac";x', ';'],
    ['a,"",b', ','],
    ['"""quoted"""', ','],
    ['a\t"b\tc"', '\t'],
  ])('%j with %j', (line, delimiter) => {
    expect(inStandardQuoting(line, delimiter)).toBe(true);
  });

  it.each([
    ['a,a@x.com,"x"y,n\n=HYPERLINK("http://evil.example","click"),z"', ','],
    ['a,x"y', ','],
    ['a,"b', ','],
    ['"a" ,b', ','],
    [' "a",b', ','],
    ['a,b\rc', ','],
    ['a\nb', ','],
    ['"a"\n', ','],
    ['"a","b";c', ';'],
    ['"""', ','],
  ])('not %j with %j', (line, delimiter) => {
    expect(inStandardQuoting(line, delimiter)).toBe(false);
  });
});
