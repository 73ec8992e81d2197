// Least privilege in the team store (issue 44, migration 7), against a real
// PostgreSQL this file starts for itself. The store's owner sets it up; the
// administrator makes the members' group and a login per person, as the
// README says; members then reach the store only through its functions. A
// member's own connection is refused every direct write (an UPDATE or DELETE
// of history, an INSERT with a past date), cannot touch a colleague's rows
// through the functions either, and what it removes from the suppression
// list or changes in the answers is kept in the audit, which `team audit`
// prints in words and JSON. Migration 7 applies once under concurrency over
// a store at schema 6 that holds data, and keeps the data.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamCoordination } from '../../../electron/coordination/team';
import { readAudit } from '../../../electron/history/audit';
import { pushSummary, readHistory, type JobSummary } from '../../../electron/history/team';
import { memoryAccountOf } from '../../../electron/lib/account-name';
import { pushAnswers } from '../../../electron/memory/team/answers';
import {
  removeAddress,
  removeSourceNamed,
  sourceIdOf,
  upsert,
} from '../../../electron/suppression/team-rows';
import { accountIdOf } from '../../../electron/team/accounts';
import { teamAddressHash } from '../../../electron/team/address-key';
import { KNOWN_VERSION, MIGRATIONS, migrate } from '../../../electron/team/migrations';
import { openTeamStore, type TeamStore } from '../../../electron/team/store';
import { cli } from '../jobs/support';
import { startPgServer, type PgServer } from './pg-server';

const OWNER_PASSWORD = 'owner-Pw-44';
const PASSWORDS = { alice: 'alice-Pw-44', bob: 'bob-Pw-44' } as const;
type Member = keyof typeof PASSWORDS;
const API_KEY = 'least-privilege-test-key';
const ACCOUNT = memoryAccountOf(API_KEY);
const LIMITS = { maxInFlight: 5, maxMulti: 1 };

let server: PgServer;
const opened: TeamStore[] = [];

beforeAll(async () => {
  server = await startPgServer();
  // The owner, as a team's administrator would make it: no right to make roles.
  await server.createUser('team', OWNER_PASSWORD);
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await server?.stop();
}, 30_000);

let databases = 0;
async function freshDatabase(): Promise<string> {
  databases += 1;
  const database = `least_${databases}`;
  await server.admin(`CREATE DATABASE ${database} OWNER team`);
  return database;
}

async function open(database: string, user: Member | 'team' = 'team'): Promise<TeamStore> {
  const password = user === 'team' ? OWNER_PASSWORD : PASSWORDS[user];
  const store = await openTeamStore({ url: server.url(user, database), password });
  opened.push(store);
  return store;
}

/** A connection of a member's own, as psql with the member's password would be. */
async function raw(database: string, user: Member): Promise<pg.Client> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: server.port,
    user,
    password: PASSWORDS[user],
    database,
  });
  await client.connect();
  return client;
}

/** The error code a statement fails with ('' when it does not fail). */
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => '',
    (e: unknown) => String((e as { code?: unknown }).code),
  );

const summary = (id: string, osUser: string): JobSummary => ({
  id,
  listName: `${id}.csv`,
  osUser,
  machine: `${osUser}-pc`,
  product: 'email',
  finishedAt: new Date().toISOString(),
  counts: {
    rows: 3,
    unique: 3,
    deliverable: 2,
    undeliverable: 1,
    unknown: 0,
    invalid: 0,
    duplicates: 0,
    reused: 0,
    paid: 3,
  },
  chargedMicros: 3_000,
});

/** The administrator's lines from the README: the members' group, and a login per person in it. */
async function makeMembers(): Promise<void> {
  const made = await server.admin("SELECT 1 FROM pg_roles WHERE rolname = 'list_cleaner_member'");
  if (made.rows.length > 0) return;
  await server.admin('CREATE ROLE list_cleaner_member NOLOGIN');
  for (const [name, password] of Object.entries(PASSWORDS)) {
    await server.admin(
      `CREATE ROLE ${name} LOGIN PASSWORD '${password}' IN ROLE list_cleaner_member`,
    );
  }
}

/** The store set up by its owner, with the members' group and alice and bob in it (README). */
async function storeWithMembers(): Promise<string> {
  await makeMembers();
  const database = await freshDatabase();
  const owner = await open(database);
  await owner.test();
  return database;
}

describe('the members’ group', () => {
  it('is made by the administrator after the owner set the store up; the owner’s next test admits it, and the app says who is connected as what', async () => {
    const database = await freshDatabase();
    const owner = await open(database);
    // Set up by an owner who may not make roles: the store works, no member is admitted yet.
    expect(await owner.test()).toMatchObject({
      role: 'owner',
      member: 'team',
      canReadWrite: true,
      schemaVersion: KNOWN_VERSION,
    });
    await makeMembers();
    const alice = await open(database, 'alice');
    // Not admitted yet: told in words what to ask for.
    await expect(alice.test()).rejects.toThrow(
      `The team store alice@127.0.0.1:${server.port}/${database} does not let alice use List Cleaner’s functions: ask its administrator to add alice to list_cleaner_member`,
    );
    await owner.test();
    expect(await alice.test()).toMatchObject({
      role: 'member',
      member: 'alice',
      canReadWrite: true,
      canCreateTables: false,
      migrated: [],
    });
    expect(await alice.status(ACCOUNT)).toMatchObject({
      role: 'member',
      member: 'alice',
      answers: 0,
      schemaVersion: KNOWN_VERSION,
    });
  });
});

describe('a member', () => {
  it('is refused every direct write: history updated, deleted or inserted with a past date, answers dated in the past, even a read', async () => {
    const database = await storeWithMembers();
    const alice = await open(database, 'alice');
    await alice.withClient((c) => pushSummary(c, ACCOUNT, summary('job-a', 'alice')));
    const accountId = await alice.withClient((c) => accountIdOf(c, ACCOUNT));
    const client = await raw(database, 'alice');
    try {
      const refused = {
        update: await refusal(
          client.query("UPDATE job_summaries SET charged_micros = 0, finished_at = '2020-01-01'"),
        ),
        delete: await refusal(client.query('DELETE FROM job_summaries')),
        pastSummary: await refusal(
          client.query(
            `INSERT INTO job_summaries (account, id, list_name, os_user, machine, product, finished_at, counts)
             VALUES ($1, 'old', 'old.csv', 'alice', 'pc', 'email', '2020-01-01', '{}')`,
            [ACCOUNT],
          ),
        ),
        pastAnswer: await refusal(
          client.query(
            `INSERT INTO answers (account_id, product, status, answered_at, addr_hash)
             VALUES ($1, 0, 2, '2020-01-01', '\\x00000000000000000000000000000001'::bytea)`,
            [accountId],
          ),
        ),
        read: await refusal(client.query('SELECT * FROM suppression')),
        admit: await refusal(client.query('SELECT list_cleaner_admit_members()')),
        dropTrigger: await refusal(
          client.query('ALTER TABLE answers DISABLE TRIGGER answers_dated'),
        ),
      };
      expect(refused).toEqual({
        update: '42501',
        delete: '42501',
        pastSummary: '42501',
        pastAnswer: '42501',
        read: '42501',
        admit: '42501',
        dropTrigger: '42501',
      });
    } finally {
      await client.end();
    }
    const history = await alice.withClient((c) =>
      readHistory(c, ACCOUNT, { offset: 0, limit: 10 }),
    );
    expect(history.summaries.map((s) => [s.id, s.chargedMicros])).toEqual([['job-a', 3_000]]);
    expect(Math.abs(Date.parse(history.summaries[0]?.finishedAt ?? '') - Date.now())).toBeLessThan(
      5_000,
    );
  });

  it('cannot write a colleague’s rows through the functions: history, slots, claims', async () => {
    const database = await storeWithMembers();
    const alice = await open(database, 'alice');
    const bob = await open(database, 'bob');
    await alice.withClient((c) => pushSummary(c, ACCOUNT, summary('job-a', 'alice')));
    // Bob sends a summary under Alice's job's id: hers stays as she sent it.
    expect(
      await bob.withClient((c) =>
        pushSummary(c, ACCOUNT, { ...summary('job-a', 'bob'), chargedMicros: 0 }),
      ),
    ).toBe(false);
    const kept = await server.admin(
      'SELECT os_user, charged_micros::int AS charged, member FROM job_summaries',
      database,
    );
    expect(kept.rows).toEqual([{ os_user: 'alice', charged: 3_000, member: 'alice' }]);

    const aliceSide = teamCoordination(alice, ACCOUNT, LIMITS);
    const bobSide = teamCoordination(bob, ACCOUNT, LIMITS);
    const hash = teamAddressHash('ann@example.com');
    expect(await aliceSide.takeSlot('alice#1', 'alice-pc:1:a', 'single', Date.now())).toBe(true);
    expect(await aliceSide.claim('alice-pc:1:a/run', 'email', [hash], 0)).toEqual([
      { kind: 'mine' },
    ]);
    // Bob names Alice's ticket and run: nothing of hers moves.
    await bobSide.releaseSlot('alice#1');
    await bobSide.letGo('alice-pc:1:a/run');
    await bobSide.settle('alice-pc:1:a/run', [
      {
        hash,
        answer: {
          product: 'email',
          status: 'undeliverable',
          provider: null,
          avatar: null,
          avatarUrl: null,
          answeredAtMs: Date.now(),
        },
      },
    ]);
    expect(await bobSide.claim('alice-pc:1:a/run', 'email', [hash], 0)).toEqual([{ kind: 'held' }]);
    const rows = await server.admin(
      `SELECT (SELECT array_agg(member) FROM slots) AS slots,
              (SELECT array_agg(member || ':' || holder || ':' || coalesce(status::text, '-')) FROM claims) AS claims`,
      database,
    );
    expect(rows.rows).toEqual([{ slots: ['alice'], claims: ['alice:alice-pc:1:a/run:-'] }]);
  });
});

describe('the audit', () => {
  it('keeps each suppression entry removed (by address and with its file) and each answer changed, with who and when; `team audit` says them in words and JSON', async () => {
    const database = await storeWithMembers();
    const alice = await open(database, 'alice');
    const bob = await open(database, 'bob');
    const accountId = await alice.withClient((c) => accountIdOf(c, ACCOUNT));
    const entry = (address: string) => ({
      hash: teamAddressHash(address),
      row: { address, reason: 'hard_bounce' as const, date: null, detail: '' },
    });
    await alice.withClient(async (c) => {
      const source = await sourceIdOf(c, accountId, 'bounces.csv');
      const rows = ['ann@example.com', 'cy@example.com'].map(entry);
      await upsert(
        c,
        accountId,
        source,
        rows.sort((a, b) => Buffer.compare(a.hash, b.hash)),
      );
      await pushAnswers(c, accountId, [
        {
          hash: teamAddressHash('dee@example.com'),
          product: 'email',
          outcome: { status: 'deliverable' },
          answeredAt: Date.now() / 1000 - 60,
        },
      ]);
    });
    await bob.withClient(async (c) => {
      expect(await removeAddress(c, accountId, 'ann@example.com')).toBe(true);
      expect(await removeSourceNamed(c, accountId, 'bounces.csv')).toBe(1);
      await pushAnswers(c, accountId, [
        {
          hash: teamAddressHash('dee@example.com'),
          product: 'email',
          outcome: { status: 'undeliverable' },
          answeredAt: Date.now() / 1000,
        },
      ]);
    });
    const audit = await alice.withClient((c) => readAudit(c, ACCOUNT));
    const byKind = (kind: string) => audit.filter((e) => e.kind === kind);
    expect(byKind('suppression-removed')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          by: 'bob',
          address: 'ann@example.com',
          reason: 'hard_bounce',
          source: 'bounces.csv',
          how: 'address',
          addedBy: 'alice',
        }),
        expect.objectContaining({
          by: 'bob',
          address: 'cy@example.com',
          how: 'file',
          addedBy: 'alice',
        }),
      ]),
    );
    expect(byKind('suppression-removed')).toHaveLength(2);
    expect(byKind('answers-changed')).toEqual([
      expect.objectContaining({
        by: 'bob',
        count: 1,
        product: 'email',
        from: 'deliverable',
        to: 'undeliverable',
        wasBy: 'alice',
      }),
    ]);
    for (const e of audit) expect(Math.abs(Date.parse(e.at) - Date.now())).toBeLessThan(60_000);

    const env = {
      LIST_CLEANER_API_KEY: API_KEY,
      LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9',
      LIST_CLEANER_DATA_DIR: await mkdtemp(join(tmpdir(), 'lc-audit-cli-')),
      LIST_CLEANER_TEAM_URL: server.url('alice', database),
      LIST_CLEANER_TEAM_PASSWORD: PASSWORDS.alice,
    };
    const words = await cli(['team', 'audit'], env);
    expect(words.code).toBe(0);
    const lines = words.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'Changes in the team store for this account in the last 30 days, newest first (times in UTC):',
    );
    expect(lines.slice(1)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\d{4}-\d\d-\d\d \d\d:\d\d {2}bob removed ann@example\.com from the suppression list \(hard bounce, from bounces\.csv, added by alice\)$/,
        ),
        expect.stringMatching(
          /^\d{4}-\d\d-\d\d \d\d:\d\d {2}bob removed cy@example\.com from the suppression list with its file bounces\.csv \(hard bounce, added by alice\)$/,
        ),
        expect.stringMatching(
          /^\d{4}-\d\d-\d\d \d\d:\d\d {2}bob changed 1 email answer from deliverable to undeliverable \(given before by alice\)$/,
        ),
      ]),
    );
    expect(lines).toHaveLength(4);
    const json = await cli(['team', 'audit', '--json'], env);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { days: number; entries: unknown[] };
    expect(parsed.days).toBe(30);
    expect(parsed.entries).toEqual(JSON.parse(JSON.stringify(audit)));

    const status = await cli(['team', 'status'], env);
    expect(status.stdout).toContain(
      'Connected as: alice, a member (writes only through List Cleaner’s functions)',
    );
  }, 60_000);
});

describe('migration 7', () => {
  it('applies once under concurrency over a store at schema 6 with data, keeps the data, and takes back the table rights a shared login had', async () => {
    const database = await freshDatabase();
    const owner = await open(database);
    await owner.withClient((c) =>
      migrate(
        c,
        MIGRATIONS.filter((m) => m.version <= 6),
      ),
    );
    const accountId = await owner.withClient((c) => accountIdOf6(c, ACCOUNT));
    await server.admin(
      `INSERT INTO answers (account_id, product, status, answered_at, addr_hash)
       SELECT $1, 0, 1 + (g % 3), now() - g * interval '1 hour', decode(lpad(to_hex(g), 32, '0'), 'hex')
         FROM generate_series(1, 500) AS g`,
      database,
      [accountId],
    );
    await server.admin(
      `INSERT INTO job_summaries (account, id, list_name, os_user, machine, product, finished_at, counts, charged_micros)
       VALUES ($1, 'old-job', 'old.csv', 'ana', 'pc', 'email', now() - interval '3 days', '{}', 1234)`,
      database,
      [ACCOUNT],
    );
    await server.admin(
      `INSERT INTO suppression_sources (id, account_id, added_at, name) VALUES (1, $1, now(), 'old.csv')`,
      database,
      [accountId],
    );
    await server.admin(
      `INSERT INTO suppression (account_id, reason, source_id, addr_hash, address)
       VALUES ($1, 1, 1, '\\x000000000000000000000000000000ff'::bytea, 'gone@example.com')`,
      database,
      [accountId],
    );
    // One shared login with every right on the tables, as before migration 7.
    await server.admin("CREATE ROLE shared LOGIN PASSWORD 'shared-Pw-44'");
    await server.admin(
      'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO shared',
      database,
    );
    const before = await counts(database);

    const stores = await Promise.all([1, 2, 3, 4].map(() => open(database)));
    const results = await Promise.all(stores.map((s) => s.withClient((c) => migrate(c))));
    expect(results.map((r) => r.to)).toEqual([7, 7, 7, 7]);
    expect(results.flatMap((r) => r.applied)).toEqual([7]);
    const versions = await server.admin(
      'SELECT version FROM list_cleaner_schema ORDER BY version',
      database,
    );
    expect(versions.rows.map((r: { version: number }) => r.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await counts(database)).toEqual(before);
    const rights = await server.admin(
      `SELECT bool_or(has_table_privilege('shared', c.oid, 'SELECT,INSERT,UPDATE,DELETE')) AS any
         FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'`,
      database,
    );
    expect(rights.rows).toEqual([{ any: false }]);
    // The functions run with a fixed search_path, as their owner, and no one else may call them.
    const fns = await server.admin(
      `SELECT count(*)::int AS n,
              bool_and(p.proconfig @> ARRAY['search_path=pg_catalog, public, pg_temp']) AS fixed,
              bool_or(has_function_privilege('shared', p.oid, 'EXECUTE')) AS shared_may
         FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.prosecdef`,
      database,
    );
    expect(fns.rows).toEqual([{ n: expect.any(Number), fixed: true, shared_may: false }]);
  }, 60_000);
});

/** An account's number on a store at schema 6, before the functions exist. */
async function accountIdOf6(client: pg.PoolClient, account: string): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    'INSERT INTO accounts (name) VALUES ($1) RETURNING id',
    [account],
  );
  return rows[0]?.id ?? 0;
}

async function counts(database: string): Promise<Record<string, unknown>> {
  const { rows } = await server.admin(
    `SELECT (SELECT count(*)::int FROM answers) AS answers,
            (SELECT count(*)::int FROM answers WHERE status = 1) AS deliverable,
            (SELECT max(answered_at) FROM answers) AS newest,
            (SELECT array_agg(id || ':' || charged_micros) FROM job_summaries) AS summaries,
            (SELECT array_agg(address) FROM suppression) AS suppressed,
            (SELECT count(*)::int FROM accounts) AS accounts`,
    database,
  );
  return rows[0] as Record<string, unknown>;
}
