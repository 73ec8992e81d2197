// Names shown inside main's dialogs and notifications are one line, without
// control or format characters, and cut with an ellipsis when long.
import { describe, expect, it } from 'vitest';
import { oneLine, visibleLine, visibleLines } from '../../../../electron/common/text/one-line';

describe('oneLine', () => {
  it('makes line breaks and other whitespace one space', () => {
    expect(oneLine('spring\r\nlist\u2028two\u0085three\v\f\tend')).toBe(
      'spring list two three end',
    );
  });

  it('removes control and bidi characters, and keeps emoji joined', () => {
    expect(oneLine('a\u0000b\u001b[31mc\u202Ed\u2066e\u200Bf\uFEFFg\u009Bh')).toBe('ab[31mcdefgh');
    expect(oneLine('👩\u200D💻 team')).toBe('👩\u200D💻 team');
  });

  it('cuts a long name to the most characters asked, ending with an ellipsis', () => {
    const cut = oneLine('x'.repeat(100), 60);
    expect([...cut]).toHaveLength(60);
    expect(cut.endsWith('…')).toBe(true);
    expect(oneLine('short', 60)).toBe('short');
  });

  it('never cuts inside a character made of several code points', () => {
    const flags = '🇫🇷'.repeat(10);
    const cut = oneLine(flags, 5);
    expect(cut).toBe(`${'🇫🇷'.repeat(4)}…`);
  });
});

describe('visibleLine, for the terminal', () => {
  it('shows C0 controls as their pictures, and DEL, C1, separators and bidi controls as \\u escapes', () => {
    expect(visibleLine('a\x1b[2Jb\x07c\rd\ne\tf\x00')).toBe('a␛[2Jb␇c␍d␊e␉f␀');
    expect(visibleLine('x\x7f\u0085\u009b31m\u2028\u202Ey\u2066z\u200F')).toBe(
      'x\\u007f\\u0085\\u009b31m\\u2028\\u202ey\\u2066z\\u200f',
    );
  });

  it('leaves every other character as it is: accents, emoji joined, no-break spaces', () => {
    const name = 'Liste d’été 👩\u200D💻\u00A0Ümlaut — 東京';
    expect(visibleLine(name)).toBe(name);
  });

  it('keeps the line feeds of whole lines, and JSON keeps the exact text', () => {
    expect(visibleLines('one\x1b[1m\ntwo\r')).toBe('one␛[1m\ntwo␍');
    const name = 'Spring\u009b31m\u202E\x7f';
    const json = visibleLines(JSON.stringify({ name }));
    expect(json).not.toMatch(/[\x7f-\x9f\u202e]/);
    expect((JSON.parse(json) as { name: string }).name).toBe(name);
  });
});
