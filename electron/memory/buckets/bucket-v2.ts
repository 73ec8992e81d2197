// The buckets of the memory's second layout (format 2), read only to move
// their answers into the present one (migrate.ts): entries one after the
// other, ordered by unsigned tag then product, each
//   bytes 0-3  tag0, int32 little-endian
//   bytes 4-7  tag1, int32 little-endian
//   bytes 8-9  uint16 little-endian: the record's length << 1 | 1 for avatar
//   then       the record (record.ts), that many bytes
import { int32At } from '../../lib/bytes';

const HEAD = 10;

/**
 * Calls `visit` for each whole entry of `value`, in order; returns false when
 * the bytes ran short of an entry (what follows is lost), true otherwise.
 */
export function eachEntryV2(
  value: Uint8Array,
  visit: (tag0: number, tag1: number, product: number, start: number, end: number) => void,
): boolean {
  const length = value.length;
  let at = 0;
  while (at < length) {
    if (at + HEAD > length) return false;
    const sized = (value[at + 8] as number) | ((value[at + 9] as number) << 8);
    const start = at + HEAD;
    const end = start + (sized >>> 1);
    if (end > length) return false;
    visit(int32At(value, at), int32At(value, at + 4), sized & 1, start, end);
    at = end;
  }
  return true;
}
