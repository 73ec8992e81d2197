// A list's spots kept beside its job (spots.bin): read back as written, by
// any address in any order, and answers kept by them are the answers kept by
// their addresses.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpots, spotOfAddress } from '../../../electron/lib/addresses/address-hash';
import { openOutcomeMemory } from '../../../electron/memory/outcome-memory';
import { openSpotFile, writeSpotFile } from '../../../electron/memory/spot-file';
import type { AddressOutcome } from '../../../electron/lists/types';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-spots-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const addresses = Array.from({ length: 150_000 }, (_, i) => `person${i}@example${i % 13}.com`);

/** The spots of addresses[from, to), as the import's worker makes them. */
function spotsOf(from: number, to: number) {
  const spots = createSpots(to - from);
  for (const address of addresses.slice(from, to)) spots.addAddress(address);
  return spots.done();
}

describe('the spot file', () => {
  it('gives back each address spot, written in parts and read in any order', async () => {
    const path = join(dir, 'spots.bin');
    const writer = await writeSpotFile(path);
    await writer.part(100_000, spotsOf(100_000, 150_000));
    await writer.part(0, spotsOf(0, 100_000));
    await writer.done();
    expect((await stat(path)).size).toBe(150_000 * 12);
    const file = await openSpotFile(path, addresses.length);
    if (!file) throw new Error('no spot file');
    for (const i of [0, 1, 65_535, 65_536, 149_999, 70_000, 3, 120_000]) {
      expect({ ...file.at(i) }, addresses[i]).toEqual(spotOfAddress(addresses[i] as string));
    }
    expect(() => file.at(150_000)).toThrow(RangeError);
    await file.close();
  });

  it('is none for a list it was not kept for, or one of another length', async () => {
    expect(await openSpotFile(join(dir, 'none.bin'), 10)).toBeNull();
    await writeFile(join(dir, 'short.bin'), Buffer.alloc(12 * 9));
    expect(await openSpotFile(join(dir, 'short.bin'), 10)).toBeNull();
  });

  it('leaves nothing when abandoned', async () => {
    const writer = await writeSpotFile(join(dir, 'gone.bin'));
    await writer.part(0, spotsOf(0, 10));
    await writer.abort();
    expect(await openSpotFile(join(dir, 'gone.bin'), 10)).toBeNull();
  });
});

describe('answers kept by their spots', () => {
  it('are the answers kept by their addresses', async () => {
    const outcome = (i: number): AddressOutcome =>
      i % 3 === 0
        ? { status: 'undeliverable', provider: '' }
        : { status: 'deliverable', provider: i % 2 ? 'gmail' : 'provider_code_1' };
    const some = addresses.slice(0, 20_000);
    const byAddress = await openOutcomeMemory(join(dir, 'a'));
    const bySpot = await openOutcomeMemory(join(dir, 'b'));
    const at = 1_767_000_000;
    await byAddress.remember(
      'email',
      some.map((a, i) => [a, outcome(i)] as const),
      at,
    );
    const path = join(dir, 'spots.bin');
    const writer = await writeSpotFile(path);
    await writer.part(0, spotsOf(0, some.length));
    await writer.done();
    const opened = await openSpotFile(path, some.length);
    if (!opened) throw new Error('no spot file');
    const file = opened;
    function* entries() {
      for (let i = 0; i < some.length; i++) yield [file.at(i), outcome(i)] as const;
    }
    const kept = await bySpot.rememberSpots('email', entries(), at, some.length);
    expect(kept).toEqual({ stored: some.length, skipped: 0 });
    const days = 36_500;
    expect([...bySpot.recallMany('email', some, days)]).toEqual([
      ...byAddress.recallMany('email', some, days),
    ]);
    await file.close();
    await byAddress.close();
    await bySpot.close();
  });
});
