// Repeats found on disk past the import's table (lists/repeats/): the same
// first-seen numbering and the same row index as one table in memory gives,
// whatever the size of that table, across partitions and every chunk
// boundary; and a crash at any step leaves nothing that is read again.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isValidAddress, normalizeCell } from '../../../../electron/lib/addresses/address';
import { importList } from '../../../../electron/lists/read/read';
import { createBitRank } from '../../../../electron/lists/repeats/bit-rank';
import { partOf, partsFor } from '../../../../electron/lists/repeats/spill';
import { RowClass } from '../../../../electron/lists/types';
import { readAddresses, readIndex, tempDir } from '../read/read-support';

/** A small seeded generator (mulberry32): the same list on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Address cells with many repeats, written differently, and some invalid and empty ones. */
function cellsOf(rows: number, distinct: number, seed: number): string[] {
  const next = random(seed);
  const cells: string[] = [];
  for (let i = 0; i < rows; i++) {
    const r = next();
    const n = Math.floor(next() * distinct);
    if (r < 0.04) cells.push('not an address');
    else if (r < 0.06) cells.push('');
    else if (r < 0.2) cells.push(`  Person${n}@Example.COM `);
    else cells.push(`person${n}@example.com`);
  }
  return cells;
}

/** What a plain Map says of the cells: each row's class and number, and the addresses in order. */
function reference(cells: string[]) {
  const numbers = new Map<string, number>();
  const rows = cells.map((cell) => {
    const address = normalizeCell(cell);
    if (address === '') return { cls: RowClass.empty, addressIndex: -1 };
    if (!isValidAddress(address)) return { cls: RowClass.invalid, addressIndex: -1 };
    const known = numbers.get(address);
    if (known !== undefined) return { cls: RowClass.duplicate, addressIndex: known };
    numbers.set(address, numbers.size);
    return { cls: RowClass.valid, addressIndex: numbers.size - 1 };
  });
  return { rows, addresses: [...numbers.keys()] };
}

/** The cells as a two-column CSV (an empty address cell is still a row). */
async function listFile(dir: string, cells: string[]): Promise<string> {
  const path = join(dir, 'list.csv');
  await writeFile(path, `email,n\n${cells.map((c, i) => `${c},${i}`).join('\n')}\n`);
  return path;
}

async function imported(path: string, workDir: string, uniqueInMemory?: number) {
  const list = await importList(path, {
    workDir,
    ...(uniqueInMemory !== undefined ? { uniqueInMemory } : {}),
  });
  return {
    list,
    rows: await readIndex(list.rowIndexPath),
    addresses: await readAddresses(list.addressesPath),
  };
}

describe('repeats found on disk', () => {
  it('numbers a list as a plain Map does, whatever the table in memory holds', async () => {
    const cells = cellsOf(20_000, 6_000, 1);
    const want = reference(cells);
    const unique = want.addresses.length;
    const path = await listFile(await tempDir(), cells);
    for (const inMemory of [1, 7, 500, unique - 1, unique, unique + 1, undefined]) {
      const got = await imported(path, await tempDir(), inMemory);
      expect(got.addresses, `${inMemory} in memory`).toEqual(want.addresses);
      expect(got.rows, `${inMemory} in memory`).toEqual(want.rows);
      expect(got.list.counts).toMatchObject({
        rows: cells.length,
        unique,
        duplicates: want.rows.filter((r) => r.cls === RowClass.duplicate).length,
      });
    }
  });

  it('agrees across partitions and every chunk of the files it reads and writes', async () => {
    // Some 150,000 rows, nearly all spilled: every partition holds thousands,
    // written and read back in several chunks, and the row index is copied in three.
    const cells = cellsOf(150_000, 60_000, 2);
    const want = reference(cells);
    const path = await listFile(await tempDir(), cells);
    const got = await imported(path, await tempDir(), 100);
    expect(got.addresses).toEqual(want.addresses);
    expect(got.rows).toEqual(want.rows);
  });

  it('sorts fingerprints into partitions by their top bits', () => {
    expect(partsFor(1_000)).toBe(8);
    expect(partsFor(10_000_000)).toBe(64);
    expect(partsFor(1e12)).toBe(256);
    expect(partOf(0, 8)).toBe(0);
    expect(partOf(-1, 8)).toBe(7);
    expect(partOf(0x1fffffff, 8)).toBe(0);
    expect(partOf(0x20000000, 8)).toBe(1);
    expect(partOf(0x80000000 | 0, 256)).toBe(128);
  });

  it('counts the first cells before each, across words of bits', () => {
    const next = random(3);
    const size = 1_000;
    const bits = createBitRank(size);
    const set: boolean[] = [];
    for (let i = 0; i < size; i++) {
      set.push(next() < 0.4 || i % 32 === 31 || i % 32 === 0);
      if (set[i]) bits.set(i);
    }
    bits.freeze();
    let before = 0;
    for (let i = 0; i < size; i++) {
      expect(bits.rank(i)).toBe(before);
      expect(bits.has(i)).toBe(set[i]);
      if (set[i]) before += 1;
    }
    expect(bits.count).toBe(before);
  });
});

describe('a crash while finding repeats', () => {
  it('leaves the last complete import as it was, and the next one reads nothing it left', async () => {
    const dir = await tempDir();
    const first = await imported(await listFile(await tempDir(), cellsOf(5_000, 2_000, 4)), dir);
    const before = {
      addresses: await readFile(first.list.addressesPath),
      rows: await readFile(first.list.rowIndexPath),
    };
    // Another list read into the same folder, stopped while spilling.
    const cells = cellsOf(200_000, 80_000, 5);
    const path = await listFile(await tempDir(), cells);
    const stop = new AbortController();
    // Stopped as soon as it spills: the partitions are being written.
    const watch = setInterval(() => {
      if (existsSync(join(dir, 'repeats'))) stop.abort(new Error('stopped'));
    }, 1);
    try {
      await expect(
        importList(path, { workDir: dir, uniqueInMemory: 10, signal: stop.signal }),
      ).rejects.toThrow('stopped');
    } finally {
      clearInterval(watch);
    }
    // The stopped worker is ended, not waited for: give it a moment to be gone.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await readFile(first.list.addressesPath)).toEqual(before.addresses);
    expect(await readFile(first.list.rowIndexPath)).toEqual(before.rows);

    // What a crash in any later step would leave, with other contents: partitions,
    // repeats, spilled addresses and both files under their temporary names.
    const spill = join(dir, 'repeats');
    await mkdir(spill, { recursive: true });
    const garbage = Buffer.from(new Int32Array([7, 7, 0, 3, 0, 1]).buffer);
    for (let p = 0; p < 8; p++) {
      await writeFile(join(spill, `part-${p}.bin`), garbage);
      await writeFile(join(spill, `dups-${p}.bin`), garbage);
    }
    await writeFile(join(spill, 'spilled.txt'), 'someone@else.com\n');
    await writeFile(join(dir, 'rows.idx.part'), garbage);
    await writeFile(join(dir, 'rows.idx.part.resolved'), garbage);
    await writeFile(join(dir, 'addresses.txt.part'), 'someone@else.com\n');
    await writeFile(join(dir, 'rows.at.part'), garbage);

    const want = reference(cells);
    const again = await imported(path, dir, 10);
    expect(again.addresses).toEqual(want.addresses);
    expect(again.rows).toEqual(want.rows);
    expect((await readdir(dir)).sort()).toEqual(['addresses.txt', 'rows.at', 'rows.idx']);
  });
});
