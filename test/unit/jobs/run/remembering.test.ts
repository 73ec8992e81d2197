// A run's paid answers go to the memory in batches: gathered while a write
// runs, written together, the run held once too many wait, and everything
// written when the run ends; answers not paid for by the job are not kept.
import { describe, expect, it } from 'vitest';
import { remembering } from '../../../../electron/jobs/run/remembering';
import type { AddressBook } from '../../../../electron/jobs/storage/address-book';
import type { OutcomeRecord } from '../../../../electron/jobs/storage/outcomes';
import type { AddressOutcome } from '../../../../electron/lists/types';
import type { OutcomeMemory } from '../../../../electron/memory/outcome-memory';

const book: AddressBook = {
  count: 1_000_000,
  at: (i) => `a${i}@x.com`,
  lineBytes: () => 10,
  lines: () => Buffer.alloc(0),
  close: () => undefined,
};

/** A memory whose writes finish only when the test says so. */
function slowMemory() {
  const writes: [string, AddressOutcome][][] = [];
  const pending: (() => void)[] = [];
  const memory = {
    available: true,
    async remember(_product: string, entries: Iterable<readonly [string, AddressOutcome]>) {
      writes.push([...entries].map(([a, o]) => [a, o]));
      await new Promise<void>((resolve) => pending.push(resolve));
      return { stored: 0, skipped: 0 };
    },
  } as unknown as OutcomeMemory;
  return { memory, writes, finishOne: () => pending.shift()?.() };
}

const paid = (from: number, n: number): OutcomeRecord[] =>
  Array.from({ length: n }, (_, k) => ({
    index: from + k,
    status: k % 2 ? 'deliverable' : 'undeliverable',
    provider: k % 3 ? null : 'gmail',
  }));

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('remembering', () => {
  it('writes what waits together, holds the run past its batch, and writes the rest at the end', async () => {
    const { memory, writes, finishOne } = slowMemory();
    const r = remembering(memory, 'email', book, 100);
    // A full batch is written at once, and the run goes on.
    expect(r.kept(paid(0, 100))).toBeUndefined();
    await settled();
    expect(writes).toHaveLength(1);
    // While it runs, answers gather: no second write yet, the run not held below the batch.
    expect(r.kept(paid(100, 60))).toBeUndefined();
    const held = r.kept(paid(160, 60));
    expect(held).toBeInstanceOf(Promise);
    let released = false;
    void held?.then(() => (released = true));
    await settled();
    expect(writes).toHaveLength(1);
    expect(released).toBe(false);
    // The write ends: the 120 waiting go in one, and the run goes on.
    finishOne();
    await settled();
    expect(released).toBe(true);
    expect(writes).toHaveLength(2);
    expect(writes[1]?.map(([a]) => a)).toEqual(paid(100, 120).map((p) => `a${p.index}@x.com`));
    // Drained at the end: whatever still waits is written.
    r.kept(paid(220, 5));
    const drained = r.drained();
    finishOne();
    await settled();
    finishOne();
    await drained;
    expect(writes).toHaveLength(3);
    expect(writes.flat()).toHaveLength(225);
  });

  it('keeps only the answers the job paid for, as they were given', async () => {
    const { memory, writes, finishOne } = slowMemory();
    const r = remembering(memory, 'avatar', book, 10);
    r.kept([
      {
        index: 1,
        status: 'deliverable',
        provider: 'gmail',
        avatar: true,
        avatarUrl: 'https://a/1',
      },
      { index: 2, status: 'unknown' },
      { index: 3, status: 'undeliverable', origin: 'reused', checkedAt: 5 },
      { index: 4, status: 'role', origin: 'local' },
      { index: 5, status: 'undeliverable', avatar: false },
    ]);
    const drained = r.drained();
    finishOne();
    await drained;
    expect(writes).toEqual([
      [
        [
          'a1@x.com',
          { status: 'deliverable', provider: 'gmail', avatar: true, avatarUrl: 'https://a/1' },
        ],
        ['a5@x.com', { status: 'undeliverable', provider: null, avatar: false, avatarUrl: null }],
      ],
    ]);
  });
});
