// Finding repeats among millions of addresses without keeping the addresses:
// an open-addressing table of two independent 32-bit hashes per address (64
// bits in all) over typed arrays. Holding a million strings in a Map cost more
// time in the garbage collector than the whole parse; this costs 12 bytes per
// slot. Two different addresses agree on all 64 bits with odds of about one in
// 10^13 for a million-row list, far below any other failure of a real run.

export interface Deduper {
  /** The index the address got when first seen, or -1 (and it is now recorded as `next`). */
  seenOrAdd(address: string, next: number): number;
}

// The two hashes of the last address, kept in module state rather than a
// returned pair: a million small arrays would be a million allocations.
let hashA = 0;
let hashB = 0;

function hash(s: string): void {
  // FNV-1a and a multiply-xorshift hash, over UTF-16 code units.
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x85ebca6b);
    b ^= b >>> 13;
  }
  a ^= a >>> 16;
  b = Math.imul(b ^ (b >>> 16), 0xc2b2ae35);
  b ^= b >>> 16;
  hashA = a >>> 0;
  hashB = b >>> 0;
}

export function createDeduper(initialCapacity = 1 << 16): Deduper {
  let size = 1;
  while (size < initialCapacity * 2) size <<= 1;
  let h1 = new Uint32Array(size);
  let h2 = new Uint32Array(size);
  // Stored as index + 1, so 0 marks an empty slot.
  let values = new Int32Array(size);
  let used = 0;

  const place = (a: number, b: number, value: number) => {
    const mask = h1.length - 1;
    let slot = a & mask;
    while (values[slot] !== 0) slot = (slot + 1) & mask;
    h1[slot] = a;
    h2[slot] = b;
    values[slot] = value + 1;
  };

  const grow = () => {
    const old = { h1, h2, values };
    h1 = new Uint32Array(old.h1.length * 2);
    h2 = new Uint32Array(old.h1.length * 2);
    values = new Int32Array(old.h1.length * 2);
    for (let i = 0; i < old.values.length; i++) {
      const v = old.values[i] as number;
      if (v !== 0) place(old.h1[i] as number, old.h2[i] as number, v - 1);
    }
  };

  return {
    seenOrAdd(address, next) {
      hash(address);
      const a = hashA;
      const b = hashB;
      const mask = h1.length - 1;
      let slot = a & mask;
      for (;;) {
        const v = values[slot] as number;
        if (v === 0) break;
        if (h1[slot] === a && h2[slot] === b) return v - 1;
        slot = (slot + 1) & mask;
      }
      h1[slot] = a;
      h2[slot] = b;
      values[slot] = next + 1;
      used += 1;
      if (used * 2 > h1.length) grow();
      return -1;
    },
  };
}
