// Answers given with their own dates (a colleague's, pulled from the team
// store) go into the memory under their spots, each kept only when newer than
// the answer the memory holds for its address and product: a pull never
// replaces what this computer learned later.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressOutcome } from '../../../electron/lists/types';
import { spotOfAddress } from '../../../electron/lib/addresses/address-hash';
import { openOutcomeMemory, type OutcomeMemory } from '../../../electron/memory/outcome-memory';
import { spotOfTeamHash, teamAddressHash } from '../../../electron/team/address-key';

const NOW = Date.UTC(2026, 0, 15, 12) / 1000;
const DAY = 86_400;
let dataDir: string;
let memory: OutcomeMemory;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-dated-'));
  memory = await openOutcomeMemory(dataDir, { now: () => NOW * 1000 });
});
afterEach(async () => {
  await memory.close();
  await rm(dataDir, { recursive: true, force: true });
});

const good: AddressOutcome = {
  status: 'deliverable',
  provider: 'gmail',
  avatar: null,
  avatarUrl: null,
};
const bad: AddressOutcome = {
  status: 'undeliverable',
  provider: null,
  avatar: null,
  avatarUrl: null,
};

describe('rememberDated', () => {
  it('keeps answers under the spot the team hash names, with their own dates', async () => {
    const spot = spotOfTeamHash(teamAddressHash('jane@example.com'));
    expect(spot).toEqual(spotOfAddress('jane@example.com'));
    const result = await memory.rememberDated('email', [
      [spot, good, NOW - 3 * DAY],
      [spotOfAddress('joe@example.com'), bad, NOW - DAY],
    ]);
    expect(result).toEqual({ stored: 2, skipped: 0, older: 0 });
    expect(memory.recall('email', 'jane@example.com', 30)).toEqual({
      outcome: good,
      checkedAt: NOW - 3 * DAY,
    });
    expect(memory.recall('email', 'joe@example.com', 30)?.outcome).toEqual(bad);
    // Not an avatar answer: the product is the caller's.
    expect(memory.recall('avatar', 'jane@example.com', 30)).toBeNull();
  });

  it('never replaces a newer answer, and replaces an older one', async () => {
    await memory.remember('email', [['new@example.com', good]], NOW - DAY);
    await memory.remember('email', [['old@example.com', good]], NOW - 10 * DAY);
    await memory.rememberDated('email', [
      [spotOfAddress('new@example.com'), bad, NOW - 2 * DAY],
      [spotOfAddress('old@example.com'), bad, NOW - 5 * DAY],
    ]);
    expect(memory.recall('email', 'new@example.com', 30)).toEqual({
      outcome: good,
      checkedAt: NOW - DAY,
    });
    expect(memory.recall('email', 'old@example.com', 30)).toEqual({
      outcome: bad,
      checkedAt: NOW - 5 * DAY,
    });
    expect(memory.size('email')).toBe(2);
  });

  it('skips unknowns and dates that are not epoch seconds', async () => {
    const result = await memory.rememberDated('email', [
      [spotOfAddress('a@example.com'), { status: 'unknown' }, NOW],
      [spotOfAddress('b@example.com'), good, Number.NaN],
      [spotOfAddress('c@example.com'), good, 0],
    ]);
    expect(result).toEqual({ stored: 0, skipped: 3, older: 0 });
    expect(memory.size()).toBe(0);
  });
});
