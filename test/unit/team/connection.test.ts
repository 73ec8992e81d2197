// The app's team store against a real PostgreSQL this file starts: Connect
// keeps the address in settings.json and the password in the keychain entry
// for that address only; a store that refuses is never saved; the status
// counts the account's answers; the window reaches all of it through the
// handler table; and `list-cleaner team status` uses the store the app saved.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryAccountOf } from '../../../electron/lib/account-name';
import type { TeamTestView, TeamView } from '../../../electron/common/views/team-views';
import { createCore, type Core } from '../../../electron/core';
import { createMemoryKeyStore, type KeyStore } from '../../../electron/secrets/key-store';
import { openSettingsStore } from '../../../electron/settings/settings';
import { teamAddressHash } from '../../../electron/team/address-key';
import { KNOWN_VERSION } from '../../../electron/team/migrations';
import { openTeamConnection } from '../../../electron/team/connection';
import { cli } from '../jobs/support';
import { startPgServer, type PgServer } from './pg-server';

const PASSWORD = 'c0nnect p@ss:/%?#';
const KEY = 'team-connection-test-key';
let server: PgServer;
const dirs: string[] = [];
const cores: Core[] = [];

beforeAll(async () => {
  server = await startPgServer();
  await server.createUser('crew', PASSWORD);
}, 60_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

let databases = 0;
async function freshDatabase(): Promise<string> {
  databases += 1;
  const name = `crew_${databases}`;
  await server.admin(`CREATE DATABASE ${name} OWNER crew`);
  return name;
}

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-team-conn-'));
  dirs.push(dir);
  return dir;
}

async function teamFor(keys: KeyStore, account: string | null = memoryAccountOf(KEY)) {
  const dir = await dataDir();
  const settings = await openSettingsStore(dir);
  const team = openTeamConnection({
    settings,
    keys: async () => keys,
    memoryAccount: () => account,
    connectTimeoutMs: 5_000,
    // The user's yes in main's dialog (test/unit/shell/consent-doors.test.ts shows a no).
    consent: async () => true,
  });
  return { dir, settings, team };
}

const settingsFile = (dir: string) => readFile(join(dir, 'settings.json'), 'utf8');

describe('connecting the app to a team store', () => {
  it('keeps the address without its password in settings, the password in the keychain', async () => {
    const database = await freshDatabase();
    const keys = createMemoryKeyStore(null);
    const { dir, settings, team } = await teamFor(keys);
    const view = await team.connect(server.url('crew', database, PASSWORD));
    const bare = server.url('crew', database);
    expect(view).toEqual({
      url: bare,
      connected: true,
      target: `crew@127.0.0.1:${server.port}/${database}`,
      serverVersion: expect.stringMatching(/^\d+/),
      schemaVersion: KNOWN_VERSION,
      member: 'crew',
      role: 'owner',
      answers: 0,
      answersNote: null,
      waiting: null,
      error: null,
      warning: null,
    });
    expect(settings.get().teamUrl).toBe(bare);
    const onDisk = await settingsFile(dir);
    expect(onDisk).toContain(bare);
    expect(onDisk).not.toContain(PASSWORD);
    expect(onDisk).not.toContain(encodeURIComponent(PASSWORD));
    expect(await keys.get()).toEqual({ apiKey: PASSWORD, provenBaseUrl: bare });

    // Connecting again to the same address needs no password typed.
    expect((await team.connect(bare)).connected).toBe(true);

    expect(await team.remove()).toMatchObject({ url: null, connected: false });
    expect(settings.get().teamUrl).toBeNull();
    expect(await keys.get()).toBeNull();
  });

  it("trusts the root certificate main's dialog chose, keeps it with the store, and reads no file an address names", async () => {
    const database = await freshDatabase();
    const keys = createMemoryKeyStore(null);
    const { dir, settings, team } = await teamFor(keys);
    // The server's certificate is its own authority's: without it, verify-ca cannot pass.
    const url = `${server.url('crew', database, PASSWORD)}?sslmode=verify-ca`;
    await expect(team.connect(url)).rejects.toThrow(/could not be verified/);
    await expect(team.connect(`${url}&sslrootcert=${server.certFile}`)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/names a certificate file/),
    });
    // A file that is no certificate is refused as it is chosen, and nothing is kept.
    const notCert = join(dir, 'notes.txt');
    await writeFile(notCert, 'hello');
    await expect(team.chooseRootCert(notCert)).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(team.connect(url)).rejects.toThrow(/could not be verified/);

    expect(await team.chooseRootCert(null)).toBeNull();
    expect(await team.chooseRootCert(server.certFile)).toEqual({
      fileName: basename(server.certFile),
    });
    expect((await team.test(url)).encrypted).toBe(true);
    expect(await team.connect(url)).toMatchObject({ connected: true, error: null });
    expect(settings.get()).toMatchObject({
      teamUrl: `${server.url('crew', database)}?sslmode=verify-ca`,
      teamRootCert: server.certFile,
    });
    // The saved store is reached with its certificate, after a restart too.
    const again = openTeamConnection({
      settings: await openSettingsStore(dir),
      keys: async () => keys,
      memoryAccount: () => null,
      connectTimeoutMs: 5_000,
    });
    expect(await again.status()).toMatchObject({ connected: true, error: null });
    expect((await again.test()).encrypted).toBe(true);

    await team.remove();
    expect(settings.get()).toMatchObject({ teamUrl: null, teamRootCert: null });
  });

  it('saves nothing when the store refuses the password', async () => {
    const database = await freshDatabase();
    const keys = createMemoryKeyStore(null);
    const { dir, settings, team } = await teamFor(keys);
    await expect(team.connect(server.url('crew', database, 'wrong-Pass-1'))).rejects.toMatchObject({
      code: 'auth_failed',
      message: expect.stringMatching(/refused the user crew/),
    });
    await expect(team.test(server.url('crew', database, 'wrong-Pass-1'))).rejects.toMatchObject({
      code: 'auth_failed',
    });
    expect(settings.get().teamUrl).toBeNull();
    expect(await keys.get()).toBeNull();
    await expect(settingsFile(dir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await team.status()).toMatchObject({ url: null, connected: false, error: null });
  });

  it('never sends a saved password to another address', async () => {
    const database = await freshDatabase();
    const keys = createMemoryKeyStore(null);
    const { team } = await teamFor(keys);
    await team.connect(server.url('crew', database, PASSWORD));
    const other = await freshDatabase();
    // Another database is another address: the saved password is not offered to it.
    await expect(team.connect(server.url('crew', other))).rejects.toMatchObject({
      code: 'auth_failed',
      message: expect.stringMatching(/asks for crew's password/),
    });
    expect(await keys.get()).toMatchObject({ provenBaseUrl: server.url('crew', database) });
  });

  it("counts the account's answers, says why none are counted, and says when it is out of reach", async () => {
    const database = await freshDatabase();
    const keys = createMemoryKeyStore(null);
    const { settings, team } = await teamFor(keys);
    await team.connect(server.url('crew', database, PASSWORD));
    for (const [account, address] of [
      [memoryAccountOf(KEY), 'a@x.com'],
      [memoryAccountOf(KEY), 'b@x.com'],
      [memoryAccountOf('another key'), 'c@x.com'],
    ] as const) {
      await server.admin(
        `WITH a AS (INSERT INTO accounts (name) VALUES ($1)
                    ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id)
         INSERT INTO answers (account_id, addr_hash, product, status, answered_at)
         SELECT a.id, $2, 0, 1, now() FROM a`,
        database,
        [account, teamAddressHash(address)],
      );
    }
    expect(await team.status()).toMatchObject({ connected: true, answers: 2 });

    const demo = openTeamConnection({
      settings,
      keys: async () => keys,
      memoryAccount: () => 'demo',
      consent: async () => true,
    });
    expect(await demo.status()).toMatchObject({
      connected: true,
      answers: null,
      answersNote: expect.stringMatching(/demo keeps its answers to itself/),
    });

    await keys.set({ apiKey: 'wrong-Pass-2', provenBaseUrl: server.url('crew', database) });
    const refused = await team.status();
    expect(refused).toMatchObject({ connected: false, url: server.url('crew', database) });
    expect(refused.error).toMatch(/refused the user crew: check the password/);
  });
});

describe('the team channels', () => {
  it('connect, test, show and remove the store through the handler table', async () => {
    const database = await freshDatabase();
    const dir = await dataDir();
    const core = await createCore({
      dataDir: dir,
      keyStore: createMemoryKeyStore(null),
      team: { connectTimeoutMs: 5_000 },
      shell: { consent: async () => true },
    });
    cores.push(core);
    const call = async <T>(channel: string, input?: unknown): Promise<T> => {
      const result = await core.registry.invoke(channel, input);
      if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
      return result.value as T;
    };
    expect(await call<TeamView>('team:status')).toMatchObject({ url: null, connected: false });

    const tested = await call<TeamTestView>('team:test', {
      url: server.url('crew', database, PASSWORD),
    });
    expect(tested).toMatchObject({ schemaVersion: KNOWN_VERSION, canReadWrite: true });
    expect(core.settings.get().teamUrl).toBeNull();

    const connected = await call<TeamView>('team:connect', {
      url: ` ${server.url('crew', database, PASSWORD)} `,
    });
    expect(connected).toMatchObject({
      connected: true,
      schemaVersion: KNOWN_VERSION,
      answers: null,
      answersNote: expect.stringMatching(/Set up an account/),
    });
    expect(JSON.stringify(connected)).not.toContain(encodeURIComponent(PASSWORD));
    expect(await call<TeamTestView>('team:test', {})).toMatchObject({ migrated: [] });

    await expect(call('team:connect', { url: 'https://example.com/db' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/must start with postgres:\/\//),
    });
    await expect(call('team:connect', { url: '' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(await call<TeamView>('team:remove')).toMatchObject({ url: null });
  });
});

describe('list-cleaner team status with the app’s saved store', () => {
  it('reads the address from the app’s settings', async () => {
    const database = await freshDatabase();
    const dir = await dataDir();
    // The server's unix socket needs no password, so no keychain entry is needed
    // to prove the command line takes the saved address.
    const socket = encodeURIComponent(dirname(server.certFile));
    const url = `postgres://crew@${socket}:${server.port}/${database}`;
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ teamUrl: url }));
    const result = await cli(['team', 'status'], {
      LIST_CLEANER_API_KEY: KEY,
      LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9',
      LIST_CLEANER_DATA_DIR: dir,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Team store: crew@${dirname(server.certFile)}`);
    expect(result.stdout).toContain('Answers for this account: 0');
  });
});
