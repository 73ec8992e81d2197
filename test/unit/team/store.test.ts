// The team store against a real PostgreSQL this file starts for itself: its
// schema built once by versioned migrations, however many processes reach it
// at once; a newer schema refused without a change; the checks "Test
// connection" reports; the answers counted per account; and
// `list-cleaner team status` as a user runs it, never showing the password.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryAccountOf } from '../../../electron/lib/account-name';
import { AppError } from '../../../electron/lib/app-error';
import { teamAddressHash } from '../../../electron/team/address-key';
import {
  KNOWN_VERSION,
  MIGRATIONS,
  migrate,
  type Migration,
} from '../../../electron/team/migrations';
import { openTeamStore, type TeamStore } from '../../../electron/team/store';
import { cli } from '../jobs/support';
import { startPgServer, type PgServer } from './pg-server';

const PASSWORD = 'tëam p@ss:/%?#';
let server: PgServer;
const opened: TeamStore[] = [];

beforeAll(async () => {
  server = await startPgServer();
  await server.createUser('team', PASSWORD);
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await server?.stop();
}, 30_000);

let databases = 0;
/** A database of its own for a test, owned by the team's role. */
async function freshDatabase(): Promise<string> {
  databases += 1;
  const name = `store_${databases}`;
  await server.admin(`CREATE DATABASE ${name} OWNER team`);
  return name;
}

async function open(database: string, user = 'team', password = PASSWORD): Promise<TeamStore> {
  const store = await openTeamStore({ url: server.url(user, database), password });
  opened.push(store);
  return store;
}

/** What a store holds, to prove a refusal changed nothing. */
async function snapshot(database: string) {
  const tables = await server.admin(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    database,
  );
  const versions = await server.admin(
    'SELECT version, name, applied_at FROM list_cleaner_schema ORDER BY version',
    database,
  );
  const answers = await server.admin('SELECT * FROM answers ORDER BY addr_hash', database);
  return { tables: tables.rows, versions: versions.rows, answers: answers.rows };
}

async function remember(database: string, account: string, addresses: string[], product = 'email') {
  for (const address of addresses) {
    await server.admin(
      `WITH a AS (INSERT INTO accounts (name) VALUES ($1)
                  ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id)
       INSERT INTO answers (account_id, addr_hash, product, status, answered_at)
       SELECT a.id, $2, $3, 1, now() FROM a`,
      database,
      [account, teamAddressHash(address), product === 'avatar' ? 1 : 0],
    );
  }
}

describe('the schema', () => {
  it('is built by the migrations once, and a second run changes nothing', async () => {
    const database = await freshDatabase();
    const store = await open(database);
    const first = await store.test();
    expect(first).toMatchObject({
      target: `team@127.0.0.1:${server.port}/${database}`,
      canCreateTables: true,
      canReadWrite: true,
      member: 'team',
      role: 'owner',
      schemaVersion: KNOWN_VERSION,
      migrated: MIGRATIONS.map((m) => m.version),
      encrypted: false,
    });
    expect(first.serverVersion).toMatch(/^\d+\.\d+/);
    const before = await snapshot(database);
    expect(before.tables.map((r: { table_name: string }) => r.table_name)).toEqual([
      'accounts',
      'answer_changes',
      'answers',
      'claims',
      'job_summaries',
      'list_cleaner_schema',
      'slot_queue',
      'slots',
      'suppression',
      'suppression_removals',
      'suppression_sources',
    ]);
    expect(before.versions).toHaveLength(MIGRATIONS.length);
    const again = await store.test();
    expect(again.migrated).toEqual([]);
    expect(await snapshot(database)).toEqual(before);
  });

  it('moves the answers a schema 1 store holds into schema 4, each account numbered', async () => {
    const database = await freshDatabase();
    const store = await open(database);
    await store.withClient((client) => migrate(client, MIGRATIONS.slice(0, 1)));
    await server.admin(
      `INSERT INTO answers (account, addr_hash, product, status, provider, answered_at)
       VALUES ('key-a', $1, 'avatar', 2, 'gmail', now()), ('key-b', $1, 'email', 1, NULL, now())`,
      database,
      [teamAddressHash('a@x.com')],
    );
    await store.test();
    expect(await store.status('key-a')).toMatchObject({ answers: 1 });
    expect(await store.status('key-b')).toMatchObject({ answers: 1 });
    const rows = await server.admin(
      `SELECT c.name, a.product, a.status, a.provider, a.addr_hash = $1 AS same
         FROM answers AS a JOIN accounts AS c ON c.id = a.account_id ORDER BY c.name`,
      database,
      [teamAddressHash('a@x.com')],
    );
    expect(rows.rows).toEqual([
      { name: 'key-a', product: 1, status: 2, provider: 'gmail', same: true },
      { name: 'key-b', product: 0, status: 1, provider: null, same: true },
    ]);
  });

  it('is migrated once when several processes reach a new store at the same moment', async () => {
    const database = await freshDatabase();
    // A second, slow step: every migrator is waiting on the lock while it runs.
    const steps: Migration[] = [
      { version: 1, name: 'first', sql: 'CREATE TABLE first_step (id int)' },
      {
        version: 2,
        name: 'second',
        sql: 'SELECT pg_sleep(0.3); CREATE TABLE second_step (id int)',
      },
    ];
    const stores = await Promise.all([1, 2, 3, 4].map(() => open(database)));
    const results = await Promise.all(
      stores.map((store) => store.withClient((client) => migrate(client, steps))),
    );
    expect(results.map((r) => r.to)).toEqual([2, 2, 2, 2]);
    expect(results.flatMap((r) => r.applied).sort()).toEqual([1, 2]);
    const versions = await server.admin(
      'SELECT version FROM list_cleaner_schema ORDER BY version',
      database,
    );
    expect(versions.rows).toEqual([{ version: 1 }, { version: 2 }]);
  });

  it('keeps no half of a step that fails: its tables and its version are rolled back', async () => {
    const database = await freshDatabase();
    const steps: Migration[] = [
      { version: 1, name: 'first', sql: 'CREATE TABLE first_step (id int)' },
      { version: 2, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT 1 / 0' },
    ];
    const store = await open(database);
    await expect(store.withClient((client) => migrate(client, steps))).rejects.toThrow(
      /division by zero/,
    );
    const tables = await server.admin(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
      database,
    );
    expect(tables.rows).toEqual([
      { table_name: 'first_step' },
      { table_name: 'list_cleaner_schema' },
    ]);
    const versions = await server.admin('SELECT version FROM list_cleaner_schema', database);
    expect(versions.rows).toEqual([{ version: 1 }]);
  });

  it('set up by a newer List Cleaner is refused with words, and nothing in it is changed', async () => {
    const database = await freshDatabase();
    const store = await open(database);
    await store.test();
    await remember(database, 'key-a', ['ann@example.com']);
    await server.admin(
      `INSERT INTO list_cleaner_schema (version, name) VALUES (${KNOWN_VERSION + 1}, 'from the future')`,
      database,
    );
    const before = await snapshot(database);
    const words = `This team store was set up by a newer List Cleaner (schema ${KNOWN_VERSION + 1}); this one knows up to ${KNOWN_VERSION}. Update List Cleaner`;
    await expect(store.test()).rejects.toThrow(words);
    await expect(store.status('key-a')).rejects.toThrow(words);
    await expect(store.withClient((client) => migrate(client))).rejects.toBeInstanceOf(AppError);
    expect(await snapshot(database)).toEqual(before);
  });
});

describe('"Test connection"', () => {
  it('reports a user who may only read: no tables created, no writes', async () => {
    const database = await freshDatabase();
    await (await open(database)).test();
    await server.createUser('reader', 'reader-pw');
    await server.admin('GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader', database);
    const report = await (await open(database, 'reader', 'reader-pw')).test();
    expect(report).toMatchObject({
      canCreateTables: false,
      canReadWrite: false,
      schemaVersion: KNOWN_VERSION,
      migrated: [],
    });
  });

  it('says a store not set up yet needs a user who may create tables', async () => {
    await expect((await open('postgres')).test()).rejects.toThrow(
      /team@127\.0\.0\.1:\d+\/postgres is not set up yet, and team may not create tables in it: ask its administrator/,
    );
  });

  it('says the password was refused, never showing it', async () => {
    const store = await open('postgres', 'team', 'not the password');
    const error = await store.test().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('auth_failed');
    expect((error as AppError).message).toMatch(/refused the user team: check the password/);
    expect((error as AppError).message).not.toContain('not the password');
  });

  it('sends no password but its own: not PGPASSWORD, not ~/.pgpass', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lc-pgpass-'));
    const pgpass = join(dir, 'pgpass');
    await writeFile(pgpass, `*:*:*:team:${PASSWORD}\n`, { mode: 0o600 });
    const before = { PGPASSWORD: process.env.PGPASSWORD, PGPASSFILE: process.env.PGPASSFILE };
    process.env.PGPASSWORD = PASSWORD;
    process.env.PGPASSFILE = pgpass;
    try {
      const store = await openTeamStore({ url: server.url('team', 'postgres') });
      opened.push(store);
      const error = await store.test().catch((e: unknown) => e);
      expect((error as AppError).code).toBe('auth_failed');
    } finally {
      if (before.PGPASSWORD === undefined) delete process.env.PGPASSWORD;
      else process.env.PGPASSWORD = before.PGPASSWORD;
      if (before.PGPASSFILE === undefined) delete process.env.PGPASSFILE;
      else process.env.PGPASSFILE = before.PGPASSFILE;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says in words that nothing answered, the system’s code only in its details', async () => {
    const store = await openTeamStore({ url: 'postgres://team@127.0.0.1:9/none', password: 'x' });
    opened.push(store);
    const refused = await store.test().catch((e: unknown) => e);
    expect((refused as AppError).message).toBe(
      'The team store did not answer: nothing answered at 127.0.0.1, port 9. Check the address, and that this computer may reach it.',
    );
    expect((refused as AppError).details).toMatch(/ECONNREFUSED 127\.0\.0\.1:9/);
    const nowhere = await openTeamStore({ url: 'postgres://team@nowhere.invalid/none' });
    opened.push(nowhere);
    const missing = await nowhere.test().catch((e: unknown) => e);
    expect((missing as AppError).message).toMatch(
      /^The team store could not be found: no computer named nowhere\.invalid was found/,
    );
    expect((missing as AppError).details).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});

describe('encryption, as the sslmode asks', () => {
  let database: string;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  const reach = (query: string, rootCert: string | null = null) =>
    openTeamStore({
      url: `${server.url('team', database)}?${query}`,
      password: PASSWORD,
      rootCert,
    }).then((store) => {
      opened.push(store);
      return store.test();
    });

  it('require: encrypted, the certificate not checked', async () => {
    expect((await reach('sslmode=require')).encrypted).toBe(true);
  });

  it('verify-full: a certificate no trusted authority signed is refused with words', async () => {
    await expect(reach('sslmode=verify-full')).rejects.toThrow(
      /certificate at 127\.0\.0\.1 could not be verified .*sslrootcert=<file>/,
    );
  });

  it('verify-ca: signed by the authority named, whatever host it names', async () => {
    const report = await reach('sslmode=verify-ca', server.certFile);
    expect(report.encrypted).toBe(true);
  });

  it('verify-full: a certificate for another host is refused even when its authority is trusted', async () => {
    await expect(reach('sslmode=verify-full', server.certFile)).rejects.toThrow(
      /could not be verified/,
    );
  });

  it('reads no file an address names: sslrootcert in it is refused before anything connects', async () => {
    await expect(reach(`sslmode=verify-ca&sslrootcert=${server.certFile}`)).rejects.toThrow(
      /names a certificate file \(sslrootcert=\)/,
    );
  });
});

describe('status', () => {
  it("counts this account's answers only, each product apart", async () => {
    const database = await freshDatabase();
    const store = await open(database);
    expect(await store.status('key-a')).toMatchObject({ schemaVersion: 0, answers: 0 });
    await store.test();
    await remember(database, 'key-a', ['a@x.com', 'b@x.com', 'c@x.com']);
    await remember(database, 'key-a', ['a@x.com'], 'avatar');
    await remember(database, 'key-b', ['a@x.com', 'd@x.com']);
    expect(await store.status('key-a')).toMatchObject({ schemaVersion: KNOWN_VERSION, answers: 4 });
    expect(await store.status('key-b')).toMatchObject({ answers: 2 });
    expect(await store.status('key-c')).toMatchObject({ answers: 0 });
  });
});

describe('list-cleaner team status', () => {
  const KEY = 'team-status-test-key';
  let database: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await freshDatabase();
    await (await open(database)).test();
    await remember(database, memoryAccountOf(KEY), ['a@x.com', 'b@x.com']);
    await remember(database, memoryAccountOf('another key'), ['c@x.com']);
    env = {
      LIST_CLEANER_API_KEY: KEY,
      // Never reached: the status needs only the key's fingerprint.
      LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9',
      LIST_CLEANER_DATA_DIR: await mkdtemp(join(tmpdir(), 'lc-team-cli-')),
    };
  }, 30_000);

  const expectNoPassword = (text: string) => {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(encodeURIComponent(PASSWORD));
  };

  it('says what it is connected to and how many answers it holds, the password in the URL', async () => {
    const result = await cli(['team', 'status'], {
      ...env,
      LIST_CLEANER_TEAM_URL: server.url('team', database, PASSWORD),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Team store: team@127.0.0.1:${server.port}/${database}`);
    expect(result.stdout).toContain(`Schema: version ${KNOWN_VERSION}`);
    expect(result.stdout).toContain('Answers for this account: 2');
    expectNoPassword(result.stdout + result.stderr);
  });

  it('takes the password from LIST_CLEANER_TEAM_PASSWORD, and answers in JSON', async () => {
    const result = await cli(['team', 'status', '--json'], {
      ...env,
      LIST_CLEANER_TEAM_URL: server.url('team', database),
      LIST_CLEANER_TEAM_PASSWORD: PASSWORD,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      host: '127.0.0.1',
      port: server.port,
      database,
      user: 'team',
      schema_version: KNOWN_VERSION,
      answers: 2,
    });
    expectNoPassword(result.stdout + result.stderr);
  });

  it('fails in one line without showing the password, or without a store named', async () => {
    const wrong = 'wrong-Password-123';
    const refused = await cli(['team', 'status'], {
      ...env,
      LIST_CLEANER_TEAM_URL: server.url('team', database, wrong),
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/^list-cleaner: The team store .* refused the user team/);
    expect(refused.stdout + refused.stderr).not.toContain(wrong);

    const unnamed = await cli(['team', 'status'], env);
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr).toMatch(/No team store: set LIST_CLEANER_TEAM_URL/);

    const usage = await cli(['team', 'sync'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/unknown team subcommand "sync"/);
  });
});
