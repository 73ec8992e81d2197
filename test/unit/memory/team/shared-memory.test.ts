// The account's memory shared through a team store: jobs against the sandbox,
// answers pushed to and pulled from a real PostgreSQL this file starts. A
// colleague's paid answers are free for the next job, accounts never mix, the
// store stopped mid-job loses nothing (its outbox drains once it is back),
// and a store out of reach leaves the job to this computer's memory, said once.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJobs, type Jobs } from '../../../../electron/jobs/jobs';
import { sandboxProviderDomains } from '../../../../electron/common/catalogs/providers';
import { teamAddressHash } from '../../../../electron/team/address-key';
import { migrate } from '../../../../electron/team/migrations';
import { openTeamStore, type TeamStore } from '../../../../electron/team/store';
import { outboxDir } from '../../../../electron/memory/team/outbox';
import { openTeamMemory } from '../../../../electron/memory/team/team-memory';
import { openOutcomeMemory } from '../../../../electron/memory/outcome-memory';
import {
  addresses,
  expectComplete,
  setup,
  waitFor,
  writeList,
  type Bench,
} from '../../jobs/support';
import { startPgServer, type PgServer } from '../../team/pg-server';

const PASSWORD = 'team-pw-7c1e';
const ACCOUNT = 'key-0123456789abcdef0123456789abcdef';
let server: PgServer;
const stores: TeamStore[] = [];

beforeAll(async () => {
  server = await startPgServer();
  await server.createUser('team', PASSWORD);
}, 60_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await server?.stop();
}, 30_000);

let databases = 0;
async function freshStore(connectTimeoutMs = 10_000): Promise<{ store: TeamStore; db: string }> {
  databases += 1;
  const db = `shared_${databases}`;
  await server.admin(`CREATE DATABASE ${db} OWNER team`);
  const store = await openTeamStore({
    url: server.url('team', db),
    password: PASSWORD,
    connectTimeoutMs,
  });
  stores.push(store);
  // Set up as the app's or the command line's process sets it up when it first opens it.
  await store.withClient((client) => migrate(client));
  return { store, db };
}

/** The jobs core on its own data folder (a colleague's computer), sharing `store`. */
async function colleague(
  bench: Bench,
  store: TeamStore | null,
  options: { account?: string; notices?: string[]; dataDir?: string } = {},
): Promise<{ jobs: Jobs; dataDir: string }> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'lc-colleague-')));
  const client = bench.client();
  const jobs = await openJobs({
    dataDir,
    client: () => client,
    knownProviders: sandboxProviderDomains,
    memory: { account: options.account ?? ACCOUNT },
    team: async () => store,
    teamRetry: { firstMs: 20, maxMs: 200 },
    onTeamNotice: (message) => options.notices?.push(message),
  });
  return { jobs, dataDir };
}

async function run(jobs: Jobs, path: string) {
  const { job } = await jobs.importFile(path);
  await jobs.start(job.id, 'email');
  return jobs.finished(job.id);
}

async function storedFor(db: string, account: string): Promise<number> {
  const result = await server.admin(
    `SELECT count(*)::int AS n FROM answers
      WHERE account_id = (SELECT id FROM accounts WHERE name = $1)`,
    db,
    [account],
  );
  return (result.rows[0] as { n: number }).n;
}

/** Addresses the sandbox answers deliverable or undeliverable (never unknown: those are not kept). */
const list = (n: number, tag: string) =>
  addresses(n, (i) => (i % 2 ? `user${i}.${tag}@example.com` : `nobody${i}.${tag}@example.com`));

describe('answers shared through the team store', () => {
  it('a colleague pays nothing for a list cleaned on another computer', async () => {
    const bench = await setup({ checkLedger: false });
    const { store, db } = await freshStore();
    const first = await colleague(bench, store);
    const second = await colleague(bench, store);
    onCleanup(first.dataDir, second.dataDir);
    const path = await writeList(bench, 'shared.csv', list(300, 'a'));

    const done = await run(first.jobs, path);
    expectComplete(done);
    expect(done.paid).toBeGreaterThan(0);
    await first.jobs.settleTeam(10_000);
    expect(await storedFor(db, ACCOUNT)).toBe(done.paid);
    // Only hashes reach the store: no address, no key.
    const raw = await server.admin('SELECT * FROM answers LIMIT 5', db);
    expect(JSON.stringify(raw.rows)).not.toContain('example.com');
    const hash = teamAddressHash('user1.a@example.com');
    const row = await server.admin('SELECT status FROM answers WHERE addr_hash = $1', db, [hash]);
    expect(row.rows).toHaveLength(1);

    // What the claims' waiting asks for: a few addresses pulled now.
    const third = await mkdtemp(join(tmpdir(), 'lc-colleague-'));
    onCleanup(third);
    const memory = await openOutcomeMemory(third, { account: ACCOUNT });
    const team = openTeamMemory({
      store,
      account: ACCOUNT,
      dataDir: third,
      memory: async () => memory,
    });
    expect(memory.recall('email', 'user1.a@example.com', 30)).toBeNull();
    await team.pullAddresses(['user1.a@example.com', 'nobody@elsewhere.example']);
    expect(memory.recall('email', 'user1.a@example.com', 30)?.outcome.status).toBe('deliverable');
    expect(memory.size()).toBe(1);
    await team.close();
    await memory.close();

    const spent = bench.sandbox.ledger.spent(bench.key);
    const again = await run(second.jobs, path);
    expectComplete(again);
    expect(again.paid).toBe(0);
    expect(again.reused).toBe(done.paid);
    expect(bench.sandbox.ledger.spent(bench.key)).toBe(spent);
    await Promise.all([first.jobs.stop(), second.jobs.stop()]);
  }, 60_000);

  it('never gives one account the answers of another', async () => {
    const bench = await setup({ checkLedger: false });
    const { store, db } = await freshStore();
    const first = await colleague(bench, store);
    const other = await colleague(bench, store, {
      account: 'key-ffffffffffffffffffffffffffffffff',
    });
    onCleanup(first.dataDir, other.dataDir);
    const path = await writeList(bench, 'mine.csv', list(120, 'b'));
    const done = await run(first.jobs, path);
    await first.jobs.settleTeam(10_000);
    expect(await storedFor(db, ACCOUNT)).toBe(done.paid);

    const theirs = await run(other.jobs, path);
    expectComplete(theirs);
    expect(theirs.reused).toBe(0);
    expect(theirs.paid).toBe(done.paid);
    await other.jobs.settleTeam(10_000);
    expect(await storedFor(db, 'key-ffffffffffffffffffffffffffffffff')).toBe(theirs.paid);
    await Promise.all([first.jobs.stop(), other.jobs.stop()]);
  }, 60_000);

  it('loses nothing when the store stops mid-job, and drains the outbox once it is back', async () => {
    // Multi checks slowed down: the job runs a few seconds, its answers kept every two.
    const bench = await setup({ checkLedger: false, config: { checkLatencyMs: 250 } });
    const { store, db } = await freshStore(1_000);
    const notices: string[] = [];
    const first = await colleague(bench, store, { notices });
    onCleanup(first.dataDir);
    const path = await writeList(bench, 'mid.csv', list(900, 'c'));
    const { job } = await first.jobs.importFile(path);
    await first.jobs.start(job.id, 'email');
    await waitFor('the first answers', async () => (await first.jobs.get(job.id)).checked > 0);
    await server.halt();
    let restarted = false;
    try {
      const done = await first.jobs.finished(job.id);
      expectComplete(done);
      await waitFor('the notice', () => notices.length > 0, 20_000);
      // The answers wait on disk while the store is away.
      const waiting = (await first.jobs.team())?.waiting ?? 0;
      expect(waiting).toBeGreaterThan(0);
      expect(await readdir(outboxDir(first.dataDir, ACCOUNT))).not.toHaveLength(0);
      await server.restart();
      restarted = true;
      await waitFor(
        'the outbox to drain',
        async () => (await first.jobs.team())?.waiting === 0,
        30_000,
      );
      expect(await storedFor(db, ACCOUNT)).toBe(done.paid);
      // Said once while away (and once when back), however many pushes failed.
      expect(notices.filter((n) => n.includes('cannot be reached'))).toHaveLength(1);
      expect(notices.at(-1)).toContain('reached again');
    } finally {
      if (!restarted) await server.restart();
    }
    await first.jobs.stop();
  }, 90_000);

  it('finishes on the local memory when the store cannot be reached, and says so once', async () => {
    const bench = await setup({ checkLedger: false });
    // A port nothing listens on.
    const store = await openTeamStore({
      url: `postgres://team@127.0.0.1:1/none`,
      password: PASSWORD,
      connectTimeoutMs: 500,
    });
    stores.push(store);
    const notices: string[] = [];
    const first = await colleague(bench, store, { notices });
    onCleanup(first.dataDir);
    const path = await writeList(bench, 'alone.csv', list(150, 'd'));
    const done = await run(first.jobs, path);
    expectComplete(done);
    // The local memory still serves the next job.
    const again = await run(first.jobs, path);
    expect(again.paid).toBe(0);
    await waitFor('the notice', () => notices.length > 0);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/cannot be reached.*this computer's memory/);
    expect((await first.jobs.team())?.waiting).toBe(done.paid);
    await first.jobs.stop();
  }, 60_000);
});

function onCleanup(...dirs: string[]): void {
  afterAllDirs.push(...dirs);
}
const afterAllDirs: string[] = [];
afterAll(async () => {
  await Promise.all(afterAllDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
