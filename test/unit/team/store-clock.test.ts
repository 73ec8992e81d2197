// The team store's clock and bounds (issue 44), against a real PostgreSQL
// this file starts for itself: colleagues whose clocks run 400 days ahead and
// 45 days behind (libfaketime, in a process of their own) write answers the
// store dates by its own clock, which a colleague with the right clock reuses
// and can replace; a row written straight into a table with a date ahead, or
// a lease of a year, is held to the store's clock; a slot function another
// session blocks costs a request the lock timeout, after which it goes on
// with the data folder's limits, said once; the migration's lock held by a
// stuck session stops no one once the schema is up to date.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onTeamNotice, tellClockSkew } from '../../../electron/coordination/notices';
import { sharingFor } from '../../../electron/coordination/sharing';
import { takeSharedSlot } from '../../../electron/coordination/slots';
import { pullAnswers, pushAnswers } from '../../../electron/memory/team/answers';
import { accountIdOf } from '../../../electron/team/accounts';
import { currentTeamStore } from '../../../electron/team/current';
import { MIGRATION_LOCK, MIGRATIONS, migrate } from '../../../electron/team/migrations';
import { openTeamStore, type TeamStore } from '../../../electron/team/store';
import { cli } from '../jobs/support';
import { ADMIN, ADMIN_PASSWORD, startPgServer, type PgServer } from './pg-server';

const run = promisify(execFile);
const PASSWORD = 'clock-Pw-44';
const MEMBER_PASSWORD = 'member-Pw-44';
const DAY_S = 86_400;
const ACCOUNT = `key-${'4'.repeat(32)}`;
/** Where Debian's faketime package puts the library its command preloads. */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

let server: PgServer;
const opened: TeamStore[] = [];

beforeAll(async () => {
  server = await startPgServer();
  await server.createUser('team', PASSWORD);
  await server.createUser('member', MEMBER_PASSWORD);
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await server?.stop();
}, 30_000);

let databases = 0;
/** A store of its own, set up by its owner as the first process to open it does. */
async function freshStore(): Promise<{ store: TeamStore; database: string; url: string }> {
  databases += 1;
  const database = `clock_${databases}`;
  await server.admin(`CREATE DATABASE ${database} OWNER team`);
  const url = server.url('team', database);
  const store = await openTeamStore({ url, password: PASSWORD });
  opened.push(store);
  await store.withClient((client) => migrate(client));
  return { store, database, url };
}

const hash = (n: number) => n.toString(16).padStart(32, '0');

interface MemberSaw {
  nowSeconds: number;
  skew: { offsetMs: number; hereMs: number; storeMs: number } | null;
  pulled: { hash: string; status: string; answeredAt: number }[];
}

/** A colleague's process whose clock is moved by `shift` (libfaketime: "+400d", "-45d"). */
async function colleague(
  shift: string,
  url: string,
  job: { push: { hash: string; status: string }[]; pull: string[] },
): Promise<MemberSaw> {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const script = join(import.meta.dirname, 'skewed-member.ts');
  const { stdout } = await run('faketime', ['-f', shift, tsx, script], {
    env: {
      ...process.env,
      LC_MEMBER: JSON.stringify({ url, password: PASSWORD, account: ACCOUNT, ...job }),
    },
    timeout: 60_000,
  });
  return JSON.parse(stdout) as MemberSaw;
}

/** How long ago the store dated each answer of the account, by its own clock. */
async function agesInStore(database: string): Promise<Record<string, number>> {
  const { rows } = await server.admin(
    `SELECT encode(addr_hash, 'hex') AS hash, extract(epoch FROM now() - answered_at)::float8 AS age
       FROM answers ORDER BY 1`,
    database,
  );
  return Object.fromEntries((rows as { hash: string; age: number }[]).map((r) => [r.hash, r.age]));
}

describe("the store's clock", () => {
  it('dates the answers of colleagues 400 days ahead and 45 days behind by its own clock: a colleague with the right clock reuses them, and replaces one with a newer answer', async () => {
    const { store, database, url } = await freshStore();
    const accountId = await store.withClient((c) => accountIdOf(c, ACCOUNT));
    // Answered here a moment ago, by a clock that is right.
    await store.withClient((c) =>
      pushAnswers(c, accountId, [
        {
          hash: Buffer.from(hash(3), 'hex'),
          product: 'email',
          outcome: { status: 'deliverable' },
          answeredAt: Date.now() / 1000,
        },
      ]),
    );
    const ahead = await colleague('+400d', url, {
      push: [{ hash: hash(1), status: 'undeliverable' }],
      pull: [hash(3)],
    });
    const behind = await colleague('-45d', url, {
      push: [{ hash: hash(2), status: 'deliverable' }],
      pull: [hash(3)],
    });

    // Each measured its clock against the store's, and would be told.
    expect((ahead.skew?.offsetMs ?? 0) / 1000 / DAY_S).toBeCloseTo(-400, 1);
    expect((behind.skew?.offsetMs ?? 0) / 1000 / DAY_S).toBeCloseTo(45, 1);
    // Their answers are dated by the store: given moments ago, not 400 days ahead nor 45 back.
    const ages = await agesInStore(database);
    for (const h of [hash(1), hash(2), hash(3)]) {
      expect(ages[h]).toBeGreaterThanOrEqual(0);
      expect(ages[h]).toBeLessThan(120);
    }
    // A colleague's answer pulled is as old on their clock as it is in the store: fresh.
    for (const saw of [ahead, behind]) {
      expect(saw.pulled).toHaveLength(1);
      expect(saw.nowSeconds - (saw.pulled[0]?.answeredAt ?? 0)).toBeLessThan(120);
    }

    // Here, the right clock: both answers come within a 30-day window, fresh, so they are
    // reused rather than paid for again.
    const query = (hashes: string[]) => ({
      hashes: Buffer.from(hashes.join(''), 'hex'),
      emailSince: new Uint32Array(hashes.length),
      avatarSince: new Uint32Array(hashes.length),
    });
    const now = Date.now() / 1000;
    const pulled = await store.withClient((c) =>
      pullAnswers(c, accountId, query([hash(1), hash(2)]), now - 30 * DAY_S),
    );
    expect(pulled.map((p) => [p.index, p.outcome.status])).toEqual([
      [0, 'undeliverable'],
      [1, 'deliverable'],
    ]);
    for (const p of pulled) expect(now - p.answeredAt).toBeLessThan(120);

    // The colleague 400 days ahead no longer holds an answer no real, newer one can replace.
    await store.withClient((c) =>
      pushAnswers(c, accountId, [
        {
          hash: Buffer.from(hash(1), 'hex'),
          product: 'email',
          outcome: { status: 'deliverable' },
          answeredAt: Date.now() / 1000,
        },
      ]),
    );
    const again = await store.withClient((c) =>
      pullAnswers(c, accountId, query([hash(1)]), now - 30 * DAY_S),
    );
    expect(again.map((p) => p.outcome.status)).toEqual(['deliverable']);

    // Said once, with both clocks, and the work goes on.
    const said: string[] = [];
    const stop = onTeamNotice((message, kind) => said.push(`${kind}: ${message}`));
    try {
      if (ahead.skew) tellClockSkew(ahead.skew);
    } finally {
      stop();
    }
    const aheadDay = new Date(ahead.skew?.hereMs ?? 0).toISOString().slice(0, 10);
    const storeDay = new Date().toISOString().slice(0, 10);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      new RegExp(
        `^clock: This computer’s clock reads ${aheadDay} \\d\\d:\\d\\d UTC; the team store’s reads ${storeDay} \\d\\d:\\d\\d UTC\\. The team store dates what it keeps by its own clock, so jobs go on as usual`,
      ),
    );
  }, 120_000);

  it('holds a row written straight into a table to its clock: an answer dated 2100, a lease of a year, a claim answered in 2100, a summary from the future', async () => {
    const { store, database } = await freshStore();
    await store.withClient((c) => accountIdOf(c, ACCOUNT));
    // A member with every right on the tables, as one shared login had: still held by the store.
    await server.admin(
      'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO member',
      database,
    );
    const member = new pg.Client({
      host: '127.0.0.1',
      port: server.port,
      user: 'member',
      password: MEMBER_PASSWORD,
      database,
    });
    await member.connect();
    try {
      await member.query(
        `INSERT INTO answers (account_id, product, status, answered_at, addr_hash)
         SELECT id, 0, 2, '2100-01-01', '\\x${hash(9)}'::bytea FROM accounts`,
      );
      await member.query(
        `INSERT INTO slots (account, kind, slot, holder, expires_at, ticket)
         VALUES ($1, 'single', 0, 'hog', now() + interval '1 year', 'hog#1')`,
        [ACCOUNT],
      );
      await member.query(
        `INSERT INTO slot_queue (account, ticket, holder, kind, since, expires_at)
         VALUES ($1, 'hog#2', 'hog', 'single', '1970-01-01', now() + interval '1 year')`,
        [ACCOUNT],
      );
      await member.query(
        `INSERT INTO claims (account, addr_hash, holder, product, expires_at, status, answered_at)
         VALUES ($1, '\\x${hash(9)}'::bytea, 'hog/run', 'email', now() + interval '1 year', 2, '2100-01-01')`,
        [ACCOUNT],
      );
      await member.query(
        `INSERT INTO job_summaries (account, id, list_name, os_user, machine, product, finished_at, counts)
         VALUES ($1, 'j', 'l.csv', 'hog', 'pc', 'email', '2100-01-01', '{}')`,
        [ACCOUNT],
      );
      // Only the table's owner may turn the store's clock off.
      await expect(
        member.query('ALTER TABLE answers DISABLE TRIGGER answers_dated'),
      ).rejects.toThrow(/must be owner/);
    } finally {
      await member.end();
    }
    const { rows } = await server.admin(
      `SELECT (SELECT extract(epoch FROM now() - answered_at) FROM answers)::float8 AS answer_age,
              (SELECT extract(epoch FROM expires_at - now()) FROM slots)::float8 AS slot_lease,
              (SELECT extract(epoch FROM expires_at - now()) FROM slot_queue)::float8 AS queue_lease,
              (SELECT extract(epoch FROM now() - since) FROM slot_queue)::float8 AS queue_wait,
              (SELECT extract(epoch FROM now() - answered_at) FROM claims)::float8 AS claim_age,
              (SELECT extract(epoch FROM expires_at - now()) FROM claims)::float8 AS claim_kept,
              (SELECT extract(epoch FROM now() - finished_at) FROM job_summaries)::float8 AS summary_age`,
      database,
    );
    const held = rows[0] as Record<string, number>;
    for (const age of [held.answer_age, held.queue_wait, held.claim_age, held.summary_age]) {
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(60);
    }
    expect(held.slot_lease).toBeLessThanOrEqual(60);
    expect(held.queue_lease).toBeLessThanOrEqual(60);
    expect(held.claim_kept).toBeLessThanOrEqual(600);
  });
});

describe('migration 6', () => {
  it('brings what an earlier build dated ahead back to the store’s clock, so a real answer replaces it', async () => {
    databases += 1;
    const database = `clock_${databases}`;
    await server.admin(`CREATE DATABASE ${database} OWNER team`);
    const store = await openTeamStore({ url: server.url('team', database), password: PASSWORD });
    opened.push(store);
    await store.withClient((c) => migrate(c, MIGRATIONS.slice(0, 5)));
    // At schema 5 the owner numbers the account itself (the function comes with migration 7).
    const { rows: made } = await server.admin(
      'INSERT INTO accounts (name) VALUES ($1) RETURNING id',
      database,
      [ACCOUNT],
    );
    const accountId = (made[0] as { id: number }).id;
    // Schema 5, as a colleague's clock 75 years ahead (or a forger) left it.
    await server.admin(
      `INSERT INTO answers (account_id, product, status, answered_at, addr_hash)
       VALUES ($1, 0, 2, '2100-01-01', '\\x${hash(7)}'::bytea)`,
      database,
      [accountId],
    );
    await server.admin(
      `INSERT INTO slots (account, kind, slot, holder, expires_at, ticket)
       VALUES ($1, 'single', 0, 'hog', '2100-01-01', 'hog#1')`,
      database,
      [ACCOUNT],
    );
    await store.withClient((c) => migrate(c));
    const ages = await agesInStore(database);
    expect(ages[hash(7)]).toBeGreaterThanOrEqual(0);
    expect(ages[hash(7)]).toBeLessThan(60);
    const { rows } = await server.admin(
      'SELECT extract(epoch FROM expires_at - now())::float8 AS lease FROM slots',
      database,
    );
    expect((rows[0] as { lease: number }).lease).toBeLessThanOrEqual(60);
    await store.withClient((c) =>
      pushAnswers(c, accountId, [
        {
          hash: Buffer.from(hash(7), 'hex'),
          product: 'email',
          outcome: { status: 'deliverable' },
          answeredAt: Date.now() / 1000,
        },
      ]),
    );
    const { rows: now } = await server.admin('SELECT status FROM answers', database);
    expect(now).toEqual([{ status: 1 }]);
  });
});

describe("a clock off the store's, on the command line", () => {
  it('says it in one line on stderr, and the status goes on', async () => {
    const { url } = await freshStore();
    const result = await cli(['team', 'status'], {
      LIST_CLEANER_API_KEY: 'team-clock-test-key',
      LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9',
      LIST_CLEANER_DATA_DIR: await mkdtemp(join(tmpdir(), 'lc-clock-cli-')),
      LIST_CLEANER_TEAM_URL: url,
      LIST_CLEANER_TEAM_PASSWORD: PASSWORD,
      // libfaketime, as the faketime command sets it: this process's clock 45 days behind.
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME: '-45d',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Answers for this account: 0');
    const told = result.stderr.split('\n').filter((l) => l.includes('clock'));
    expect(told).toEqual([
      expect.stringMatching(
        /^This computer’s clock reads \d{4}-\d\d-\d\d \d\d:\d\d UTC; the team store’s reads \d{4}-\d\d-\d\d \d\d:\d\d UTC\. /,
      ),
    ]);
  }, 60_000);
});

describe('bounds', () => {
  it('holds a lease asked for as long as a request can ask (24 days) to 60 s', async () => {
    const { store, database } = await freshStore();
    const taken = await store.withLeaseClient((c) =>
      c.query('SELECT list_cleaner_take_slot($1, $2, $3, $4, $5, $6, $7, $8) AS taken', [
        ACCOUNT,
        'greedy#1',
        'greedy',
        'multi',
        2_147_483_647,
        2_147_483_647,
        5,
        1,
      ]),
    );
    expect(taken.rows).toEqual([{ taken: true }]);
    const { rows } = await server.admin(
      `SELECT kind, extract(epoch FROM expires_at - now())::float8 AS lease FROM slots ORDER BY kind`,
      database,
    );
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(['multi', 'single']);
    for (const r of rows as { lease: number }[]) {
      expect(r.lease).toBeGreaterThan(50);
      expect(r.lease).toBeLessThanOrEqual(60);
    }
  });

  it('goes on with the data folder’s limits when another session blocks the slot function, and says so once', async () => {
    const { store, database } = await freshStore();
    const blocker = new pg.Client({
      host: '127.0.0.1',
      port: server.port,
      user: ADMIN,
      password: ADMIN_PASSWORD,
      database,
    });
    await blocker.connect();
    const said: string[] = [];
    const stop = onTeamNotice((message, kind) => said.push(`${kind}: ${message}`));
    try {
      // The lock every take of this account's slots waits for, held and never let go.
      await blocker.query(
        "SELECT pg_advisory_lock(hashtextextended('list-cleaner slots ' || $1, 0))",
        [ACCOUNT],
      );
      const sharing = sharingFor({
        dataDir: await mkdtemp(join(tmpdir(), 'lc-blocked-')),
        account: ACCOUNT,
        team: async () => store,
      });
      const first = await takeSharedSlot(sharing, 'single');
      const second = await takeSharedSlot(sharing, 'multi');
      first();
      second();
      expect((await sharing.backend()).where).toBe('data folder');
      expect(said).toEqual([
        expect.stringMatching(
          /^lost: The team store at team@127\.0\.0\.1:\d+\/clock_\d+ did not finish a request within its time limit: another session may be holding what the request needs, or the server is busy\. Meanwhile jobs go on with this computer’s own memory and limits/,
        ),
      ]);
      // Nothing is left waiting on the store: the lock timeout ended the wait.
      const waiting = await server.admin(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
        'postgres',
        [database],
      );
      expect(waiting.rows).toEqual([{ n: 0 }]);
    } finally {
      stop();
      await blocker.end();
    }
  });

  it('opens a store that is up to date while a stuck session holds the migration lock', async () => {
    const { database, url } = await freshStore();
    const stuck = new pg.Client({
      host: '127.0.0.1',
      port: server.port,
      user: ADMIN,
      password: ADMIN_PASSWORD,
      database,
    });
    await stuck.connect();
    const current = currentTeamStore({ saved: async () => ({ url, password: PASSWORD }) });
    try {
      await stuck.query('BEGIN');
      await stuck.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const store = await current.get();
      expect(await store?.status(ACCOUNT)).toMatchObject({ answers: 0 });
    } finally {
      await current.close();
      await stuck.end();
    }
  });
});
