// The account's suppression list: what is added is found again by address,
// by the import's hashes and page by page; a later add replaces an address's
// entry; removal by address and by file removes exactly those; accounts never
// see each other's lists; nothing is lost by closing. A read file goes in a
// batch at a time, the reading waiting for each.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpots } from '../../../electron/lib/addresses/address-hash';
import type { SuppressionRow } from '../../../electron/suppression/formats';
import { SUPPRESSION_REASONS } from '../../../electron/suppression/types';
import { importSuppressionFile } from '../../../electron/suppression/import';
import { readSuppressionFile } from '../../../electron/suppression/read';
import {
  openSuppressionStore,
  suppressionDir,
  type SuppressionStore,
} from '../../../electron/suppression/store';
import { keyTablePath, readKeyTable } from '../../../electron/suppression/key-table';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/suppression/${name}`, import.meta.url));
const NOW = Date.UTC(2026, 10, 26, 12);

let dataDir: string;
const opened: SuppressionStore[] = [];
const open = async (account = 'key-test') => {
  const store = await openSuppressionStore(dataDir, { account, now: () => NOW });
  opened.push(store);
  return store;
};
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-suppression-'));
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const row = (address: string, extra: Partial<SuppressionRow> = {}): SuppressionRow => ({
  address,
  reason: 'hard_bounce',
  date: '2024-12-01T00:00:00.000Z',
  detail: '550 5.1.1 no such user',
  ...extra,
});

describe('add, get, has', () => {
  it('keeps reason, date, source and detail; looks addresses up as the importer writes them', async () => {
    const store = await open();
    expect(
      await store.add([row('a@example.com'), row('b@example.com', { date: null })], 'x.csv'),
    ).toEqual({ added: 2, replaced: 0 });
    expect(store.get(' A@Example.COM ')).toEqual({
      address: 'a@example.com',
      reason: 'hard_bounce',
      date: '2024-12-01T00:00:00.000Z',
      source: 'x.csv',
      detail: '550 5.1.1 no such user',
    });
    expect(store.get('b@example.com')?.date).toBeNull();
    expect(store.has('<a@example.com>')).toBe(true);
    expect(store.has('c@example.com')).toBe(false);
    expect(store.count()).toBe(2);
    expect(store.sources()).toEqual([
      { name: 'x.csv', addedAt: new Date(NOW).toISOString(), entries: 2 },
    ]);
  });

  it("a later add of an address replaces its entry: one entry, the newest file's", async () => {
    const store = await open();
    await store.add([row('a@example.com')], 'old.csv');
    expect(
      await store.add([row('a@example.com', { reason: 'complaint', detail: 'spam' })], 'new.csv'),
    ).toEqual({ added: 0, replaced: 1 });
    expect(store.count()).toBe(1);
    expect(store.get('a@example.com')).toMatchObject({ reason: 'complaint', source: 'new.csv' });
    expect(store.sources().map((s) => [s.name, s.entries])).toEqual([
      ['old.csv', 0],
      ['new.csv', 1],
    ]);
  });

  it('keeps a detail to its first 64 bytes, never cutting a character', async () => {
    const store = await open();
    await store.add([row('a@example.com', { detail: 'é'.repeat(100) })], 'x.csv');
    expect(store.get('a@example.com')?.detail).toBe('é'.repeat(32));
  });

  it("hasMany gives each suppressed spot's reason code, in the list's order", async () => {
    const store = await open();
    await store.add([row('b@example.com'), row('d@example.com', { reason: 'complaint' })], 'x.csv');
    const spots = createSpots(4);
    for (const address of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'])
      spots.addAddress(address);
    spots.add(new Uint8Array(0), 0, 0, true); // a line that is no address
    expect([...store.hasMany(spots.done())]).toEqual([
      0,
      SUPPRESSION_REASONS.indexOf('hard_bounce') + 1,
      0,
      SUPPRESSION_REASONS.indexOf('complaint') + 1,
      0,
    ]);
  });
});

describe('list', () => {
  it('pages through every entry once', async () => {
    const store = await open();
    const addresses = Array.from({ length: 25 }, (_, i) => `user${i}@example.com`);
    await store.add(
      addresses.map((a) => row(a)),
      'x.csv',
    );
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = store.list({ after, limit: 10 });
      seen.push(...page.entries.map((e) => e.address));
      after = page.next;
      pages += 1;
    } while (after !== null);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual([...addresses].sort());
  });

  it('refuses a cursor it did not give', async () => {
    const store = await open();
    expect(() => store.list({ after: '../etc' })).toThrow();
  });
});

describe('remove', () => {
  it('by address', async () => {
    const store = await open();
    await store.add([row('a@example.com'), row('b@example.com')], 'x.csv');
    expect(await store.remove('A@example.com')).toBe(true);
    expect(await store.remove('a@example.com')).toBe(false);
    expect(store.has('a@example.com')).toBe(false);
    expect(store.count()).toBe(1);
    expect(store.sources()[0]?.entries).toBe(1);
  });

  it('by file: its entries and its record, not what another file gave since', async () => {
    const store = await open();
    await store.add([row('a@example.com'), row('b@example.com'), row('c@example.com')], 'one.csv');
    await store.add([row('c@example.com', { reason: 'unsubscribe' })], 'two.csv');
    await store.add([row('d@example.com')], 'two.csv');
    expect(store.sources().map((s) => [s.name, s.entries])).toEqual([
      ['one.csv', 2],
      ['two.csv', 2],
    ]);
    expect(await store.removeSource('one.csv')).toBe(2);
    expect(store.count()).toBe(2);
    expect(store.get('c@example.com')).toMatchObject({ source: 'two.csv' });
    expect(store.sources().map((s) => s.name)).toEqual(['two.csv']);
    expect(await store.removeSource('never.csv')).toBe(0);
  });
});

describe('accounts and lasting', () => {
  it('each account has its own list', async () => {
    const one = await open('key-one');
    const two = await open('key-two');
    await one.add([row('a@example.com')], 'x.csv');
    expect(two.has('a@example.com')).toBe(false);
    expect(two.count()).toBe(0);
    await expect(openSuppressionStore(dataDir, { account: '../up' })).rejects.toThrow(RangeError);
  });

  it('what was added is there after closing and opening again', async () => {
    const store = await open();
    await store.add([row('a@example.com')], 'x.csv');
    await store.close();
    opened.splice(opened.indexOf(store), 1);
    const again = await open();
    expect(again.get('a@example.com')).toMatchObject({ source: 'x.csv' });
  });
});

describe('a file into the list', () => {
  it('importSuppressionFile reads, recognises and keeps it under its name, its key table made', async () => {
    const store = await open();
    const table = keyTablePath(suppressionDir(dataDir), 'key-test');
    const result = await importSuppressionFile(store, fixture('postmark-suppressions.csv'));
    expect(result).toMatchObject({
      format: 'postmark-suppressions',
      rows: 3,
      kept: 3,
      skipped: 0,
      added: 3,
      replaced: 0,
    });
    expect(store.get('pm-spam@example.com')).toMatchObject({
      reason: 'complaint',
      source: 'postmark-suppressions.csv',
    });
    // The next list's import reads the table rather than making it.
    expect(existsSync(table)).toBe(true);
    expect(readKeyTable(table, 3)).not.toBeNull();
  });

  it('batches wait for each other: the reading holds while one is kept', async () => {
    const path = join(dataDir, 'many.csv');
    const lines = ['email'];
    for (let i = 0; i < 5_000; i++) lines.push(`person${i}@example.com`);
    await writeFile(path, `${lines.join('\n')}\n`);
    let busy = false;
    let overlapped = false;
    const sizes: number[] = [];
    const result = await readSuppressionFile(path, {
      batchSize: 500,
      async onBatch(rows) {
        if (busy) overlapped = true;
        busy = true;
        sizes.push(rows.length);
        await new Promise((resolve) => setTimeout(resolve, 1));
        busy = false;
      },
    });
    expect(overlapped).toBe(false);
    expect(result).toMatchObject({ format: 'manual', rows: 5_000, kept: 5_000 });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5_000);
    // A batch holds at most what one 64 KB chunk adds past its size.
    expect(Math.max(...sizes)).toBeLessThan(500 + (64 * 1024) / 20);
  });
});
