// The packed table of shared strings gives back exactly the strings put in,
// whatever their characters, however many, and nothing for an index that is
// not one of its own (a sheet may point anywhere).
import { describe, expect, it } from 'vitest';
import { stringTableBuilder, stringTableOf } from '../../../../electron/sheets/read/string-table';

const tableOf = (strings: readonly string[]) => {
  const builder = stringTableBuilder();
  for (const text of strings) builder.add(text);
  return stringTableOf(builder.finish());
};

describe('the shared strings table', () => {
  it('gives back every string as stored: latin1, wider characters, lone surrogates, empty', () => {
    const strings = [
      'ann@example.com',
      '',
      'Zürich, Chloé, Müller',
      '山田太郎',
      'Łódź',
      'emoji 📧 mail',
      'lone \ud83d high',
      'lone \udce7 low',
      '\u00ff edge \u0100',
      'tab\tnew\nline\r',
    ];
    const table = tableOf(strings);
    expect(table.count).toBe(strings.length);
    strings.forEach((text, i) => expect(table.at(i)).toBe(text));
  });

  it('holds a million strings in their bytes, one byte a latin1 character', () => {
    const count = 1_000_000;
    const text = (i: number) => (i % 7 === 0 ? `名前${i}` : `user${i}@example.com`);
    const builder = stringTableBuilder();
    let chars = 0;
    let wide = 0;
    for (let i = 0; i < count; i++) {
      const t = text(i);
      builder.add(t);
      if (i % 7 === 0) wide += t.length;
      else chars += t.length;
    }
    const packed = builder.finish();
    expect(packed.bytes.length).toBe(chars + 2 * wide);
    expect(packed.starts.length).toBe(count + 1);
    const table = stringTableOf(packed);
    for (const i of [0, 1, 6, 7, 4095, 4096, 8191, 999_999]) expect(table.at(i)).toBe(text(i));
    // Read twice, in an order that makes indices share a cache slot.
    for (const i of [5, 4096 + 5, 5, 2 * 4096 + 5, 4096 + 5]) expect(table.at(i)).toBe(text(i));
  });

  it('has nothing at an index past its end, negative or fractional', () => {
    const table = tableOf(['a', 'b']);
    for (const index of [2, 3, -1, 0.5, Number.NaN, 2 ** 32]) {
      expect(table.at(index)).toBeUndefined();
    }
    expect(tableOf([]).at(0)).toBeUndefined();
  });
});
