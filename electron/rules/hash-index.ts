// The rules' keys (addresses, domains, the ends of domains) found by the hash
// the matcher computes as it walks an address back from its end (match.ts):
// FNV-1a over the characters from the last to the first, so the hash of every
// end of the address is met on the way, and at the start, the whole address's.
// A look-up is a probe of an integer table and a string compare only where a
// hash matches: a Map keyed by the string would hash a fresh string for every
// address of the list, and one keyed by a 32-bit number boxes half of them
// (some 85 ns a look-up against a few here; `npm run bench -- rules`).
// Plain data and functions, importing nothing (the import's worker runs it).

export const FNV_START = 0x811c9dc5;

/** One more character into a backward hash. */
export const step = (h: number, c: number): number => Math.imul(h ^ c, 0x01000193);

/** The backward hash of all of `text`: what the walk holds after its first character. */
export function hashBack(text: string): number {
  let h = FNV_START;
  for (let i = text.length - 1; i >= 0; i--) h = step(h, text.charCodeAt(i));
  return h;
}

export interface HashIndex<T extends { key: string }> {
  /** How many keys it holds. */
  readonly size: number;
  /** The item whose key is `s[from, to)`, given that run's backward hash `h`. */
  find(h: number, s: string, from: number, to: number): T | undefined;
}

/** A table's slot for a hash: its halves mixed, so keys alike at the end spread. */
const slotOf = (h: number, mask: number): number => (h ^ (h >>> 15)) & mask;

/**
 * An open-addressed table of the items' key hashes, twice as many slots as
 * hashes; each slot holds the items sharing its hash (rare, and told apart by
 * their keys).
 */
export function hashIndexOf<T extends { key: string }>(items: Iterable<T>): HashIndex<T> {
  const byHash = new Map<number, T[]>();
  for (const item of items) {
    const h = hashBack(item.key);
    const same = byHash.get(h);
    if (same) same.push(item);
    else byHash.set(h, [item]);
  }
  let slots = 16;
  while (slots < byHash.size * 2) slots *= 2;
  const mask = slots - 1;
  const hashes = new Int32Array(slots);
  /** Index into `groups` of each slot's items, -1 for an empty slot. */
  const heads = new Int32Array(slots).fill(-1);
  const groups: T[][] = [];
  for (const [h, same] of byHash) {
    let slot = slotOf(h, mask);
    while (heads[slot] !== -1) slot = (slot + 1) & mask;
    hashes[slot] = h;
    heads[slot] = groups.length;
    groups.push(same);
  }
  return {
    size: byHash.size,
    find(h, s, from, to) {
      for (let slot = slotOf(h, mask); ; slot = (slot + 1) & mask) {
        const head = heads[slot] as number;
        if (head === -1) return undefined;
        if (hashes[slot] !== h) continue;
        for (const item of groups[head] as T[]) {
          if (item.key.length === to - from && s.startsWith(item.key, from)) return item;
        }
        return undefined;
      }
    },
  };
}
