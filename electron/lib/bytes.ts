// The memory's little-endian words straight from and to bytes: no DataView
// or Buffer method per word, as the memory reads and writes millions a list.

/** The signed 32-bit little-endian word at `bytes[p, p + 4)`. */
export const int32At = (bytes: Uint8Array, p: number): number =>
  (bytes[p] as number) |
  ((bytes[p + 1] as number) << 8) |
  ((bytes[p + 2] as number) << 16) |
  ((bytes[p + 3] as number) << 24);

/** Writes the low 32 bits of `value` little-endian at `bytes[p, p + 4)`. */
export function putInt32At(bytes: Uint8Array, p: number, value: number): void {
  bytes[p] = value;
  bytes[p + 1] = value >>> 8;
  bytes[p + 2] = value >>> 16;
  bytes[p + 3] = value >>> 24;
}
