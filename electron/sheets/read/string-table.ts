// A workbook's shared strings held as one byte buffer and a table of where
// each begins, rather than as an array of strings: a sheet of a million
// addresses has a million of them, which as strings are a million heap
// objects, each keeping alive the XML chunk it was cut from (about 80 MB for
// 25 MB of text), walked again by every full collection. Here they cost
// their bytes plus 4 a string, outside the heap, and a cell's text is made
// when the sheet reaches it. The arrays are plain data, so a table built in a
// worker can be handed over whole.
//
// A string whose characters all fit in a byte is stored as latin1 (one byte a
// character, as V8 itself stores such strings), any other as UTF-16 (two
// bytes a code unit): both give back exactly the string stored, lone
// surrogates included, which UTF-8 would not.

/** A table as data: what a builder hands over, and a worker could transfer. */
export interface PackedStrings {
  /** The strings' bytes, one after the other. */
  bytes: Uint8Array;
  /**
   * Where string i begins in `bytes` (the low 31 bits), bit 31 set when it is
   * stored as UTF-16; entry `count` is where the last one ends.
   */
  starts: Uint32Array;
  count: number;
}

export interface StringTable {
  readonly count: number;
  /** The string at `index`; undefined past the table's end or for an index that is not one. */
  at(index: number): string | undefined;
  /** Bytes held, for a caller that limits them. */
  readonly bytes: number;
}

const WIDE = 0x8000_0000;
const POSITION = 0x7fff_ffff;
/** Positions are 31 bits: the table's bytes stay below 2 GiB. */
const MAX_BYTES = POSITION;

// Anything outside latin1: such a string is stored as UTF-16.
const WIDE_CHAR = /[\u0100-\uffff]/;

export interface StringTableBuilder {
  add(text: string): void;
  readonly count: number;
  readonly bytes: number;
  /** The table as built; the builder is done with. */
  finish(): PackedStrings;
}

export function stringTableBuilder(): StringTableBuilder {
  let bytes = Buffer.allocUnsafeSlow(64 * 1024);
  let starts = new Uint32Array(1024);
  let count = 0;
  let used = 0;

  const reserve = (more: number) => {
    const needed = used + more;
    if (needed > MAX_BYTES) throw new Error('its shared strings are too large to read');
    if (needed <= bytes.length) return;
    let size = bytes.length * 2;
    while (size < needed) size *= 2;
    const grown = Buffer.allocUnsafeSlow(Math.min(size, MAX_BYTES));
    bytes.copy(grown, 0, 0, used);
    bytes = grown;
  };

  return {
    add(text) {
      if (count + 1 >= starts.length) {
        const grown = new Uint32Array(starts.length * 2);
        grown.set(starts.subarray(0, count + 1));
        starts = grown;
      }
      if (WIDE_CHAR.test(text)) {
        reserve(text.length * 2);
        starts[count] = used | WIDE;
        used += bytes.write(text, used, 'utf16le');
      } else {
        reserve(text.length);
        starts[count] = used;
        used += bytes.write(text, used, 'latin1');
      }
      count += 1;
      starts[count] = used;
    },
    get count() {
      return count;
    },
    get bytes() {
      return used;
    },
    finish() {
      // Only what is used is kept: the slack of the last doubling is given back.
      const kept = Buffer.allocUnsafeSlow(used);
      bytes.copy(kept, 0, 0, used);
      const packed = { bytes: kept, starts: starts.slice(0, count + 1), count };
      bytes = Buffer.alloc(0);
      starts = new Uint32Array(1);
      count = 0;
      used = 0;
      return packed;
    },
  };
}

export const EMPTY_TABLE: StringTable = { count: 0, at: () => undefined, bytes: 0 };

/**
 * Strings remembered by index, in a direct-mapped cache: a sheet's repeated
 * values (a city, a company, a status) point at the same few entries, which
 * are then made once rather than once a cell.
 */
const CACHED = 4096;

export function stringTableOf(packed: PackedStrings): StringTable {
  const { starts, count } = packed;
  const bytes = Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset, packed.bytes.length);
  const cachedIndex = new Int32Array(CACHED).fill(-1);
  const cached: string[] = new Array<string>(CACHED).fill('');
  return {
    count,
    bytes: bytes.length,
    at(index) {
      if (index >>> 0 !== index || index >= count) return undefined;
      const slot = index & (CACHED - 1);
      if (cachedIndex[slot] === index) return cached[slot];
      const start = starts[index] as number;
      const end = (starts[index + 1] as number) & POSITION;
      const text =
        start & WIDE
          ? bytes.toString('utf16le', start & POSITION, end)
          : bytes.toString('latin1', start, end);
      cachedIndex[slot] = index;
      cached[slot] = text;
      return text;
    },
  };
}
