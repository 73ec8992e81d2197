// The account's suppression list as the team's, on a real PostgreSQL this file
// starts: two data folders on one store share one list (what one imports the
// other's jobs leave out, and removes); accounts never see each other's; the
// store halted, this computer's copy answers, the user is told once, and
// nothing is lost; a look-up of many addresses finds exactly the listed ones.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpots } from '../../../electron/lib/addresses/address-hash';
import { addReasons } from '../../../electron/jobs/money/withheld';
import { spotsInParts } from '../../../electron/memory/recall-list';
import { reasonIn, ruleIn, withheldCode } from '../../../electron/lists/judge/withheld';
import { suppressionOpener, type AccountSuppression } from '../../../electron/suppression/account';
import { importSuppressionFile } from '../../../electron/suppression/import';
import type { SuppressionRow } from '../../../electron/suppression/types';
import { migrate } from '../../../electron/team/migrations';
import { openTeamStore, type TeamStore } from '../../../electron/team/store';
import { startPgServer, type PgServer } from '../team/pg-server';

const PASSWORD = 'team-pw-5d2a';
const ACCOUNT = 'key-0123456789abcdef0123456789abcdef';
const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/suppression/${name}`, import.meta.url));

let server: PgServer;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startPgServer();
  await server.createUser('team', PASSWORD);
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await server?.stop();
}, 30_000);

let databases = 0;
async function freshStore(): Promise<{ store: TeamStore; db: string }> {
  databases += 1;
  const db = `suppression_${databases}`;
  await server.admin(`CREATE DATABASE ${db} OWNER team`);
  const store = await openTeamStore({
    url: server.url('team', db),
    password: PASSWORD,
    connectTimeoutMs: 5_000,
  });
  cleanups.push(() => store.close());
  await store.withClient((client) => migrate(client));
  return { store, db };
}

/** The list as one computer's jobs open it: its own data folder, the team store shared. */
async function computer(
  store: TeamStore,
  options: { account?: string; notices?: string[] } = {},
): Promise<AccountSuppression> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lc-team-suppression-'));
  const opener = suppressionOpener({
    dataDir,
    account: () => options.account ?? ACCOUNT,
    team: async () => store,
    onTeamNotice: (message, kind) => options.notices?.push(`${kind}: ${message}`),
  });
  cleanups.push(async () => {
    await opener.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return opener.get();
}

const spotsOf = (addresses: readonly string[]) => {
  const spots = createSpots(addresses.length);
  for (const address of addresses) spots.addAddress(address);
  return spots.done();
};

const row = (address: string, extra: Partial<SuppressionRow> = {}): SuppressionRow => ({
  address,
  reason: 'hard_bounce',
  date: '2025-03-02T11:00:00.000Z',
  detail: '550 5.1.1',
  ...extra,
});

describe("the team's suppression list", () => {
  it('is one list for two computers on one store', async () => {
    const { store, db } = await freshStore();
    const first = await computer(store);
    const second = await computer(store);

    const imported = await importSuppressionFile(first, fixture('mailchimp-cleaned.csv'));
    expect(imported).toMatchObject({ format: 'mailchimp-cleaned', added: 2, replaced: 0 });

    // The other computer's jobs leave them out, with their reason.
    const reasons = await second.reasonsOf(
      spotsOf(['gone.away@example.com', 'someone@example.com', 'no-mailbox@example.org']),
    );
    expect([...reasons]).toEqual([1, 0, 1]);
    expect(await second.get(' Gone.Away@Example.com ')).toEqual({
      address: 'gone.away@example.com',
      reason: 'hard_bounce',
      date: '2025-03-02T11:00:00.000Z',
      source: 'mailchimp-cleaned.csv',
      detail: 'cleaned: Spring sale',
    });
    expect(await second.count()).toBe(2);
    expect(await second.sources()).toEqual([
      { name: 'mailchimp-cleaned.csv', addedAt: expect.any(String), entries: 2 },
    ]);
    const page = await second.list({ limit: 1 });
    expect(page.entries).toHaveLength(1);
    const rest = await second.list({ after: page.next, limit: 10 });
    expect(rest).toMatchObject({ next: null });
    expect(
      [...page.entries, ...rest.entries].map((e) => e.address).sort((a, b) => a.localeCompare(b)),
    ).toEqual(['gone.away@example.com', 'no-mailbox@example.org']);

    expect((await second.list({ source: 'mailchimp-cleaned.csv' })).entries).toHaveLength(2);
    expect((await second.list({ source: 'other.csv' })).entries).toEqual([]);

    // A later file replaces an address's entry, and is the source it counts under.
    expect(
      await second.add([row('gone.away@example.com', { reason: 'complaint' })], 'manual.csv'),
    ).toEqual({ added: 0, replaced: 1 });
    expect((await first.get('gone.away@example.com'))?.reason).toBe('complaint');
    const counts = Object.fromEntries((await first.sources()).map((s) => [s.name, s.entries]));
    expect(counts).toEqual({ 'mailchimp-cleaned.csv': 1, 'manual.csv': 1 });

    // Removed on one computer, gone for the other.
    expect(await second.remove('gone.away@example.com')).toBe(true);
    expect(await first.get('gone.away@example.com')).toBeNull();
    expect(await first.removeSource('mailchimp-cleaned.csv')).toBe(1);
    expect(await second.count()).toBe(0);
    expect([...(await second.reasonsOf(spotsOf(['no-mailbox@example.org'])))]).toEqual([0]);
    // The store keeps the address, as a suppression list must (README: the team store).
    const kept = await server.admin('SELECT count(*)::int AS n FROM suppression_sources', db);
    expect((kept.rows[0] as { n: number }).n).toBe(1);
  }, 60_000);

  it("counts a colleague's entries at import, which this computer's copy lacks", async () => {
    const { store } = await freshStore();
    const first = await computer(store);
    const second = await computer(store);
    await first.add([row('gone.away@example.com', { reason: 'complaint' })], 'manual.csv');
    const dir = await mkdtemp(join(tmpdir(), 'lc-team-import-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const addresses = join(dir, 'addresses.txt');
    await writeFile(addresses, 'someone@example.com\ngone.away@example.com\n');
    // As the worker left them: a rule's index in the high bits, no reason from the copy.
    const codes = Uint32Array.from([0, withheldCode(0, 2)]);
    await spotsInParts(addresses, addReasons(second, codes));
    expect([...codes].map((c) => reasonIn(c))).toEqual([null, 'complaint']);
    expect(ruleIn(codes[1] as number)).toBe(2);
  });

  it('keeps accounts apart', async () => {
    const { store } = await freshStore();
    const mine = await computer(store);
    const theirs = await computer(store, { account: 'key-ffffffffffffffffffffffffffffffff' });
    await mine.add([row('a@example.com')], 'mine.csv');
    expect([...(await theirs.reasonsOf(spotsOf(['a@example.com'])))]).toEqual([0]);
    expect(await theirs.get('a@example.com')).toBeNull();
    expect(await theirs.sources()).toEqual([]);
  }, 60_000);

  it('finds exactly the listed addresses among many', async () => {
    const { store } = await freshStore();
    const list = await computer(store);
    const listed = Array.from({ length: 30_000 }, (_, i) => `listed${i}@example.com`);
    const rows = listed.map((address, i) =>
      row(address, { reason: i % 2 ? 'unsubscribe' : 'complaint', date: null }),
    );
    expect(await list.add(rows, 'big.csv')).toEqual({ added: 30_000, replaced: 0 });
    const asked = Array.from({ length: 50_000 }, (_, i) =>
      i % 2 ? `listed${i}@example.com` : `other${i}@example.com`,
    );
    const started = performance.now();
    const reasons = await list.reasonsOf(spotsOf(asked));
    const ms = performance.now() - started;
    let found = 0;
    asked.forEach((address, i) => {
      const n = Number(address.slice(address.startsWith('listed') ? 6 : 5).split('@')[0]);
      const want = address.startsWith('listed') && n < 30_000 ? (n % 2 ? 4 : 3) : 0;
      expect(reasons[i]).toBe(want);
      if (want) found += 1;
    });
    expect(found).toBe(15_000);
    console.log(`team suppression: 50,000 addresses looked up in ${ms.toFixed(0)} ms`);
  }, 120_000);

  it('answers from the copy while the store is halted, says so once, and loses nothing', async () => {
    const { store } = await freshStore();
    const notices: string[] = [];
    const list = await computer(store, { notices });
    await list.add([row('kept@example.com', { reason: 'unsubscribe' })], 'before.csv');

    // The test server commits without waiting for its log (pg-server.ts): written down first.
    await server.admin('CHECKPOINT');
    await server.halt();
    try {
      const spots = spotsOf(['kept@example.com', 'other@example.com']);
      expect([...(await list.reasonsOf(spots))]).toEqual([4, 0]);
      expect([...(await list.reasonsOf(spots))]).toEqual([4, 0]);
      expect((await list.get('kept@example.com'))?.source).toBe('before.csv');
      expect(notices).toHaveLength(1);
      // The same words as every other part of the process that loses the store.
      expect(notices[0]).toMatch(
        /^lost: .*Meanwhile jobs go on with this computer’s own memory and limits/,
      );
      // A change the store cannot take is refused, and says so; nothing is half done.
      await expect(list.add([row('new@example.com')], 'during.csv')).rejects.toThrow(
        /could not be changed .*Try again once the team store can be reached/,
      );
      await expect(list.remove('kept@example.com')).rejects.toThrow(/still suppressed/);
    } finally {
      await server.restart();
    }
    // Back: the store has what it had; the refused add is nowhere.
    const again = await computer(store, { notices });
    expect([...(await again.reasonsOf(spotsOf(['kept@example.com', 'new@example.com'])))]).toEqual([
      4, 0,
    ]);
    expect((await list.sources()).map((source) => source.name)).toEqual(['before.csv']);
    expect(notices.at(-1)).toMatch(/^back: /);
    expect(await list.count()).toBe(1);
  }, 90_000);
});
