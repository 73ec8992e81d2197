// One bit per spilled cell (repeats/README in spill.ts): set where the cell is
// the first of its address. Once every bit is set, rank(i) counts the first
// cells before cell i, which is how many new addresses came before it: its
// address's number among the spilled ones. 2 bits a cell in all (the bits
// and a running count per 32 of them), so ten million cells cost 2.5 MB.

export interface BitRank {
  set(i: number): void;
  has(i: number): boolean;
  /** The bits set before `i`; only after freeze(). */
  rank(i: number): number;
  /** Makes rank() answer; no bit may be set afterwards. */
  freeze(): void;
  /** The bits set. */
  readonly count: number;
}

/** Bits set in a 32-bit word (the classic parallel count). */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function createBitRank(size: number): BitRank {
  const words = new Uint32Array(Math.ceil(size / 32));
  let before: Uint32Array | null = null;
  let count = 0;
  return {
    set(i) {
      if (before) throw new Error('the bits were frozen');
      const w = i >>> 5;
      const bit = 1 << (i & 31);
      const word = words[w] as number;
      if ((word & bit) === 0) {
        words[w] = word | bit;
        count += 1;
      }
    },
    has: (i) => ((words[i >>> 5] as number) & (1 << (i & 31))) !== 0,
    rank(i) {
      if (!before) throw new Error('rank() before freeze()');
      const w = i >>> 5;
      // The bits of word w below i: (1 << 0) - 1 is none, (1 << 31) - 1 all but the top one.
      const below = ((words[w] ?? 0) & ((1 << (i & 31)) - 1)) >>> 0;
      return (before[w] as number) + popcount(below);
    },
    freeze() {
      if (before) return;
      before = new Uint32Array(words.length + 1);
      for (let w = 0; w < words.length; w++) {
        before[w + 1] = (before[w] as number) + popcount(words[w] as number);
      }
    },
    get count() {
      return count;
    },
  };
}
