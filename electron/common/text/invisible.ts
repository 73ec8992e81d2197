// Characters a reader may skip, or a person cannot see, before a cell's
// first visible one: white space (Unicode's, the no-break and ideographic
// spaces included), control characters (C0, DEL, C1) and the default
// ignorable code points (byte-order mark, zero-width and bidi controls, soft
// hyphen, variation selectors, tags). A formula trigger behind any of them
// still counts as the cell's start (lists/write/formula.ts).
//
// Kept as ranges, not a regular expression: the check runs for cells of
// million-row exports, and compiling `\p{…}` classes costs the command line's
// start. test/unit/common/invisible.test.ts regenerates the table from
// `[\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]` so it stays exact.

/** The ranges above 0x7F, first and last code point of each, in order. */
export const IGNORABLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x7f, 0xa0],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

/** Whether the code point is white space, a control or default ignorable. */
export function isIgnorable(cp: number): boolean {
  if (cp <= 0x20) return cp >= 0;
  if (cp < 0x7f) return false;
  let lo = 0;
  let hi = IGNORABLE_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [first, last] = IGNORABLE_RANGES[mid] as readonly [number, number];
    if (cp < first) hi = mid - 1;
    else if (cp > last) lo = mid + 1;
    else return true;
  }
  return false;
}
