// The memory of outcomes already paid for: what is kept is given back exactly,
// per account and product, only while it is young enough; an 'unknown' is
// never reused; a second process sees the first one's answers while both
// write; a damaged memory is moved aside and a new one works; nothing is lost
// by closing.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../../../electron/lib/log';
import { DEFAULT_REUSE_DAYS } from '../../../electron/common/limits';
import type { AddressOutcome } from '../../../electron/lists/types';
import {
  memoryDir,
  openOutcomeMemory,
  type OutcomeMemory,
  type OutcomeMemoryOptions,
} from '../../../electron/memory/outcome-memory';
import { plant, plantEntry, plantUnreadable, plantV2, recordBytes, UNREADABLE } from './plant';
import { address, outcomeOf } from './probe-words';

const PROBE = fileURLToPath(new URL('./memory-probe.ts', import.meta.url));
const DAY = 86_400;
const NOW = Date.UTC(2026, 0, 15, 12) / 1000;

let dataDir: string;
let logged: string[];
const open: OutcomeMemory[] = [];
beforeEach(async () => {
  logged = [];
  setLogSink((_level, line) => logged.push(line));
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-memory-'));
});
afterEach(async () => {
  for (const memory of open.splice(0)) await memory.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A memory whose clock says NOW (seconds) plus `shift` seconds. */
async function memoryAt(shift = 0, options: OutcomeMemoryOptions = {}): Promise<OutcomeMemory> {
  const memory = await openOutcomeMemory(dataDir, { now: () => (NOW + shift) * 1000, ...options });
  open.push(memory);
  return memory;
}

const jane: AddressOutcome = { status: 'deliverable', provider: 'gmail' };

describe('remember and recall', () => {
  it('gives back each answer exactly, under the address as the importer writes it', async () => {
    const memory = await memoryAt();
    const answers: [string, AddressOutcome][] = [
      ['a@example.com', { status: 'deliverable', provider: 'provider_code_1' }],
      ['b@example.com', { status: 'undeliverable', provider: '' }],
      ['c@example.com', { status: 'deliverable', provider: null, avatar: true, avatarUrl: '' }],
      [
        'd@example.com',
        {
          status: 'deliverable',
          provider: 'gmail',
          avatar: true,
          avatarUrl: 'https://avatars.sandbox.invalid/é.png',
        },
      ],
      [
        'e@example.com',
        { status: 'undeliverable', provider: null, avatar: false, avatarUrl: null },
      ],
      ['f@exämple.com', { status: 'deliverable' }],
    ];
    expect(await memory.remember('email', answers, NOW)).toEqual({ stored: 6, skipped: 0 });
    for (const [addr, outcome] of answers) {
      expect(memory.recall('email', addr, 30)).toEqual({
        outcome: {
          status: outcome.status,
          provider: outcome.provider ?? null,
          avatar: outcome.avatar ?? null,
          avatarUrl: outcome.avatarUrl ?? null,
        },
        checkedAt: NOW,
      });
    }
    // The importer lowercases and unwraps a cell: so is an address looked up.
    expect(memory.recall('email', '"Jane" <A@Example.COM>', 30)?.outcome.provider).toBe(
      'provider_code_1',
    );
    expect(memory.recall('email', 'nobody@example.com', 30)).toBeNull();
    expect(memory.size()).toBe(6);
  });

  it('keeps email and avatar answers apart, and accounts apart', async () => {
    const memory = await memoryAt();
    await memory.remember('email', [['jane@example.com', jane]], NOW);
    await memory.remember(
      'avatar',
      [['john@example.com', { status: 'deliverable', avatar: true, avatarUrl: 'https://a/j.png' }]],
      NOW,
    );
    expect(memory.recall('email', 'jane@example.com', 30)).not.toBeNull();
    expect(memory.recall('avatar', 'jane@example.com', 30)).toBeNull();
    expect(memory.recall('avatar', 'john@example.com', 30)?.outcome.avatarUrl).toBe(
      'https://a/j.png',
    );
    expect(memory.recall('email', 'john@example.com', 30)).toBeNull();
    expect([memory.size('email'), memory.size('avatar'), memory.size()]).toEqual([1, 1, 2]);

    const demo = await memoryAt(0, { account: 'demo' });
    expect(demo.recall('email', 'jane@example.com', 30)).toBeNull();
    expect(demo.size()).toBe(0);
    await demo.clear();
    expect(memory.size()).toBe(2);
    await expect(openOutcomeMemory(dataDir, { account: '../x' })).rejects.toThrow(RangeError);
  });

  it('reuses an answer only while it is younger than the window', async () => {
    const memory = await memoryAt();
    await memory.remember('email', [['old@example.com', jane]], NOW - 31 * DAY);
    await memory.remember('email', [['month@example.com', jane]], NOW - 30 * DAY);
    await memory.remember('email', [['week@example.com', jane]], NOW - 7 * DAY);
    // Another process's clock a few hours ahead is still now; a year ahead is not.
    await memory.remember('email', [['ahead@example.com', jane]], NOW + 3600);
    await memory.remember('email', [['future@example.com', jane]], NOW + 365 * DAY);
    const found = (days: number) =>
      ['old', 'month', 'week', 'ahead', 'future'].filter(
        (who) => memory.recall('email', `${who}@example.com`, days) !== null,
      );
    expect(DEFAULT_REUSE_DAYS).toBe(30);
    expect(found(DEFAULT_REUSE_DAYS)).toEqual(['month', 'week', 'ahead']);
    expect(found(7)).toEqual(['week', 'ahead']);
    expect(found(365)).toEqual(['old', 'month', 'week', 'ahead']);
    // 0 turns reuse off.
    expect(found(0)).toEqual([]);
    expect(memory.recall('email', 'week@example.com', 30)?.checkedAt).toBe(NOW - 7 * DAY);
    expect(() => memory.recall('email', 'week@example.com', -1)).toThrow(RangeError);
    await expect(memory.remember('email', [['x@example.com', jane]], Number.NaN)).rejects.toThrow(
      RangeError,
    );
  });

  it('never keeps an unknown: it is asked again, and an earlier answer stays', async () => {
    const memory = await memoryAt();
    await memory.remember('email', [['jane@example.com', jane]], NOW - 40 * DAY);
    const result = await memory.remember(
      'email',
      [
        ['jane@example.com', { status: 'unknown' }],
        ['john@example.com', { status: 'unknown', provider: 'gmail' }],
      ],
      NOW,
    );
    expect(result).toEqual({ stored: 0, skipped: 2 });
    expect(memory.recall('email', 'john@example.com', 365)).toBeNull();
    // The 40-day-old answer is not replaced by "can't tell" (nor reused within 30 days).
    expect(memory.recall('email', 'jane@example.com', 30)).toBeNull();
    expect(memory.recall('email', 'jane@example.com', 60)?.outcome).toMatchObject(jane);
  });

  it('replaces an earlier answer with a later one', async () => {
    const memory = await memoryAt();
    await memory.remember('email', [['jane@example.com', jane]], NOW - 10 * DAY);
    await memory.remember('email', [['jane@example.com', { status: 'undeliverable' }]], NOW);
    expect(memory.recall('email', 'jane@example.com', 30)).toMatchObject({
      outcome: { status: 'undeliverable' },
      checkedAt: NOW,
    });
    expect(memory.size()).toBe(1);
  });

  it('keeps answers in batches of 100,000 and streams them back in order', async () => {
    const memory = await memoryAt();
    const count = 100_000;
    function* answers(from: number): Generator<[string, AddressOutcome]> {
      for (let i = from; i < from + count; i++) yield [address('bulk', i), outcomeOf(i)];
    }
    expect(await memory.remember('email', answers(0), NOW)).toEqual({ stored: count, skipped: 0 });
    expect(await memory.remember('email', answers(count), NOW)).toEqual({
      stored: count,
      skipped: 0,
    });
    expect(memory.size('email')).toBe(2 * count);

    // recallMany pulls an address, gives its answer, then pulls the next.
    let pulled = 0;
    function* addresses(): Generator<string> {
      for (let i = 0; i < 2 * count + 10; i++) {
        pulled += 1;
        yield address('bulk', i);
      }
    }
    const stream = memory.recallMany('email', addresses(), 30);
    expect(stream.next().value).toEqual({
      outcome: { ...outcomeOf(0), avatar: null, avatarUrl: null },
      checkedAt: NOW,
    });
    expect(pulled).toBe(1);
    let hits = 1;
    let misses = 0;
    let wrong = 0;
    let i = 1;
    for (const hit of stream) {
      if (!hit) misses += 1;
      else if (
        hit.outcome.status !== outcomeOf(i).status ||
        hit.outcome.provider !== outcomeOf(i).provider
      )
        wrong += 1;
      else hits += 1;
      i += 1;
    }
    expect({ hits, misses, wrong }).toEqual({ hits: 2 * count, misses: 10, wrong: 0 });
  });

  it('forgets what is older than asked, and clears everything on request', async () => {
    const memory = await memoryAt();
    await memory.remember('email', [['old@example.com', jane]], NOW - 400 * DAY);
    await memory.remember('avatar', [['old@example.com', jane]], NOW - 400 * DAY);
    await memory.remember('email', [['new@example.com', jane]], NOW - DAY);
    expect(await memory.forget(365)).toBe(2);
    expect(memory.recall('email', 'old@example.com', 1000)).toBeNull();
    expect(memory.recall('email', 'new@example.com', 30)).not.toBeNull();
    await memory.clear();
    expect(memory.size()).toBe(0);
  });
});

describe('lasting and sharing', () => {
  it('keeps everything across close and reopen', async () => {
    const first = await openOutcomeMemory(dataDir, { now: () => NOW * 1000 });
    await first.remember('email', [['jane@example.com', jane]], NOW);
    await first.close();
    await first.close();
    expect(() => first.recall('email', 'jane@example.com', 30)).toThrow(/closed/);
    const again = await memoryAt();
    expect(again.recall('email', 'jane@example.com', 30)?.outcome.provider).toBe('gmail');
    expect(again.movedAside).toBeNull();
  });

  it('is shared by two processes writing at once: each sees the other’s answers', async () => {
    const memory = await openOutcomeMemory(dataDir);
    open.push(memory);
    const now = Math.floor(Date.now() / 1000);
    const [first, mine, later, rounds] = [5_000, 40_000, 5_000, 8];
    await memory.remember(
      'email',
      Array.from({ length: first }, (_, i) => [address('parent', i), outcomeOf(i)] as const),
      now,
    );
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', PROBE, dataDir, ...[first, mine, later, rounds].map(String)],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async (): Promise<Record<string, number | string>> => {
      const line = await lines.next();
      if (line.done) throw new Error('the probe ended early');
      return JSON.parse(line.value) as Record<string, number | string>;
    };
    try {
      expect(await next()).toEqual({ step: 'ready', seesFirst: first });
      // The parent writes its later answers while the child writes its own.
      const writing = memory.remember(
        'email',
        Array.from({ length: later }, (_, i) => [address('later', i), outcomeOf(i)] as const),
        now,
      );
      const seenByParent: number[] = [];
      for (let round = 1; round <= rounds; round++) {
        const wrote = await next();
        expect(wrote).toEqual({ step: 'wrote', count: (mine / rounds) * round });
        let seen = 0;
        const theirs = Array.from({ length: mine }, (_, i) => address('child', i));
        for (const hit of memory.recallMany('email', theirs, 30)) if (hit) seen += 1;
        seenByParent.push(seen);
      }
      await writing;
      // Each round the parent saw at least what the child had committed by then.
      seenByParent.forEach((seen, k) =>
        expect(seen).toBeGreaterThanOrEqual((mine / rounds) * (k + 1)),
      );
      expect(memory.recall('email', address('child', mine - 1), 30)?.outcome).toMatchObject(
        outcomeOf(mine - 1),
      );
      child.stdin.write('look\n');
      expect(await next()).toEqual({ step: 'looked', seesLater: later });
      expect(await exited).toBe(0);
      expect(memory.size()).toBe(first + mine + later);
    } finally {
      child.kill();
    }
  }, 60_000);
});

describe('a damaged memory', () => {
  const aside = async () =>
    (await readdir(dataDir)).filter((name) => name.startsWith('memory.damaged-'));

  it('is moved aside with a log line, and a new one works', async () => {
    const before = await memoryAt();
    await before.remember('email', [['jane@example.com', jane]], NOW);
    await before.close();
    open.splice(0);
    await writeFile(join(memoryDir(dataDir), 'data.mdb'), 'not a database, whatever it was');

    const memory = await memoryAt();
    expect(memory.available).toBe(true);
    const [moved] = await aside();
    expect(moved).toBeDefined();
    expect(memory.movedAside).toBe(join(dataDir, moved ?? ''));
    expect(await readFile(join(dataDir, moved ?? '', 'data.mdb'), 'utf8')).toBe(
      'not a database, whatever it was',
    );
    expect(logged.join('\n')).toMatch(
      /outcome memory .* could not be used \(it is too short to be an LMDB file\); it was moved to .*memory\.damaged-/,
    );
    expect(memory.recall('email', 'jane@example.com', 30)).toBeNull();
    await memory.remember('email', [['jane@example.com', jane]], NOW);
    expect(memory.recall('email', 'jane@example.com', 30)?.outcome.status).toBe('deliverable');
  });

  it('is moved aside when its file was cut short, or is garbage, or is not a folder', async () => {
    const before = await memoryAt();
    const many = Array.from({ length: 20_000 }, (_, i) => [address('x', i), outcomeOf(i)] as const);
    await before.remember('email', many, NOW);
    await before.close();
    open.splice(0);
    const data = join(memoryDir(dataDir), 'data.mdb');
    await truncate(data, 3 * 4096);
    const cut = await memoryAt();
    expect(cut.movedAside).not.toBeNull();
    expect(logged.join('\n')).toContain('a tree starts on a page the file does not hold');
    await cut.close();
    open.splice(0);

    await writeFile(data, Buffer.alloc(64 * 1024, 0xa5));
    const garbage = await memoryAt();
    expect(garbage.movedAside).not.toBeNull();
    expect(logged.join('\n')).toContain('its first page is not a meta page');
    await garbage.close();
    open.splice(0);

    await rm(memoryDir(dataDir), { recursive: true });
    await writeFile(memoryDir(dataDir), 'a file where the folder should be');
    const notFolder = await memoryAt();
    expect(notFolder.movedAside).not.toBeNull();
    expect(logged.join('\n')).toContain('it is not a folder');
    await notFolder.remember('email', [['jane@example.com', jane]], NOW);
    expect(notFolder.size()).toBe(1);
    expect(await aside()).toHaveLength(3);
  });
});

describe('what is read back', () => {
  it('takes an entry that does not decode exactly as no answer, and forget removes it', async () => {
    const memory = await memoryAt();
    await memory.remember('email', [['jane@example.com', jane]], NOW);
    await memory.close();
    // Dated now (within the window), with flags or a provider this layout does not write.
    await plantUnreadable(dataDir, NOW);
    const again = await memoryAt();
    const planted = Object.keys(UNREADABLE);
    expect(planted).toHaveLength(5);
    for (const who of planted) expect(again.recall('email', who, 30)).toBeNull();
    expect(logged.filter((line) => line.includes('could not be read'))).toHaveLength(1);
    expect(again.recall('email', 'jane@example.com', 30)?.outcome).toMatchObject(jane);
    expect(again.size()).toBe(6);
    expect(await again.forget(365)).toBe(5);
    expect(again.size()).toBe(1);
  });

  it('leaves alone a memory a later version wrote: not read, not moved', async () => {
    await plant(dataDir, 'meta', 'format', Buffer.from([4]));
    const memory = await memoryAt();
    expect(memory.available).toBe(false);
    expect(memory.movedAside).toBeNull();
    expect(logged.join('\n')).toContain('written by a later List Cleaner (format 4)');
    expect(await memory.remember('email', [['jane@example.com', jane]], NOW)).toEqual({
      stored: 0,
      skipped: 0,
    });
    expect(memory.recall('email', 'jane@example.com', 30)).toBeNull();
    expect([...memory.recallMany('email', ['a@b.co', 'c@d.co'], 30)]).toEqual([null, null]);
    expect(await readdir(dataDir)).toEqual(['memory']);
  });

  it('keeps no address in its file: only hashes', async () => {
    const memory = await memoryAt();
    await memory.remember('email', [['jane.doe@example.com', jane]], NOW);
    await memory.close();
    const file = await readFile(join(memoryDir(dataDir), 'data.mdb'));
    expect(file.includes('jane.doe@example.com')).toBe(false);
    expect(file.includes('example.com')).toBe(false);
  });
});

/** The named databases in the memory's file. */
async function databaseNames(): Promise<string[]> {
  const { open: openLmdb } = await import('lmdb');
  const root = openLmdb<Buffer, string>(memoryDir(dataDir), { maxDbs: 64, encoding: 'binary' });
  const names = [...root.getKeys()].map(String).sort();
  await root.close();
  return names;
}

/**
 * What the fixtures of both earlier layouts hold once moved: jane's email
 * answer (a day old) and email + avatar answer (two days old, with `url`) in
 * the default account, an undeliverable jane in the other one, and garbage
 * read as nothing. Returns both memories, still open.
 */
async function expectJaneMoved(url: string) {
  const memory = await memoryAt();
  expect(memory.available).toBe(true);
  expect(memory.recall('email', 'jane@example.com', 30)).toEqual({
    outcome: { status: 'deliverable', provider: 'gmail', avatar: null, avatarUrl: null },
    checkedAt: NOW - DAY,
  });
  expect(memory.recall('avatar', 'jane@example.com', 30)).toEqual({
    outcome: { status: 'deliverable', provider: 'gmail', avatar: true, avatarUrl: url },
    checkedAt: NOW - 2 * DAY,
  });
  expect(memory.recall('email', 'garbage@example.com', 30)).toBeNull();
  const other = await memoryAt(0, { account: 'other-account' });
  expect(other.recall('email', 'jane@example.com', 30)?.outcome.status).toBe('undeliverable');
  return { memory, other };
}

describe('a memory of the first layout (addresses as keys)', () => {
  it('is moved into buckets on opening: every answer kept, the addresses gone', async () => {
    const url = 'https://avatars.sandbox.invalid/j.png';
    await plant(dataDir, 'meta', 'format', Buffer.from([1]));
    await plant(
      dataDir,
      'email/default',
      'jane@example.com',
      recordBytes(0x11, NOW - DAY, 5, ...Buffer.from('gmail')),
    );
    await plant(dataDir, 'email/default', 'old@example.com', recordBytes(0x02, NOW - 400 * DAY));
    await plant(dataDir, 'email/default', 'garbage@example.com', Buffer.from([9, 9]));
    await plant(dataDir, 'email/other-account', 'jane@example.com', recordBytes(0x02, NOW - DAY));
    await plant(
      dataDir,
      'avatar/default',
      'jane@example.com',
      recordBytes(0x39, NOW - 2 * DAY, 5, ...Buffer.from('gmail'), ...Buffer.from(url)),
    );
    const { memory, other } = await expectJaneMoved(url);
    expect(memory.recall('email', 'old@example.com', 500)?.outcome.status).toBe('undeliverable');
    expect(memory.size('email')).toBe(2);
    expect(memory.size('avatar')).toBe(1);
    await memory.close();
    await other.close();
    // The first layout's databases are gone (their pages are free, to be written over).
    expect(await databaseNames()).toEqual(['buckets/default', 'buckets/other-account', 'meta']);
    expect(logged.join('\n')).toContain('4 remembered answers moved to the hashed layout');
    // Opened again, nothing is moved twice.
    const again = await memoryAt();
    expect(again.size()).toBe(3);
  });
});

describe('a memory of the second layout (entries of varying size)', () => {
  it('is moved into entries of one size on opening, every answer kept, once', async () => {
    const url = 'https://avatars.sandbox.invalid/j.png';
    await plant(dataDir, 'meta', 'format', Buffer.from([2]));
    await plantV2(dataDir, 'default', [
      {
        address: 'jane@example.com',
        product: 0,
        record: recordBytes(0x11, NOW - DAY, 5, ...Buffer.from('gmail')),
      },
      {
        address: 'jane@example.com',
        product: 1,
        record: recordBytes(0x39, NOW - 2 * DAY, 5, ...Buffer.from('gmail'), ...Buffer.from(url)),
      },
      { address: 'bob@example.com', product: 0, record: recordBytes(0x12, NOW - DAY, 0) },
      { address: 'garbage@example.com', product: 0, record: Buffer.from([9, 9]) },
    ]);
    await plantV2(dataDir, 'other-account', [
      { address: 'jane@example.com', product: 0, record: recordBytes(0x02, NOW - DAY) },
    ]);
    // As if a move had stopped after this bucket: it is in both layouts, kept once.
    await plantEntry(dataDir, 'jane@example.com', { flags: 0x01, checkedAt: NOW - 3 * DAY });
    const { memory, other } = await expectJaneMoved(url);
    expect(memory.recall('email', 'bob@example.com', 30)?.outcome).toEqual({
      status: 'undeliverable',
      provider: '',
      avatar: null,
      avatarUrl: null,
    });
    await memory.close();
    await other.close();
    expect(await databaseNames()).toEqual(['buckets/default', 'buckets/other-account', 'meta']);
    expect(logged.join('\n')).toContain('moved to entries of one size');
    const again = await memoryAt();
    expect(again.recall('email', 'bob@example.com', 30)?.checkedAt).toBe(NOW - DAY);
  });
});

describe('the provider dictionary', () => {
  it('keeps a provider past its 255 names with the answer itself', async () => {
    const memory = await memoryAt();
    const answers = Array.from(
      { length: 300 },
      (_, i) => [`p${i}@example.com`, { status: 'deliverable', provider: `code_${i}` }] as const,
    );
    expect((await memory.remember('email', answers, NOW)).stored).toBe(300);
    await memory.close();
    const again = await memoryAt();
    for (const i of [0, 254, 255, 299]) {
      expect(again.recall('email', `p${i}@example.com`, 30)?.outcome.provider).toBe(`code_${i}`);
    }
  });
});
