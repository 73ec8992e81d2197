// How remember keeps a job's answers: read a batch per turn of the event
// loop, then written a range of buckets per transaction, with the event loop
// free between; what was handed over before a failing source is kept and the
// source's error thrown; a memory closed meanwhile keeps what it wrote and
// says how much.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../electron/lib/log';
import type { AddressOutcome } from '../../../electron/lists/types';
import { openOutcomeMemory, type OutcomeMemory } from '../../../electron/memory/outcome-memory';
import { address, outcomeOf } from './probe-words';

const NOW = Date.UTC(2026, 0, 15, 12) / 1000;

let dataDir: string;
let logged: string[];
let memory: OutcomeMemory;
beforeEach(async () => {
  logged = [];
  setLogSink((_level, line) => logged.push(line));
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-remember-'));
  memory = await openOutcomeMemory(dataDir, { now: () => NOW * 1000 });
});
afterEach(async () => {
  await memory.close();
  await rm(dataDir, { recursive: true, force: true });
});

function* answers(who: string, count: number): Generator<[string, AddressOutcome]> {
  for (let i = 0; i < count; i++) yield [address(who, i), outcomeOf(i)];
}

const found = (who: string, count: number, product: 'email' | 'avatar' = 'email'): number => {
  let hits = 0;
  const addresses = Array.from({ length: count }, (_, i) => address(who, i));
  for (const hit of memory.recallMany(product, addresses, 30)) if (hit) hits += 1;
  return hits;
};

describe('remember', () => {
  it('lets the event loop run while it keeps a large job', async () => {
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await memory.remember('email', answers('big', 150_000), NOW);
    counting = false;
    expect(result).toEqual({ stored: 150_000, skipped: 0 });
    // At least one turn per batch of 20,000.
    expect(turns).toBeGreaterThanOrEqual(7);
    expect(found('big', 150_000)).toBe(150_000);
  });

  it('keeps what it took before the source failed, then throws the source’s error', async () => {
    function* failing(): Generator<[string, AddressOutcome]> {
      yield* answers('before', 45_000);
      throw new Error('the outcome table could not be read');
    }
    await expect(memory.remember('email', failing(), NOW)).rejects.toThrow(
      'the outcome table could not be read',
    );
    expect(found('before', 45_000)).toBe(45_000);
  });

  it('keeps two products written at once, each whole', async () => {
    const [email, avatar] = await Promise.all([
      memory.remember('email', answers('both', 60_000), NOW),
      memory.remember('avatar', answers('both', 50_000), NOW),
    ]);
    expect(email).toEqual({ stored: 60_000, skipped: 0 });
    expect(avatar).toEqual({ stored: 50_000, skipped: 0 });
    expect(found('both', 60_000)).toBe(60_000);
    expect(found('both', 60_000, 'avatar')).toBe(50_000);
  });

  it('skips unknowns and what cannot be a key, counting them', async () => {
    const entries: [string, AddressOutcome][] = [
      ['a@example.com', { status: 'deliverable' }],
      ['b@example.com', { status: 'unknown' }],
      ['', { status: 'deliverable' }],
      [`${'x'.repeat(400)}@example.com`, { status: 'deliverable' }],
      ['c@example.com', { status: 'deliverable', provider: 'p'.repeat(300) }],
    ];
    expect(await memory.remember('email', entries, NOW)).toEqual({ stored: 1, skipped: 4 });
  });

  it('stops when the memory is closed meanwhile, keeping what it took, and says so', async () => {
    const writing = memory.remember('email', answers('closing', 200_000), NOW);
    await new Promise((resolve) => setImmediate(resolve));
    await memory.close();
    const result = await writing;
    expect(result.stored).toBeLessThan(200_000);
    expect(logged.join('\n')).toContain(`kept only ${result.stored} answers`);
    memory = await openOutcomeMemory(dataDir, { now: () => NOW * 1000 });
    expect(found('closing', 200_000)).toBe(result.stored);
  });
});
