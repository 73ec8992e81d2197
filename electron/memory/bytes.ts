// Reading the memory's little-endian words straight from bytes: no DataView
// or Buffer method per read, as the memory reads millions of them per list.

/** The signed 32-bit little-endian word at `bytes[p, p + 4)`. */
export const int32At = (bytes: Uint8Array, p: number): number =>
  (bytes[p] as number) |
  ((bytes[p + 1] as number) << 8) |
  ((bytes[p + 2] as number) << 16) |
  ((bytes[p + 3] as number) << 24);
