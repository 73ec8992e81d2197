// What the memory knows of a whole list (recallList): for each line of an
// address file, the date of the answer that may serve an email check (one
// kept for email, or for email + avatar) and of one that may serve an avatar
// check, within the window; read in chunks, line for line as the address book
// counts them; and the date-only read it stands on agrees with recall.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAddressBook } from '../../../electron/jobs/storage/address-book';
import { setLogSink } from '../../../electron/lib/log';
import type { AddressOutcome } from '../../../electron/lists/types';
import { openOutcomeMemory, type OutcomeMemory } from '../../../electron/memory/outcome-memory';
import { importList } from '../../../electron/lists/read/read';
import type { Spots } from '../../../electron/lib/addresses/address-hash';
import { RECALL_DAYS, recallList } from '../../../electron/memory/recall-list';
import { unavailableMemory } from '../../../electron/memory/opened-memory';
import { plantEntry, plantUnreadable } from './plant';
import { address, outcomeOf } from './probe-words';

const DAY = 86_400;
const NOW = Date.UTC(2026, 0, 15, 12) / 1000;

let dataDir: string;
let logged: string[];
let memory: OutcomeMemory;
beforeEach(async () => {
  logged = [];
  setLogSink((_level, line) => logged.push(line));
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-recall-'));
  memory = await openOutcomeMemory(dataDir, { now: () => NOW * 1000 });
});
afterEach(async () => {
  await memory.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ok: AddressOutcome = { status: 'deliverable', provider: 'gmail' };
const withAvatar: AddressOutcome = {
  status: 'deliverable',
  provider: 'gmail',
  avatar: true,
  avatarUrl: 'https://avatars.sandbox.invalid/a.png',
};

/** An address file as the import writes it: one address a line, each line ended. */
async function addressFile(addresses: string[], name = 'addresses.txt'): Promise<string> {
  const path = join(dataDir, name);
  await writeFile(path, addresses.map((a) => `${a}\n`).join(''));
  return path;
}

describe('recallList', () => {
  it('dates each line: email from either product, avatar from avatar only, 0 for none', async () => {
    await memory.remember('email', [['email@example.com', ok]], NOW - 10 * DAY);
    await memory.remember('avatar', [['avatar@example.com', withAvatar]], NOW - 20 * DAY);
    // Both kept: the email check takes the newer, the avatar check its own.
    await memory.remember('email', [['both@example.com', ok]], NOW - 30 * DAY);
    await memory.remember('avatar', [['both@example.com', withAvatar]], NOW - 5 * DAY);
    await memory.remember('email', [['newer@example.com', ok]], NOW - DAY);
    await memory.remember('avatar', [['newer@example.com', withAvatar]], NOW - 50 * DAY);
    await memory.remember('email', [['f@exämple.com', ok]], NOW - 2 * DAY);
    const path = await addressFile([
      'email@example.com',
      'avatar@example.com',
      'nobody@example.com',
      'both@example.com',
      'newer@example.com',
      'f@exämple.com',
    ]);
    const { email, avatar } = await recallList(path, memory);
    expect([...email]).toEqual([
      NOW - 10 * DAY,
      NOW - 20 * DAY,
      0,
      NOW - 5 * DAY,
      NOW - DAY,
      NOW - 2 * DAY,
    ]);
    expect([...avatar]).toEqual([0, NOW - 20 * DAY, 0, NOW - 5 * DAY, NOW - 50 * DAY, 0]);
    expect(email).toBeInstanceOf(Uint32Array);
    expect(avatar).toBeInstanceOf(Uint32Array);
  });

  it('looks back a year unless told, and never past the window it is given', async () => {
    await memory.remember('email', [['month@example.com', ok]], NOW - 40 * DAY);
    await memory.remember('email', [['year@example.com', ok]], NOW - 300 * DAY);
    await memory.remember('avatar', [['old@example.com', withAvatar]], NOW - 400 * DAY);
    const path = await addressFile(['month@example.com', 'year@example.com', 'old@example.com']);
    expect([...(await recallList(path, memory)).email]).toEqual([
      NOW - 40 * DAY,
      NOW - 300 * DAY,
      0,
    ]);
    expect([...(await recallList(path, memory, 30)).email]).toEqual([0, 0, 0]);
    expect([...(await recallList(path, memory, 500)).avatar]).toEqual([0, 0, NOW - 400 * DAY]);
    expect([...(await recallList(path, memory, 0)).email]).toEqual([0, 0, 0]);
  });

  it('never recalls an unknown, nor a record that does not decode, and says so once', async () => {
    await memory.remember('email', [['jane@example.com', ok]], NOW);
    await memory.close();
    // Those whose flags or provider code say so: the dates decode no entry's tail.
    const unreadable = [
      'unknown@example.com',
      'no-such-provider@example.com',
      'unused-bit@example.com',
    ];
    await plantUnreadable(dataDir, NOW, unreadable);
    memory = await openOutcomeMemory(dataDir, { now: () => NOW * 1000 });
    const path = await addressFile([...unreadable, 'jane@example.com']);
    expect([...(await recallList(path, memory)).email]).toEqual([0, 0, 0, NOW]);
    expect(logged.filter((line) => line.includes('could not be read'))).toHaveLength(1);
  });

  it('streams a file larger than its chunks, line for line as the address book counts', async () => {
    const count = 30_000;
    const addresses = Array.from({ length: count }, (_, i) => address('stream', i));
    await memory.remember(
      'email',
      addresses.filter((_, i) => i % 3 !== 0).map((a, i) => [a, outcomeOf(i + 1)] as const),
      NOW - DAY,
    );
    await memory.remember(
      'avatar',
      addresses.filter((_, i) => i % 5 === 0).map((a) => [a, withAvatar] as const),
      NOW - 2 * DAY,
    );
    // The last line has no line end: not an address (the address book does not count it).
    const path = join(dataDir, 'addresses.txt');
    await writeFile(path, `${addresses.map((a) => `${a}\n`).join('')}cut@example.com`);
    const { email, avatar } = await recallList(path, memory);
    expect((await openAddressBook(path)).count).toBe(count);
    expect(email).toHaveLength(count);
    expect(avatar).toHaveLength(count);
    const expected = addresses.map((a) => {
      const byEmail = memory.recall('email', a, 365)?.checkedAt ?? 0;
      const byAvatar = memory.recall('avatar', a, 365)?.checkedAt ?? 0;
      return [Math.max(byEmail, byAvatar), byAvatar];
    });
    expect(addresses.map((_, i) => [email[i], avatar[i]])).toEqual(expected);
    expect(email[1]).toBe(NOW - DAY);
    expect(email[3]).toBe(0);
    expect(avatar[5]).toBe(NOW - 2 * DAY);
  });

  it('gives zeros for an empty memory or one that could not be opened, and nothing for an empty file', async () => {
    const path = await addressFile(['a@example.com', 'b@example.com']);
    expect(await recallList(path, memory)).toEqual({
      email: new Uint32Array(2),
      avatar: new Uint32Array(2),
    });
    expect(await recallList(path, unavailableMemory(dataDir))).toEqual({
      email: new Uint32Array(2),
      avatar: new Uint32Array(2),
    });
    const empty = await addressFile([], 'empty.txt');
    expect(await recallList(empty, memory)).toEqual({
      email: new Uint32Array(0),
      avatar: new Uint32Array(0),
    });
    await expect(recallList(join(dataDir, 'missing.txt'), memory)).rejects.toThrow(/ENOENT/);
  });
});

describe('lines as the address file holds them', () => {
  it('finds an address by its normalized bytes, as recall finds it by any spelling', async () => {
    await memory.remember('email', [['Jane@Example.com', ok]], NOW - 3 * DAY);
    await memory.remember('email', [['f@exämple.com', ok]], NOW - 4 * DAY);
    expect(memory.recall('email', '"Jane" <JANE@example.com>', 30)?.checkedAt).toBe(NOW - 3 * DAY);
    const path = await addressFile([
      'jane@example.com',
      // The file holds addresses normalized: another spelling is another address.
      'JANE@example.com',
      'f@exämple.com',
      'x'.repeat(400),
      `${'x'.repeat(1400)}@example.com`,
    ]);
    expect([...(await recallList(path, memory)).email]).toEqual([
      NOW - 3 * DAY,
      0,
      NOW - 4 * DAY,
      0,
      0,
    ]);
    expect([...(await recallList(path, memory)).avatar]).toEqual([0, 0, 0, 0, 0]);
    expect([...(await recallList(path, memory, 0)).email]).toEqual([0, 0, 0, 0, 0]);
    await expect(recallList(path, memory, -1)).rejects.toThrow(RangeError);
    await memory.close();
    await expect(recallList(path, memory)).rejects.toThrow(/closed/);
  });

  it('answers lines that share a bucket, and the same line twice', async () => {
    // More addresses than buckets: many buckets hold several of them.
    const count = 300_000;
    const kept = (i: number) => i % 3 === 0;
    const addresses = Array.from({ length: count }, (_, i) => address('crowd', i));
    await memory.remember(
      'email',
      addresses.filter((_, i) => kept(i)).map((a): [string, AddressOutcome] => [a, ok]),
      NOW - DAY,
    );
    const path = await addressFile([...addresses, addresses[0] as string]);
    const { email } = await recallList(path, memory);
    let wrong = 0;
    for (let i = 0; i < count; i++) if ((email[i] !== 0) !== kept(i)) wrong += 1;
    expect(wrong).toBe(0);
    expect(email[count]).toBe(NOW - DAY);
  });

  it('reads a date wherever recall reads an answer, and nowhere else', async () => {
    await memory.remember('email', [['jane@example.com', ok]], NOW);
    await memory.close();
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed >>> 8;
    };
    // Any flags, and provider codes in the dictionary (gmail is 1) or not.
    const planted = Array.from({ length: 120 }, (_, i) => ({
      address: address('any', i),
      flags: next() & 0xef,
      provider: next() % 3,
    }));
    for (const { address: who, flags, provider } of planted) {
      // A whole tail item for what the flags say is in it (bits 6 and 5: a provider, a URL).
      const tail = Buffer.from([
        ...(flags & 0x40 ? [1, 0x78] : []),
        ...(flags & 0x20 ? [0x75] : []),
      ]);
      await plantEntry(dataDir, who, { flags, checkedAt: NOW, provider, tail });
    }
    memory = await openOutcomeMemory(dataDir, { now: () => NOW * 1000 });
    const path = await addressFile(planted.map((p) => p.address));
    const { email } = await recallList(path, memory, 30);
    const disagree = planted.filter(
      (p, i) => (email[i] !== 0) !== (memory.recall('email', p.address, 30) !== null),
    );
    expect(disagree).toEqual([]);
    // Answers and garbage were both met.
    expect(new Set(email).size).toBe(2);
  });

  it('agrees with the spots the import worker hashes as it writes the address file', async () => {
    const rows = [
      'email,name',
      'Jane@Example.com,Jane',
      'jane@example.com,again',
      'not an address,x',
      ',empty',
      'zoë@exämple.com,Zoë',
      ...Array.from({ length: 3000 }, (_, i) => `${address('import', i)},n${i}`),
    ];
    const csv = join(dataDir, 'list.csv');
    await writeFile(csv, `${rows.join('\n')}\n`);
    await memory.remember(
      'email',
      [
        ['jane@example.com', ok],
        [address('import', 7), ok],
      ],
      NOW,
    );
    let spots: Spots | undefined;
    const list = await importList(csv, { workDir: dataDir, onAddressSpots: (s) => (spots = s) });
    expect(spots?.count).toBe(list.counts.unique);
    const fromFile = await recallList(list.addressesPath, memory);
    const fromWorker = await memory.datesOf(spots as Spots, RECALL_DAYS);
    expect(fromWorker).toEqual(fromFile);
    expect(fromWorker.email.filter((d) => d === NOW)).toHaveLength(2);
  });
});
