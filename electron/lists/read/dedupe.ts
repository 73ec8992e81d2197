// Finding repeats among millions of addresses without keeping the addresses:
// an open-addressing table of two independent 32-bit hashes per address (64
// bits in all) in one typed array. A Map of strings would hold every address
// on the heap for the garbage collector to walk again and again; this costs 16
// bytes per slot. Two different addresses of a million-address list agree on
// all 64 bits with odds of about 3 in 100 million (n² / 2⁶⁵), far below any
// other failure of a real run.
//
// Hashing and looking up are separate steps: the caller fingerprints a batch
// of addresses, then looks them all up in one tight loop. Each lookup is a
// cache miss into a table of tens of megabytes; in a tight loop the processor
// waits for many at once, where interleaved with hashing it would wait for each
// in turn.

/** Fingerprints take two Int32 slots each: prints[2 * at] and prints[2 * at + 1]. */
export const FINGERPRINT_INTS = 2;

/**
 * Writes the fingerprint of the address in bytes[start, end) (UTF-8,
 * normalized) into prints at position `at`: two multiplicative hashes over the
 * bytes (FNV-1a, and the same shape with another multiplier and seed), each
 * mixed at the end so every bit depends on every byte.
 */
export function fingerprint(
  bytes: Uint8Array,
  start: number,
  end: number,
  prints: Int32Array,
  at: number,
): void {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = start; i < end; i++) {
    const c = bytes[i] as number;
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  a ^= a >>> 15;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  b ^= b >>> 16;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  prints[at * FINGERPRINT_INTS] = a;
  prints[at * FINGERPRINT_INTS + 1] = b;
}

export interface Deduper {
  /**
   * For the fingerprint at `at` in prints: the number its address got when
   * first seen, or -1, and it is now recorded as `next`.
   */
  seenOrAdd(prints: Int32Array, at: number, next: number): number;
  /** For the fingerprint at `at` in prints: the number its address got when first seen, or -1. */
  find(prints: Int32Array, at: number): number;
  /** Addresses recorded. */
  readonly size: number;
}

// A slot is four Int32s (16 bytes, so never split across cache lines): the
// two hashes, the address's number + 1 (0 marks an empty slot), and padding.
const SLOT = 4;
// The table grows past 5/8 full; linear probing slows down beyond that.
const fullEnough = (used: number, slots: number) => used * 8 > slots * 5;

export function createDeduper(initialCapacity = 1 << 16): Deduper {
  let slots = 1 << 4;
  while (fullEnough(initialCapacity, slots)) slots <<= 1;
  let table = new Int32Array(slots * SLOT);
  let used = 0;

  const place = (a: number, b: number, value: number) => {
    const mask = slots - 1;
    let slot = a & mask;
    while (table[slot * SLOT + 2] !== 0) slot = (slot + 1) & mask;
    table[slot * SLOT] = a;
    table[slot * SLOT + 1] = b;
    table[slot * SLOT + 2] = value;
  };

  const grow = () => {
    const old = table;
    slots *= 2;
    table = new Int32Array(slots * SLOT);
    for (let k = 0; k < old.length; k += SLOT) {
      const value = old[k + 2] as number;
      if (value !== 0) place(old[k] as number, old[k + 1] as number, value);
    }
  };

  return {
    get size() {
      return used;
    },
    find(prints, at) {
      const a = prints[at * FINGERPRINT_INTS] as number;
      const b = prints[at * FINGERPRINT_INTS + 1] as number;
      const mask = slots - 1;
      for (let k = (a & mask) * SLOT; ; k = (k + SLOT) & (mask * SLOT)) {
        const value = table[k + 2] as number;
        if (value === 0) return -1;
        if (table[k] === a && table[k + 1] === b) return value - 1;
      }
    },
    seenOrAdd(prints, at, next) {
      const a = prints[at * FINGERPRINT_INTS] as number;
      const b = prints[at * FINGERPRINT_INTS + 1] as number;
      const mask = slots - 1;
      let k = (a & mask) * SLOT;
      for (;;) {
        const value = table[k + 2] as number;
        if (value === 0) break;
        if (table[k] === a && table[k + 1] === b) return value - 1;
        k = (k + SLOT) & (mask * SLOT);
      }
      table[k] = a;
      table[k + 1] = b;
      table[k + 2] = next + 1;
      used += 1;
      if (fullEnough(used, slots)) grow();
      return -1;
    },
  };
}
