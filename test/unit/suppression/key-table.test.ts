// The suppression list's key table for the import (suppression/key-table.ts):
// every key put in is found with its reason, and only those (a key differs
// from another in its bucket or either tag word); it is kept and read back
// only for the list it was made of, and the store drops it whenever the list
// changes, so the next look-up makes it again from the list as it is.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUCKETS, createSpots, type Spots } from '../../../electron/lib/addresses/address-hash';
import {
  buildKeyTable,
  keyTablePath,
  readKeyTable,
  reasonsIn,
  writeKeyTable,
  type KeyedReason,
} from '../../../electron/suppression/key-table';
import { openSuppressionStore, suppressionDir } from '../../../electron/suppression/store';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Keys of a simple generator: distinct, spread over the buckets and the words. */
const keys = (n: number, salt: number): KeyedReason[] =>
  Array.from({ length: n }, (_, i) => ({
    bucket: (i * 7919 + salt) % BUCKETS,
    tag0: Math.imul(i + salt, 0x9e3779b1),
    tag1: i * 7919 + salt,
    reason: 1 + (i % 6),
  }));

const spotsOf = (list: Array<Omit<KeyedReason, 'reason'>>): Spots => ({
  count: list.length,
  bucket: Uint32Array.from(list, (k) => k.bucket),
  tag0: Int32Array.from(list, (k) => k.tag0),
  tag1: Int32Array.from(list, (k) => k.tag1),
});

describe('the key table', () => {
  it('finds every key put in with its reason, and no other', () => {
    const inside = keys(10_000, 1);
    const table = buildKeyTable(inside.length, inside);
    expect([...reasonsIn(table, spotsOf(inside))]).toEqual(inside.map((k) => k.reason));
    const outside = keys(10_000, 50_000);
    expect(reasonsIn(table, spotsOf(outside)).some((r) => r !== 0)).toBe(false);
    // The same tag in another bucket, or one tag word changed, is another address.
    const near = inside.slice(0, 100).flatMap((k) => [
      { ...k, bucket: (k.bucket + 1) % BUCKETS },
      { ...k, tag1: k.tag1 ^ 1 },
      { ...k, tag0: k.tag0 ^ 1 },
    ]);
    expect(reasonsIn(table, spotsOf(near)).some((r) => r !== 0)).toBe(false);
    // A spot that is no address (past the last bucket) is on no list.
    const [first] = inside;
    if (!first) throw new Error('no keys');
    const none = { bucket: BUCKETS, tag0: first.tag0, tag1: first.tag1 };
    expect([...reasonsIn(table, spotsOf([none, first]))]).toEqual([0, first.reason]);
  });

  it('is read back only for a list of as many entries, and whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lc-keys-'));
    dirs.push(dir);
    const path = join(dir, 'k.bin');
    const table = buildKeyTable(3, keys(3, 9));
    writeKeyTable(path, table);
    expect(readKeyTable(path, 3)).toEqual(table);
    expect(readKeyTable(path, 4)).toBeNull();
    expect(readKeyTable(join(dir, 'none.bin'), 3)).toBeNull();
    // Cut short, or with starts that run backwards: not a table.
    const bytes = Buffer.from(table.buffer, table.byteOffset, table.byteLength);
    await writeFile(path, bytes.subarray(0, bytes.length - 4));
    expect(readKeyTable(path, 3)).toBeNull();
    const damaged = Int32Array.from(table);
    damaged[4 + 10] = 3;
    await writeFile(path, new Uint8Array(damaged.buffer));
    expect(readKeyTable(path, 3)).toBeNull();
  });

  it('that cannot be put in place leaves no file of its own behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lc-keys-'));
    dirs.push(dir);
    // The table's name taken by a folder with something in it: the rename is refused.
    const path = join(dir, 'k.bin');
    await mkdir(join(path, 'inside'), { recursive: true });
    expect(() => writeKeyTable(path, buildKeyTable(3, keys(3, 9)))).toThrow();
    expect((await readdir(dir)).sort()).toEqual(['k.bin']);
  });

  it('is made by the first look-up, kept, and dropped by every change of the list', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lc-keys-'));
    dirs.push(dataDir);
    const store = await openSuppressionStore(dataDir, { account: 'acct' });
    const other = await openSuppressionStore(dataDir, { account: 'acct' });
    const row = (address: string) => ({
      address,
      reason: 'hard_bounce' as const,
      date: null,
      detail: '',
    });
    const look = (s: typeof store, addresses: string[]) => {
      const spots = createSpots(addresses.length);
      for (const a of addresses) spots.addAddress(a);
      return [...s.hasMany(spots.done())].map((code) => code !== 0);
    };
    await store.add([row('a@example.com'), row('b@example.com')], 'x.csv');
    const path = keyTablePath(suppressionDir(dataDir), 'acct');
    expect(existsSync(path)).toBe(false);
    expect(look(store, ['a@example.com', 'c@example.com'])).toEqual([true, false]);
    expect(existsSync(path)).toBe(true);
    // Another process (here another handle) changes the list: this one sees it.
    await other.add([row('c@example.com')], 'y.csv');
    expect(existsSync(path)).toBe(false);
    expect(look(store, ['a@example.com', 'c@example.com'])).toEqual([true, true]);
    expect(await other.remove('a@example.com')).toBe(true);
    expect(look(store, ['a@example.com', 'c@example.com'])).toEqual([false, true]);
    expect(await store.removeSource('y.csv')).toBe(1);
    expect(existsSync(path)).toBe(false);
    expect(look(store, ['c@example.com'])).toEqual([false]);
    await other.close();
    await store.close();
  });
});
