// How much of a workbook is read, at most: a crafted .xlsx (a part whose
// declared size is huge, millions of shared strings, one string of
// gigabytes) must end in a clear refusal, not in memory run out in main.
// Refused, not cut: a cut cell would silently change the user's rows. The
// README (Lists and workbooks) gives the same figures.
import { MAX_CELL_CHARS } from '../write/xlsx-cells';

/** Entries in the workbook's zip: a workbook of a few sheets has dozens. */
export const MAX_WORKBOOK_PARTS = 10_000;
/** The shared strings part, inflated. */
export const MAX_SHARED_STRINGS_PART_BYTES = 1024 ** 3;
/** Entries of the shared strings table. */
export const MAX_SHARED_STRINGS = 10_000_000;
/** The shared strings table, packed (a byte a character, two outside Latin-1). */
export const MAX_SHARED_STRING_BYTES = 256 * 1024 ** 2;
/** A cell's text: Excel's own limit. */
export { MAX_CELL_CHARS };
/** A cell's raw text before `_xHHHH_` escapes are decoded (seven characters for one). */
export const MAX_RAW_CELL_CHARS = 7 * MAX_CELL_CHARS;

export type OverCapWhat = 'parts' | 'part' | 'strings' | 'stringBytes' | 'cell';

/** A cap crossed; the caller words it (lists/read/read-workbook.ts). */
export class WorkbookOverCap extends Error {
  constructor(
    readonly what: OverCapWhat,
    readonly max: number,
  ) {
    super(`the workbook is over its cap of ${max} (${what})`);
    this.name = 'WorkbookOverCap';
  }
}
