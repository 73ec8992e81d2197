// Finding repeats by two 32-bit hashes in a growing open-addressing table.
import { describe, expect, it } from 'vitest';
import {
  FINGERPRINT_INTS,
  createDeduper,
  fingerprint,
  type Deduper,
} from '../../../../electron/lists/read/dedupe';

/** The table fed one address at a time, as UTF-8 bytes as the classify worker holds them. */
function textTable(initialCapacity?: number) {
  const table: Deduper = createDeduper(initialCapacity);
  const prints = new Int32Array(FINGERPRINT_INTS);
  return {
    seenOrAdd(address: string, next: number): number {
      const bytes = Buffer.from(address);
      fingerprint(bytes, 0, bytes.length, prints, 0);
      return table.seenOrAdd(prints, 0, next);
    },
  };
}

/** 32-bit FNV-1a over ASCII: the deduper's first hash, before its final mix. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

describe('createDeduper', () => {
  it('numbers new addresses and returns the first number for repeats', () => {
    const seen = textTable();
    expect(seen.seenOrAdd('a@x.com', 0)).toBe(-1);
    expect(seen.seenOrAdd('b@x.com', 1)).toBe(-1);
    expect(seen.seenOrAdd('a@x.com', 2)).toBe(0);
    expect(seen.seenOrAdd('b@x.com', 2)).toBe(1);
    expect(seen.seenOrAdd('c@x.com', 2)).toBe(-1);
    expect(seen.seenOrAdd('c@x.com', 3)).toBe(2);
  });

  it('tells apart strings that differ only slightly', () => {
    const seen = textTable();
    const near = ['', 'a', 'A', 'a@x.com', 'a@x.co', 'a@x.com ', 'ü@x.com', 'u@x.com', 'ba', 'ab'];
    near.forEach((s, i) => expect(seen.seenOrAdd(s, i), s).toBe(-1));
    near.forEach((s, i) => expect(seen.seenOrAdd(s, 99), s).toBe(i));
  });

  it('keeps apart addresses whose first hash collides', () => {
    // Known FNV-1a 32-bit collisions. Equal hash states stay equal whatever
    // follows, so these addresses share a first hash and a home slot.
    const pairs = [
      ['costarring', 'liquid'],
      ['declinate', 'macallums'],
      ['altarage', 'zinke'],
    ].map((pair) => pair.map((local) => `${local}@example.com`));
    for (const [a, b] of pairs) expect(fnv1a(a ?? '')).toBe(fnv1a(b ?? ''));
    const seen = textTable(1);
    let next = 0;
    const numbers = new Map<string, number>();
    for (const pair of pairs) {
      for (const s of pair) {
        expect(seen.seenOrAdd(s, next), s).toBe(-1);
        numbers.set(s, next++);
      }
    }
    for (const [s, n] of numbers) expect(seen.seenOrAdd(s, 1_000), s).toBe(n);
  });

  it('holds many addresses, growing from a tiny table', () => {
    const seen = textTable(1);
    const count = 300_000;
    for (let i = 0; i < count; i++) {
      if (seen.seenOrAdd(`user${i}@example${i % 13}.com`, i) !== -1) {
        throw new Error(`user${i} was taken for a repeat`);
      }
    }
    let wrong = 0;
    for (let i = 0; i < count; i++) {
      if (seen.seenOrAdd(`user${i}@example${i % 13}.com`, -5) !== i) wrong += 1;
    }
    expect(wrong).toBe(0);
    // And nothing new was recorded by the lookups.
    expect(seen.seenOrAdd('fresh@example.com', count)).toBe(-1);
  });

  it('keeps separate tables separate', () => {
    const one = textTable();
    const two = textTable();
    expect(one.seenOrAdd('a@x.com', 0)).toBe(-1);
    expect(two.seenOrAdd('b@x.com', 0)).toBe(-1);
    expect(two.seenOrAdd('a@x.com', 1)).toBe(-1);
    expect(one.seenOrAdd('a@x.com', 1)).toBe(0);
    expect(one.seenOrAdd('b@x.com', 1)).toBe(-1);
  });
});
