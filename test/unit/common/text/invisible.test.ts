// The table of characters skipped before a formula trigger is exactly
// Unicode's white space, controls and default ignorables, as this Node knows them.
import { describe, expect, it } from 'vitest';
import { isIgnorable } from '../../../../electron/common/text/invisible';

describe('isIgnorable', () => {
  it('agrees with the Unicode properties for every code point', () => {
    const re = /^[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]$/u;
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (re.test(String.fromCodePoint(cp)) !== isIgnorable(cp)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('names the characters the audit found', () => {
    for (const cp of [0x00, 0x0b, 0x0c, 0xa0, 0x3000, 0xfeff, 0x200b, 0x202e, 0x85]) {
      expect(isIgnorable(cp)).toBe(true);
    }
    for (const cp of [0x3d, 0x41, 0xe9, 0xff1d]) expect(isIgnorable(cp)).toBe(false);
  });
});
