// The suppression list's filter for the import (suppression/filter.ts): every
// tag put in is found, few others are, it is kept and read back only for the
// list it was made of, and the store drops it whenever the list changes, so
// the worker's look-up makes it again from the list as it is.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSpots } from '../../../electron/memory/address-hash';
import {
  buildFilter,
  filterOf,
  filterPath,
  readFilter,
  writeFilter,
} from '../../../electron/suppression/filter';
import { openSuppressionStore, suppressionDir } from '../../../electron/suppression/store';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Tag pairs of a simple generator: distinct, spread over the words. */
const pairs = (n: number, salt: number): Array<readonly [number, number]> =>
  Array.from({ length: n }, (_, i) => [Math.imul(i + salt, 0x9e3779b1), i * 7919 + salt] as const);

describe('the filter', () => {
  it('finds every tag put in and no other, the pair of zeros only when put in', () => {
    const inside = pairs(10_000, 1);
    const filter = filterOf(buildFilter(inside.length, inside));
    expect(inside.every(([a, b]) => filter.mayHave(a, b))).toBe(true);
    const outside = pairs(10_000, 50_000);
    expect(outside.filter(([a, b]) => filter.mayHave(a, b)).length).toBe(0);
    expect(filter.mayHave(0, 0)).toBe(false);
    expect(filterOf(buildFilter(1, [[0, 0]])).mayHave(0, 0)).toBe(true);
  });

  it('is read back only for a list of as many entries, and whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lc-filter-'));
    dirs.push(dir);
    const path = join(dir, 'f.bin');
    const words = buildFilter(3, pairs(3, 9));
    await writeFilter(path, words);
    expect(await readFilter(path, 3)).toEqual(words);
    expect(await readFilter(path, 4)).toBeNull();
    expect(await readFilter(join(dir, 'none.bin'), 3)).toBeNull();
  });

  it('is made by the first look-up, kept, and dropped by every change of the list', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lc-filter-'));
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
    const path = filterPath(suppressionDir(dataDir), 'acct');
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
