// Letting go of the memory's map: the store is reopened once a budget's worth
// of buckets was read, only when no other work holds it, and work started
// meanwhile waits; through any number of reopens every answer is kept and
// found, and work running alongside (another job's answers, a list's dates,
// what was learned of domains) is neither lost nor refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../electron/lib/log';
import type { AddressOutcome } from '../../../electron/lists/types';
import { createSpots } from '../../../electron/lib/addresses/address-hash';
import { mapBudget } from '../../../electron/memory/map-budget';
import { openOutcomeMemory, type OutcomeMemory } from '../../../electron/memory/outcome-memory';
import { address, outcomeOf } from './probe-words';

const NOW = Date.UTC(2026, 0, 15, 12) / 1000;

describe('mapBudget', () => {
  it('reopens once the budget was read, under its caller’s hold alone', async () => {
    let reopened = 0;
    const map = mapBudget(async () => {
      reopened += 1;
    }, 100);
    const mine = map.hold();
    map.read(60);
    expect(map.due()).toBe(false);
    map.read(60);
    const other = map.hold();
    await map.settle();
    expect(reopened).toBe(0);
    other();
    other();
    expect(map.due()).toBe(true);
    await map.settle();
    expect(reopened).toBe(1);
    // The count starts again.
    expect(map.due()).toBe(false);
    mine();
  });

  it('has work that starts during a reopen wait for it', async () => {
    const order: string[] = [];
    let finish: () => void = () => undefined;
    const map = mapBudget(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            order.push('reopened');
            resolve();
          };
        }),
      1,
    );
    const release = map.hold();
    map.read(1);
    const settling = map.settle();
    const waiting = map.idle().then(() => order.push('other work'));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    finish();
    await Promise.all([settling, waiting]);
    release();
    expect(order).toEqual(['reopened', 'other work']);
  });
});

describe('a memory reopened as it reads', () => {
  let dataDir: string;
  let memory: OutcomeMemory;
  let logged: string[];
  beforeEach(async () => {
    logged = [];
    setLogSink((_level, line) => logged.push(line));
    dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-map-budget-'));
    // A few buckets' worth: reopened many times over in every call below.
    memory = await openOutcomeMemory(dataDir, { now: () => NOW * 1000, mapReadBudget: 64 * 1024 });
  });
  afterEach(async () => {
    await memory.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function* answers(who: string, count: number): Generator<[string, AddressOutcome]> {
    for (let i = 0; i < count; i++) yield [address(who, i), outcomeOf(i)];
  }

  const found = (who: string, count: number): number => {
    let hits = 0;
    const all = Array.from({ length: count }, (_, i) => address(who, i));
    for (const hit of memory.recallMany('email', all, 30)) if (hit) hits += 1;
    return hits;
  };

  it('keeps and finds every answer, with other work alongside', async () => {
    await memory.remember('email', answers('first', 200_000), NOW);
    const spots = createSpots(1024);
    const lines = Buffer.from(
      Array.from({ length: 50_000 }, (_, i) => `${address('first', i * 4)}\n`).join(''),
    );
    spots.addLines(lines, lines.length);
    const [second, third, dates] = await Promise.all([
      memory.remember('email', answers('second', 150_000), NOW),
      memory.remember('avatar', answers('third', 100_000), NOW),
      memory.datesOf(spots.done(), 30),
      memory.facts.learn([{ domain: 'example.com', provider: 'google', covered: true }], NOW),
    ]);
    expect(second.stored + third.stored).toBe(250_000);
    expect(dates.email.every((d) => d === NOW)).toBe(true);
    expect(found('first', 200_000)).toBe(200_000);
    expect(found('second', 150_000)).toBe(150_000);
    expect(memory.size()).toBe(450_000);
    expect(memory.facts.domain('example.com')?.provider).toBe('google');
    expect(await memory.forget(30)).toBe(0);
    expect(logged.filter((l) => l.includes('outcome memory'))).toEqual([]);
  });
});
