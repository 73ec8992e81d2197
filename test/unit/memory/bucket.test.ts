// The memory's storage units: the address hash is MurmurHash3 x86 128 exactly
// (a changed hash would lose every kept answer), and a bucket merged, looked
// up and pruned agrees with a plain map of what was put in, and reads nothing
// it did not write.
import { describe, expect, it } from 'vitest';
import {
  BUCKETS,
  byBucket,
  createSpots,
  murmur128,
  sortByTag,
  spotOfAddress,
} from '../../../electron/lib/addresses/address-hash';
import {
  checkedAtOf,
  countOf,
  findEntry,
  flagsOf,
  lowerBound,
  mergeBucket,
  productOfFlags,
  pruneBucket,
  tag0At,
  tag1At,
  type BucketAdds,
} from '../../../electron/memory/buckets/bucket';
import {
  createAnswerBatch,
  entriesOf,
  outcomeAt,
  type RecalledOutcome,
} from '../../../electron/memory/buckets/answers';
import type { AddressOutcome } from '../../../electron/lists/types';

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

/** The provider dictionary of these tests: code k is NAMES[k - 1]; INLINE names are kept in the tail. */
const NAMES = ['gmail', 'yahoo', '', 'office365'];
const INLINE = new Set(['mail.ru', 'ünï']);
const nameOf = (code: number): string | undefined => NAMES[code - 1];

interface Put {
  tag0: number;
  tag1: number;
  outcome: AddressOutcome;
  checkedAt: number;
}

/** `puts` as the adds of one merge (ordered by tag, as remember orders them). */
function addsOf(puts: readonly Put[], product: number): BucketAdds {
  const batch = createAnswerBatch(puts.length);
  for (const put of puts) {
    expect(batch.addAt({ bucket: 0, ...put }, put.outcome, put.checkedAt)).toBe(true);
  }
  const answers = batch.done();
  const codes = Uint8Array.from(answers.names, (name) =>
    INLINE.has(name) ? 0 : NAMES.indexOf(name) + 1,
  );
  const entries = entriesOf(answers, codes, product);
  const ids = Uint32Array.from(puts, (_, i) => i);
  sortByTag(ids, puts.length, entries.tag0, entries.tag1);
  return { ...entries, ids, count: puts.length };
}

/** Every entry of a bucket as `tag0/tag1/product` → the outcome read back. */
function read(value: Buffer): Map<string, RecalledOutcome | null> {
  const count = countOf(value);
  const seen = new Map<string, RecalledOutcome | null>();
  for (let i = 0; i < count; i++) {
    const product = productOfFlags(flagsOf(value, i));
    seen.set(
      `${tag0At(value, i)}/${tag1At(value, i)}/${product}`,
      outcomeAt(value, count, i, nameOf),
    );
  }
  return seen;
}

const PROVIDERS = [...NAMES, ...INLINE, null];

describe('a bucket', () => {
  it('agrees with a map after merges with replacements, repeats, both products and tails', () => {
    const next = numbers(11);
    const model = new Map<string, RecalledOutcome>();
    let value: Buffer | undefined;
    // Few distinct tags, so that merges replace, and signs that test the unsigned order.
    const tagPool = Array.from({ length: 40 }, () => [next(), next() % 3] as const);
    for (let round = 0; round < 60; round++) {
      const puts: Put[] = [];
      const product = Math.abs(next()) % 2;
      for (let i = 1 + (Math.abs(next()) % 8); i > 0; i--) {
        const [tag0, tag1] = tagPool[Math.abs(next()) % tagPool.length] as readonly [
          number,
          number,
        ];
        const pick = Math.abs(next());
        const outcome: AddressOutcome = {
          status: pick % 2 ? 'deliverable' : 'undeliverable',
          provider: PROVIDERS[pick % PROVIDERS.length] ?? null,
          avatar: pick % 3 === 0 ? null : pick % 3 === 1,
          avatarUrl: pick % 5 === 0 ? `https://example.com/a/${round}-${i}.png` : null,
        };
        puts.push({ tag0, tag1, outcome, checkedAt: 1_700_000_000 + round * 100 + i });
      }
      const before = model.size;
      for (const put of puts) {
        const kept = { outcome: put.outcome, checkedAt: put.checkedAt };
        model.set(`${put.tag0}/${put.tag1}/${product}`, kept);
      }
      const merged = mergeBucket(value, addsOf(puts, product));
      expect(merged.gained).toBe(model.size - before);
      value = merged.bytes;
    }
    const bytes = value as Buffer;
    expect(read(bytes)).toEqual(model);
    const count = countOf(bytes);
    for (const key of model.keys()) {
      const [t0, t1, p] = key.split('/').map(Number) as [number, number, number];
      const i = findEntry(bytes, count, t0, t1, p);
      expect(outcomeAt(bytes, count, i, nameOf)).toEqual(model.get(key));
    }
    expect(findEntry(bytes, count, 1, 2, 0)).toBe(-1);
  });

  it('is kept in unsigned tag order, and found by it', () => {
    const outcome: AddressOutcome = { status: 'deliverable', provider: null };
    const tags = [-1, 1, 0x7fffffff, -0x80000000];
    const puts = tags.map((tag0) => ({ tag0, tag1: 0, outcome, checkedAt: 1 }));
    const { bytes } = mergeBucket(undefined, addsOf(puts, 0));
    const count = countOf(bytes);
    expect(Array.from({ length: count }, (_, i) => tag0At(bytes, i))).toEqual([
      1, 0x7fffffff, -0x80000000, -1,
    ]);
    for (const tag0 of tags) expect(findEntry(bytes, count, tag0, 0, 0)).toBeGreaterThanOrEqual(0);
    expect(lowerBound(bytes, count, 2)).toBe(1);
  });

  it('is pruned of what is refused, keeps the tails of the rest, and reads no cut tail', () => {
    const url = (n: number) => ({
      status: 'deliverable' as const,
      avatarUrl: `u${n}`,
      provider: 'mail.ru',
    });
    const puts = [1, 2, 3].map((tag0) => ({ tag0, tag1: 0, outcome: url(tag0), checkedAt: tag0 }));
    const { bytes } = mergeBucket(undefined, addsOf(puts, 1));
    const removed: [number, number] = [0, 0];
    const pruned = pruneBucket(bytes, (value, i) => checkedAtOf(value, i) !== 2, removed) as Buffer;
    expect(removed).toEqual([0, 1]);
    const count = countOf(pruned);
    expect(count).toBe(2);
    expect(findEntry(pruned, count, 2, 0, 1)).toBe(-1);
    const third = outcomeAt(pruned, count, findEntry(pruned, count, 3, 0, 1), nameOf);
    expect(third?.outcome).toMatchObject({ avatarUrl: 'u3', provider: 'mail.ru' });
    expect(pruneBucket(pruned, () => true, removed)).toBeNull();
    // The last tail item cut short: that answer is no answer, and is pruned; the first stays.
    const cut = pruned.subarray(0, pruned.length - 1);
    expect(outcomeAt(cut, 2, 1, nameOf)).toBeNull();
    expect(outcomeAt(cut, 2, 0, nameOf)?.outcome.avatarUrl).toBe('u1');
    expect(countOf(pruneBucket(cut, () => true, removed) as Buffer)).toBe(1);
    // Fewer bytes than its count of entries: an empty bucket.
    expect(countOf(pruned.subarray(0, 20))).toBe(0);
    expect(pruneBucket(pruned.subarray(0, 20), () => true, removed)?.length).toBe(0);
  });

  it('reads no answer from flags or codes it does not write', () => {
    const outcome: AddressOutcome = { status: 'deliverable', provider: 'gmail' };
    const { bytes } = mergeBucket(
      undefined,
      addsOf([{ tag0: 5, tag1: 0, outcome, checkedAt: 9 }], 0),
    );
    expect(outcomeAt(bytes, 1, 0, nameOf)?.outcome.provider).toBe('gmail');
    const flagsAt = 2 + 12;
    // A vendor's verdict (bit 7) with an avatar, the avatar product's bit or a tail is none written.
    for (const flags of [0x00, 0x03, 0x0d, 0x85, 0x91, 0xa1, 0xc1]) {
      const changed = Buffer.from(bytes);
      changed[flagsAt] = flags;
      expect(outcomeAt(changed, 1, 0, nameOf)).toBeNull();
    }
    const unknownCode = Buffer.from(bytes);
    unknownCode[flagsAt + 1] = 200;
    expect(outcomeAt(unknownCode, 1, 0, nameOf)).toBeNull();
    // A vendor's verdict names a vendor of the list: 200 is none.
    unknownCode[flagsAt] = 0x81;
    expect(outcomeAt(unknownCode, 1, 0, nameOf)).toBeNull();
  });
});
