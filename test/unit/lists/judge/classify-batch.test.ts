// The classify worker's judging, on the bytes it receives: it must class every
// cell exactly as the text path does (normalizeCell, isValidAddress, first
// seen wins), whichever path a cell takes inside, and across batches.
import { describe, expect, it } from 'vitest';
import { isValidAddress, normalizeCell } from '../../../../electron/lib/addresses/address';
import { createBatchJudge } from '../../../../electron/lists/judge/classify-batch';
import { SPILLED } from '../../../../electron/lists/repeats/spill';
import { createCellBatch } from '../../../../electron/lists/read/cell-batch';
import { decodeRow } from '../../../../electron/lists/read/row-index';
import { RowClass } from '../../../../electron/lists/types';

/** What the text path says of each cell: its class and address number, and the addresses in order. */
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

/** The batch path: cells gathered as the import gathers them, judged in batches of `size`. */
function judged(cells: string[], size: number, inMemory = 1_000_000) {
  const judge = createBatchJudge({ expectedRows: 16, inMemory });
  const rows: ReturnType<typeof decodeRow>[] = [];
  let addresses = '';
  for (let from = 0; from < cells.length; from += size) {
    const batch = createCellBatch({ byteText: false });
    for (const cell of cells.slice(from, from + size)) batch.add(cell);
    const { bytes, cells: count } = batch.take();
    const result = judge.judge(bytes, count);
    for (const value of result.rows) rows.push(decodeRow(value));
    addresses += Buffer.from(result.addresses).toString('utf8');
  }
  return { rows, addresses: addresses.split('\n').slice(0, -1), counts: judge.counts };
}

const forms = [
  'jane@example.com',
  'JANE@Example.COM',
  '  jane@example.com ',
  '\u00a0jane@example.com',
  '"Jane Doe" <jane@example.com>',
  '<Jane@Example.com>',
  'mailto:jane@example.com?subject=hi',
  'MAILTO:jane@example.com',
  "'jane@example.com'",
  'jürgen@bücher.de',
  'JÜRGEN@bücher.de',
  'İnci@example.com', // lowercases to a longer string
  'inci@example.com',
  'i̇nci@example.com',
  'jane.doe+tag@sub.example.co.uk',
  'jane..doe@example.com',
  '.jane@example.com',
  'jane@example',
  'jane@-example.com',
  'jane@example.c',
  'jane doe@example.com',
  'jane@exa mple.com',
  'mailto:',
  'm@x.io',
  'mailbox@x.io',
  `${'a'.repeat(64)}@example.com`,
  `${'a'.repeat(65)}@example.com`,
  `${'é'.repeat(32)}@example.com`,
  `${'é'.repeat(33)}@example.com`,
  `a@${'b'.repeat(63)}.com`,
  `a@${'b'.repeat(64)}.com`,
  `a@${Array.from({ length: 5 }, () => 'c'.repeat(50)).join('.')}.com`,
  `${'é'.repeat(30)}@${Array.from({ length: 4 }, () => 'c'.repeat(50)).join('.')}.com`,
  '中文@example.com',
  'user@[192.168.0.1]',
  '"quoted local"@example.com',
  '',
  '   ',
  'line\nbreak@example.com',
  '🎉@example.com',
  '\ufeffjane@example.com',
];

describe('createBatchJudge', () => {
  it('classes every form of address as the text path does', () => {
    const cells = [...forms, ...forms.slice().reverse(), ...forms];
    const expected = reference(cells.map((c) => c.replace(/[\r\n]/g, ' ')));
    for (const size of [1, 7, cells.length]) {
      const got = judged(cells, size);
      expect(got.rows).toEqual(expected.rows);
      expect(got.addresses).toEqual(expected.addresses);
    }
  });

  it('agrees with the text path on thousands of random cells', () => {
    // A small PRNG, so a failure can be replayed.
    let seed = 20261121;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const plain = 'abcxyzABCXYZ0189';
    const odd = ['.', '@', '-', '_', '+', ' ', '"', '<', '>', 'é', 'İ', '中', ':', "'", '\t', '..'];
    const pick = () =>
      next() < 0.9
        ? plain.charAt(Math.floor(next() * plain.length))
        : (odd[Math.floor(next() * odd.length)] as string);
    const word = (max: number) =>
      Array.from({ length: 1 + Math.floor(next() * max) }, pick).join('');
    // Repeats come back written another way, as people write them.
    const rewrite = [
      (c: string) => c,
      (c: string) => c.toUpperCase(),
      (c: string) => ` ${c} `,
      (c: string) => `"Someone" <${c}>`,
      (c: string) => `mailto:${c}`,
    ];
    const cells: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      if (next() < 0.2 && cells.length > 0) {
        const earlier = cells[Math.floor(next() * cells.length)] as string;
        cells.push(
          (rewrite[Math.floor(next() * rewrite.length)] as (c: string) => string)(earlier),
        );
        continue;
      }
      const domain = Array.from({ length: 1 + Math.floor(next() * 3) }, () => word(6)).join('.');
      const tld = next() < 0.9 ? 'com' : word(3);
      cells.push(next() < 0.9 ? `${word(8)}@${domain}.${tld}` : word(12));
    }
    const expected = reference(cells);
    const got = judged(cells, 997);
    expect(got.rows).toEqual(expected.rows);
    expect(got.addresses).toEqual(expected.addresses);
    expect(got.counts.unique).toBe(expected.addresses.length);
    // The sample holds every class in numbers, or it would prove little.
    expect(got.counts).toMatchObject({
      unique: expect.toSatisfy((n: number) => n > 1_000),
      invalid: expect.toSatisfy((n: number) => n > 1_000),
      duplicates: expect.toSatisfy((n: number) => n > 1_000),
    });
  });

  it('counts each class', () => {
    const got = judged(['a@x.com', 'A@X.COM', 'nope', '', 'b@x.com'], 2);
    expect(got.counts).toEqual({ unique: 2, invalid: 1, empty: 1, duplicates: 1, spilled: 0 });
  });

  it('spills the cells a full table does not know, and still numbers those it holds', () => {
    const judge = createBatchJudge({ expectedRows: 16, inMemory: 2 });
    const batch = createCellBatch({ byteText: false });
    for (const cell of ['a@x.com', 'b@x.com', 'c@x.com', 'A@x.com', 'd@x.com', 'c@x.com']) {
      batch.add(cell);
    }
    const { bytes, cells } = batch.take();
    const result = judge.judge(bytes, cells);
    expect([...result.rows]).toEqual([0, 2, SPILLED, 1, SPILLED, SPILLED]);
    expect(result.addresses.toString()).toBe('a@x.com\nb@x.com\n');
    expect(result.spilled?.addresses.toString()).toBe('c@x.com\nd@x.com\nc@x.com\n');
    expect(result.spilled?.count).toBe(3);
    // A spilled address's repeats share its fingerprint.
    const prints = result.spilled?.prints ?? new Int32Array(0);
    expect([prints[4], prints[5]]).toEqual([prints[0], prints[1]]);
    expect(judge.counts).toEqual({ unique: 2, invalid: 0, empty: 0, duplicates: 1, spilled: 3 });
  });

  it('refuses a batch whose last cell has no LF', () => {
    const judge = createBatchJudge({ expectedRows: 16, inMemory: 10 });
    expect(() => judge.judge(Buffer.from('a@x.com'), 1)).toThrow(/LF/);
  });
});
