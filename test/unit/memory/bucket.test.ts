// The memory's storage units: the address hash is MurmurHash3 x86 128 exactly
// (a changed hash would lose every kept answer), and a bucket merged, looked
// up and pruned agrees with a plain map of what was put in.
import { describe, expect, it } from 'vitest';
import {
  BUCKETS,
  byBucket,
  createSpots,
  murmur128,
  sortByTag,
  spotOfAddress,
} from '../../../electron/memory/address-hash';
import { eachEntry, findRecord, mergeBucket, pruneBucket } from '../../../electron/memory/bucket';

const hex = (text: string): string => {
  const bytes = Buffer.from(text);
  const words = new Int32Array(4);
  murmur128(bytes, 0, bytes.length, words);
  return Buffer.from(words.buffer).toString('hex');
};

describe('the address hash', () => {
  it('is MurmurHash3_x86_128 with seed 0, on every length of tail', () => {
    // As the murmur-128 package (and the reference C++) give them.
    expect(hex('')).toBe('00000000000000000000000000000000');
    expect(hex('a')).toBe('3c9394a71bb056551bb056551bb05655');
    expect(hex('linus')).toBe('f8c3526fe5bfe31be9c5ca68e9c5ca68');
    expect(hex('anne.martin123@gmail.com')).toBe('b5724fb53837b8bebef88f0d89f8cc8e');
    expect(hex('x'.repeat(33))).toBe('146fbbae9e0aad4dd8015efed6d42337');
    expect(hex('ü@é.com')).toBe('8894e28e9ba0ca4641745080cae352e2');
  });

  it('hashes a line inside a buffer as the same address given as a string', () => {
    const text = 'x@a.co\njane@example.com\n';
    const spots = createSpots(1);
    spots.add(Buffer.from(text), 7, 23);
    spots.addAddress('jane@example.com');
    spots.add(Buffer.alloc(0), 0, 0, true);
    const { bucket, tag0, tag1, count } = spots.done();
    expect(count).toBe(3);
    const spot = spotOfAddress('jane@example.com');
    expect([bucket[0], tag0[0], tag1[0]]).toEqual([spot.bucket, spot.tag0, spot.tag1]);
    expect([bucket[1], tag0[1], tag1[1]]).toEqual([spot.bucket, spot.tag0, spot.tag1]);
    expect(bucket[2]).toBe(BUCKETS);
    expect(spot.bucket).toBeLessThan(BUCKETS);
  });

  it('orders indices by bucket, leaving out those of no bucket', () => {
    const { order, starts } = byBucket(Uint32Array.of(5, 2, BUCKETS, 5, 0));
    expect([...order]).toEqual([4, 1, 0, 3]);
    expect([starts[0], starts[1], starts[2], starts[3], starts[5], starts[6]]).toEqual([
      0, 1, 1, 2, 2, 4,
    ]);
    expect(starts[BUCKETS]).toBe(4);
  });
});

/** A random but repeatable stream of 32-bit numbers. */
function numbers(seed: number) {
  return () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) | 0;
    return seed;
  };
}

describe('a bucket', () => {
  it('agrees with a map after merges with replacements, repeats and both products', () => {
    const next = numbers(11);
    const model = new Map<string, string>();
    let value: Buffer | undefined;
    // Few distinct tags, so that merges replace, and signs that test the unsigned order.
    const tagPool = Array.from({ length: 40 }, () => [next(), next() % 3] as const);
    for (let round = 0; round < 60; round++) {
      const count = 1 + (Math.abs(next()) % 8);
      const tag0 = new Int32Array(count);
      const tag1 = new Int32Array(count);
      const records: Buffer[] = [];
      const product = Math.abs(next()) % 2;
      for (let i = 0; i < count; i++) {
        const [t0, t1] = tagPool[Math.abs(next()) % tagPool.length] as readonly [number, number];
        tag0[i] = t0;
        tag1[i] = t1;
        records.push(Buffer.from(`r${round}-${i}`));
      }
      const ids = Uint32Array.from({ length: count }, (_, i) => i);
      sortByTag(ids, count, tag0, tag1);
      const before = model.size;
      for (let i = 0; i < count; i++) {
        model.set(`${tag0[i]}/${tag1[i]}/${product}`, (records[i] as Buffer).toString());
      }
      const merged = mergeBucket(value, { tag0, tag1, records, ids, count, product });
      expect(merged.gained).toBe(model.size - before);
      value = merged.bytes;
    }
    const seen = new Map<string, string>();
    const whole = eachEntry(value as Buffer, (t0, t1, p, start, end) => {
      seen.set(`${t0}/${t1}/${p}`, (value as Buffer).subarray(start, end).toString());
    });
    expect(whole).toBe(true);
    expect(seen).toEqual(model);
    for (const [key, record] of model) {
      const [t0, t1, p] = key.split('/').map(Number) as [number, number, number];
      expect(findRecord(value as Buffer, t0, t1, p)?.toString()).toBe(record);
    }
    expect(findRecord(value as Buffer, 1, 2, 0)).toBeUndefined();
  });

  it('is kept in unsigned tag order', () => {
    const tag0 = Int32Array.of(-1, 1, 0x7fffffff, -0x80000000);
    const tag1 = Int32Array.of(0, 0, 0, 0);
    const ids = Uint32Array.of(0, 1, 2, 3);
    sortByTag(ids, 4, tag0, tag1);
    const records = [Buffer.from('a'), Buffer.from('b'), Buffer.from('c'), Buffer.from('d')];
    const { bytes } = mergeBucket(undefined, { tag0, tag1, records, ids, count: 4, product: 0 });
    const order: string[] = [];
    eachEntry(bytes, (_t0, _t1, _p, start, end) => {
      order.push(bytes.subarray(start, end).toString());
    });
    expect(order).toEqual(['b', 'c', 'd', 'a']);
  });

  it('is pruned of what is refused, and read up to a damaged tail', () => {
    const tag0 = Int32Array.of(1, 2, 3);
    const tag1 = Int32Array.of(0, 0, 0);
    const records = [Buffer.from('keep'), Buffer.from('drop'), Buffer.from('keep')];
    const ids = Uint32Array.of(0, 1, 2);
    const { bytes } = mergeBucket(undefined, { tag0, tag1, records, ids, count: 3, product: 1 });
    const removed: [number, number] = [0, 0];
    const pruned = pruneBucket(bytes, (r) => Buffer.from(r).toString() === 'keep', removed);
    expect(removed).toEqual([0, 1]);
    expect(findRecord(pruned as Buffer, 2, 0, 1)).toBeUndefined();
    expect(findRecord(pruned as Buffer, 3, 0, 1)?.toString()).toBe('keep');
    expect(pruneBucket(pruned as Buffer, () => true, removed)).toBeNull();
    const cut = (pruned as Buffer).subarray(0, (pruned as Buffer).length - 2);
    expect(eachEntry(cut, () => undefined)).toBe(false);
    expect(findRecord(cut, 1, 0, 1)?.toString()).toBe('keep');
    expect(pruneBucket(cut, () => true, removed)?.length).toBe(14);
  });
});
