// Names shown inside main's dialogs and notifications are one line, without
// control or format characters, and cut with an ellipsis when long.
import { describe, expect, it } from 'vitest';
import { oneLine } from '../../../../electron/common/text/one-line';

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
