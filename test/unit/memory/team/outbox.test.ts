// The team outbox: answers are on disk, hashed, before anything is sent; a
// file is deleted only once all of it is pushed; a push that fails leaves
// everything for the next drain; a damaged file is set aside.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressOutcome } from '../../../../electron/lists/types';
import type { TeamAnswer } from '../../../../electron/memory/team/answers';
import { PER_STATEMENT } from '../../../../electron/team/accounts';
import { teamAddressHash } from '../../../../electron/team/address-key';
import { openOutbox } from '../../../../electron/memory/team/outbox';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-outbox-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const answers = (n: number, tag: string): [string, AddressOutcome][] =>
  Array.from({ length: n }, (_, i) => [
    `u${i}.${tag}@example.com`,
    i % 3 === 0
      ? { status: 'deliverable', provider: 'gmail', avatar: true, avatarUrl: `https://a/${i}` }
      : { status: 'undeliverable', provider: null, avatar: null, avatarUrl: null },
  ]);

describe('the team outbox', () => {
  it('keeps hashes, never addresses, and gives every answer back in statements', async () => {
    const outbox = openOutbox(dataDir, 'key-a');
    const n = PER_STATEMENT + 5;
    expect(await outbox.append('avatar', answers(n, 'x'), 1_700_000_000)).toBe(n);
    expect(await outbox.waiting()).toBe(n);
    const [file] = await readdir(outbox.dir);
    expect((await readFile(join(outbox.dir, file as string))).toString('latin1')).not.toContain(
      'example.com',
    );
    const pushed: TeamAnswer[][] = [];
    expect(await outbox.drain(async (batch) => void pushed.push(batch))).toBe(n);
    expect(pushed.map((b) => b.length)).toEqual([PER_STATEMENT, 5]);
    const first = pushed[0]?.[0];
    expect(Buffer.from(first?.hash ?? []).equals(teamAddressHash('u0.x@example.com'))).toBe(true);
    expect({ ...first, hash: null }).toEqual({
      hash: null,
      product: 'avatar',
      outcome: { status: 'deliverable', provider: 'gmail', avatar: true, avatarUrl: 'https://a/0' },
      answeredAt: 1_700_000_000,
    });
    expect(pushed[0]?.[1]?.outcome).toEqual({
      status: 'undeliverable',
      provider: null,
      avatar: null,
      avatarUrl: null,
    });
    expect(await outbox.waiting()).toBe(0);
    expect(await readdir(outbox.dir)).toEqual([]);
  });

  it('keeps every file when a push fails, and sends them oldest first later', async () => {
    const outbox = openOutbox(dataDir, 'key-a');
    await outbox.append('email', answers(10, 'a'), 1_700_000_000);
    await new Promise((r) => setTimeout(r, 5));
    await outbox.append('email', answers(7, 'b'), 1_700_000_100);
    await expect(outbox.drain(() => Promise.reject(new Error('store away')))).rejects.toThrow(
      'store away',
    );
    expect(await outbox.waiting()).toBe(17);
    const sizes: number[] = [];
    await outbox.drain(async (batch) => void sizes.push(batch.length));
    expect(sizes).toEqual([10, 7]);
    expect(await outbox.waiting()).toBe(0);
  });

  it('keeps accounts apart, and sets a damaged file aside after sending what it holds', async () => {
    const mine = openOutbox(dataDir, 'key-a');
    const theirs = openOutbox(dataDir, 'key-b');
    await mine.append('email', answers(3, 'a'), 1_700_000_000);
    expect(await theirs.waiting()).toBe(0);
    const [file] = await readdir(mine.dir);
    const path = join(mine.dir, file as string);
    const bytes = await readFile(path);
    // The second record's status byte made impossible.
    const second = Buffer.from(bytes);
    second[26 + 'gmail'.length + 'https://a/0'.length + 17] = 0xff;
    await writeFile(path, second);
    const sent: TeamAnswer[] = [];
    await mine.drain(async (batch) => void sent.push(...batch));
    expect(await mine.waiting()).toBe(0);
    expect((await readdir(mine.dir)).filter((n) => n.endsWith('.damaged'))).toHaveLength(1);
  });
});
