// The address book reads a job's addresses from its file, keeping a byte a
// line: every address, its line's size and any run of lines must read as the
// file holds them, in order or at random, long lines and all.
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAddressBook } from '../../../../electron/jobs/storage/address-book';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-book-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Addresses of every size: short, over 255 bytes, non-ASCII, enough to span many windows. */
function addressesOf(count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 997 === 5) out.push(`${'x'.repeat(60)}.${'ü'.repeat(100 + (i % 90))}@example.com`);
    else if (i % 13 === 0) out.push(`jürgen${i}@bücher.de`);
    else out.push(`person${i}@company${i % 50}.example`);
  }
  return out;
}

describe('openAddressBook', () => {
  it('reads every address, its line size and any run of lines, in order and at random', async () => {
    const addresses = addressesOf(50_000);
    const path = join(dir, 'addresses.txt');
    const text = addresses.map((a) => `${a}\n`).join('');
    await writeFile(path, text);
    const book = await openAddressBook(path);
    try {
      expect(book.count).toBe(addresses.length);
      addresses.forEach((a, i) => {
        expect(book.at(i)).toBe(a);
        expect(book.lineBytes(i)).toBe(Buffer.byteLength(a) + 1);
      });
      for (let k = 0; k < 2_000; k++) {
        const i = (k * 7919) % addresses.length;
        expect(book.at(i)).toBe(addresses[i]);
      }
      const all = Buffer.from(text);
      expect(book.lines(0, addresses.length).equals(all)).toBe(true);
      expect(book.lines(4, 4).length).toBe(0);
      expect(book.lines(addresses.length, addresses.length).length).toBe(0);
      expect(book.lines(100, 40_100).toString()).toBe(
        addresses
          .slice(100, 40_100)
          .map((a) => `${a}\n`)
          .join(''),
      );
      expect(() => book.at(addresses.length)).toThrow(RangeError);
    } finally {
      book.close();
    }
  });

  it('counts only whole lines, and keeps reading a file deleted while it is open', async () => {
    const path = join(dir, 'addresses.txt');
    await writeFile(path, 'a@x.com\nb@x.com\nc@x.co');
    const book = await openAddressBook(path);
    expect(book.count).toBe(2);
    await unlink(path);
    expect(book.at(1)).toBe('b@x.com');
    expect(book.lines(0, 2).toString()).toBe('a@x.com\nb@x.com\n');
    book.close();
    expect(() => book.lines(0, 1)).toThrow(/closed/);
  });

  it('reads an empty file as no addresses', async () => {
    const path = join(dir, 'addresses.txt');
    await writeFile(path, '');
    const book = await openAddressBook(path);
    expect(book.count).toBe(0);
    expect(book.lines(0, 0).length).toBe(0);
    book.close();
  });
});
