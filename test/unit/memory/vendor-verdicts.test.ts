// Another vendor's verdicts in the memory of answers (verdicts/): each keeps
// its vendor (bit 7 of the entry's flags, the vendor's number in the
// provider's byte, bucket.ts), is recalled with it, never replaces a newer
// answer, and leaves every answer kept before it (format 3 entries, and a
// memory of the second layout moved on opening) reading as it did.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressOutcome } from '../../../electron/lists/types';
import { createSpots, spotOfAddress } from '../../../electron/lib/addresses/address-hash';
import { openOutcomeMemory, type OutcomeMemory } from '../../../electron/memory/outcome-memory';
import { plant, plantEntry, plantV2, recordBytes } from './plant';

const NOW = Date.UTC(2026, 9, 20, 12) / 1000;
const DAY = 86_400;
let dataDir: string;
const dirs: string[] = [];
const opened: OutcomeMemory[] = [];

async function memoryAt(): Promise<OutcomeMemory> {
  const memory = await openOutcomeMemory(dataDir, { now: () => NOW * 1000 });
  opened.push(memory);
  return memory;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-vendor-memory-'));
  dirs.push(dataDir);
});
afterEach(async () => {
  for (const m of opened.splice(0)) await m.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const yes: AddressOutcome = {
  status: 'deliverable',
  provider: null,
  avatar: null,
  avatarUrl: null,
};
const no: AddressOutcome = {
  status: 'undeliverable',
  provider: null,
  avatar: null,
  avatarUrl: null,
};
const own: AddressOutcome = {
  status: 'deliverable',
  provider: 'gmail',
  avatar: null,
  avatarUrl: null,
};

describe("a vendor's verdicts in the memory", () => {
  it('are recalled with their vendor and date, and counted as email answers', async () => {
    const memory = await memoryAt();
    const result = await memory.rememberDated('email', [
      [spotOfAddress('ann@example.com'), yes, NOW - 17 * DAY, 'zerobounce'],
      [spotOfAddress('bob@example.com'), no, NOW - 17 * DAY, 'millionverifier'],
    ]);
    expect(result).toEqual({ stored: 2, skipped: 0, older: 0 });
    expect(memory.recall('email', 'ann@example.com', 30)).toEqual({
      outcome: yes,
      checkedAt: NOW - 17 * DAY,
      source: 'zerobounce',
    });
    expect(memory.recall('email', 'bob@example.com', 30)?.source).toBe('millionverifier');
    // Outside the reuse window: not reused, as any answer.
    expect(memory.recall('email', 'ann@example.com', 10)).toBeNull();
    expect(memory.size('email')).toBe(2);
    const spots = createSpots(2);
    spots.addAddress('ann@example.com');
    spots.addAddress('nobody@example.com');
    const dates = await memory.datesOf(spots.done(), 30);
    expect([...dates.email]).toEqual([NOW - 17 * DAY, 0]);
    expect([...dates.avatar]).toEqual([0, 0]);
    // Kept across a reopening, and not forgotten while within the window.
    expect(await memory.forget(30)).toBe(0);
    await memory.close();
    const again = await memoryAt();
    expect(again.recall('email', 'ann@example.com', 30)?.source).toBe('zerobounce');
  });

  it('never replace a newer answer, replace an older one, and are replaced by a newer one', async () => {
    const memory = await memoryAt();
    await memory.remember('email', [['new@example.com', own]], NOW - DAY);
    await memory.remember('email', [['old@example.com', own]], NOW - 20 * DAY);
    const result = await memory.rememberDated('email', [
      [spotOfAddress('new@example.com'), no, NOW - 5 * DAY, 'kickbox'],
      [spotOfAddress('old@example.com'), no, NOW - 5 * DAY, 'kickbox'],
    ]);
    expect(result).toEqual({ stored: 1, skipped: 0, older: 1 });
    expect(memory.recall('email', 'new@example.com', 30)).toEqual({
      outcome: own,
      checkedAt: NOW - DAY,
    });
    expect(memory.recall('email', 'old@example.com', 30)).toEqual({
      outcome: no,
      checkedAt: NOW - 5 * DAY,
      source: 'kickbox',
    });
    // The account's own answer paid for later takes the vendor's place.
    await memory.remember('email', [['old@example.com', own]], NOW);
    expect(memory.recall('email', 'old@example.com', 30)).toEqual({ outcome: own, checkedAt: NOW });
  });

  it('are email answers only, and keep only a status', async () => {
    const memory = await memoryAt();
    const full: AddressOutcome = {
      status: 'deliverable',
      provider: 'x',
      avatar: true,
      avatarUrl: 'u',
    };
    const result = await memory.rememberDated('avatar', [
      [spotOfAddress('ann@example.com'), yes, NOW, 'bouncer'],
    ]);
    expect(result.stored).toBe(0);
    expect(result.skipped).toBe(1);
    await memory.rememberDated('email', [[spotOfAddress('ann@example.com'), full, NOW, 'bouncer']]);
    expect(memory.recall('email', 'ann@example.com', 30)).toEqual({
      outcome: yes,
      checkedAt: NOW,
      source: 'bouncer',
    });
  });
});

describe('answers kept before vendors', () => {
  it('read as they did: a format 3 entry, and a second layout moved on opening', async () => {
    // As List Cleaner wrote them before: bit 7 clear, a provider code or none.
    await plantEntry(dataDir, 'kept@example.com', { flags: 0x01, checkedAt: NOW - 3 * DAY });
    await plantEntry(dataDir, 'gone@example.com', { flags: 0x02, checkedAt: NOW - 4 * DAY });
    await plant(dataDir, 'meta', 'format', Buffer.from([3]));
    const memory = await memoryAt();
    expect(memory.recall('email', 'kept@example.com', 30)).toEqual({
      outcome: { status: 'deliverable', provider: null, avatar: null, avatarUrl: null },
      checkedAt: NOW - 3 * DAY,
    });
    expect(memory.recall('email', 'gone@example.com', 30)?.source).toBeUndefined();
    await memory.close();

    dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-vendor-memory-v2-'));
    dirs.push(dataDir);
    await plant(dataDir, 'meta', 'format', Buffer.from([2]));
    await plantV2(dataDir, 'default', [
      { address: 'bob@example.com', product: 0, record: recordBytes(0x12, NOW - DAY, 0) },
    ]);
    const moved = await memoryAt();
    const bob = moved.recall('email', 'bob@example.com', 30);
    expect(bob).toEqual({
      outcome: { status: 'undeliverable', provider: '', avatar: null, avatarUrl: null },
      checkedAt: NOW - DAY,
    });
    expect(bob && 'source' in bob).toBe(false);
  });
});
