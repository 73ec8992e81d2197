// A connection to a team store: a small pool of `pg` connections (the pure
// JavaScript driver: nothing native to build per platform) to the PostgreSQL
// the URL names, with what Settings → Team's "Test connection" and
// `list-cleaner team status` report. Every row read back is checked with zod:
// the store is shared, and a colleague's newer or damaged build may have
// written it.
import pg from 'pg';
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { message as said } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { registerSecret } from '../lib/log';
import { KNOWN_VERSION, migrate, refuseNewer, schemaVersion } from './migrations';
import { MEMBER_FUNCTIONS } from './migration-7';
import { describeTeamUrl, judgeTeamUrl, pgSsl, splitPassword, type TeamUrl } from './url';
import { readRootCert } from './root-cert';

export interface TeamStoreOptions {
  /** The store's postgres:// URL; a password in it is used when `password` is not given. */
  url: string;
  /** The password, from the keychain (or the command line's environment). */
  password?: string | null;
  /** How long to wait to connect before saying the store cannot be reached. */
  connectTimeoutMs?: number;
  /**
   * The root certificate file to trust instead of the system's: chosen in
   * main's own dialog, or named on the command line; never the address's.
   */
  rootCert?: string | null;
}

/** What "Test connection" reports of a store it reached. */
export interface TeamStoreTest {
  /** user@host:port/database, never the password. */
  target: string;
  /** The server's version ("15.8"). */
  serverVersion: string;
  /** Whether this user may create tables in the store's schema (needed to set it up or migrate). */
  canCreateTables: boolean;
  /** Whether this user may call every function List Cleaner uses (migration 7). */
  canReadWrite: boolean;
  /** The login the store knows this user by: who, in its history and audit. */
  member: string;
  /** The store's owner (creates and migrates the schema), or a member (its functions only). */
  role: TeamRole;
  /** The schema version now, after migrating. */
  schemaVersion: number;
  /** The versions this test applied (an older store is brought up to date). */
  migrated: number[];
  /** Whether the connection is encrypted. */
  encrypted: boolean;
}

/** Who a connection is in the store: its owner, or one of its members. */
export type TeamRole = 'owner' | 'member';

export interface TeamStoreStatus {
  target: string;
  member: string;
  role: TeamRole;
  serverVersion: string;
  /** 0 for a store List Cleaner never set up. */
  schemaVersion: number;
  /** The account's remembered answers. */
  answers: number;
}

export interface TeamStore {
  readonly url: TeamUrl;
  test(): Promise<TeamStoreTest>;
  status(account: string): Promise<TeamStoreStatus>;
  /** Runs `work` on one connection of the pool (migrations, and the jobs' work later). */
  withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on a connection whose commits do not wait for the disk: for
   * leases and claims, which matter only while processes run and are renewed
   * every few seconds. A crash of the server loses at most the last moments
   * of them, never an answer.
   */
  withLeaseClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * What one statement may take on each pool: a row or a lock another session
 * holds (a stuck transaction, a colleague's psql), a server overloaded, never
 * stops a job. Leases and claims are asked every few seconds and wait on
 * nothing long: past 2 s for a lock or 5 s in all, the data folder's limits
 * serve (coordination/sharing.ts). A pull of 20,000 addresses or a batch of
 * answers is given 30 s. A transaction left open is ended by the server.
 */
export const BOUNDS = {
  work: '-c statement_timeout=30s -c lock_timeout=5s -c idle_in_transaction_session_timeout=60s',
  leases: '-c statement_timeout=5s -c lock_timeout=2s -c idle_in_transaction_session_timeout=15s',
} as const;

const serverRow = z.object({ server_version: z.string().min(1) });
const rightsRow = z.object({ can_create: z.boolean() });
const functionRightsRow = z.object({ rights: z.boolean() });
const countRow = z.object({ answers: z.string().regex(/^\d+$/).transform(Number) });
const whoRow = z.object({ member: z.string().min(1), is_owner: z.boolean() });

/**
 * Who this connection is: the owner is the role that owns the schema's
 * tables (or a member of it); a store not set up yet is the owner's to be
 * whoever may create tables in it.
 */
async function connectedAs(
  client: PoolClient,
  version: number,
): Promise<{ member: string; role: TeamRole }> {
  const found = whoRow.parse(
    (
      await client.query(
        version === 0
          ? `SELECT session_user::text AS member,
                    has_schema_privilege(current_schema(), 'CREATE') AS is_owner`
          : `SELECT session_user::text AS member, pg_has_role(session_user, c.relowner, 'USAGE') AS is_owner
               FROM pg_catalog.pg_class c WHERE c.oid = 'list_cleaner_schema'::regclass`,
      )
    ).rows[0],
  );
  return { member: found.member, role: found.is_owner ? 'owner' : 'member' };
}
const sslRow = z.object({ ssl: z.boolean().nullable() });

/** The store's error, in words a user can act on; `team` says which store. */
export function teamStoreError(e: unknown, team: TeamUrl): Error {
  if (e instanceof AppError) return e;
  const where = describeTeamUrl(team);
  const { user, database } = team;
  const server = team.host;
  const port = String(team.port);
  const error = e as { code?: unknown; message?: unknown };
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : String(e);
  const withDetails = (err: AppError): AppError => {
    err.details = message.includes(code) ? message : `${code}: ${message}`;
    return err;
  };
  switch (code) {
    case '28P01':
    case '28000':
      return new AppError(
        'auth_failed',
        said('error.team.store.userRefused', { where, user, database }),
      );
    case '3D000':
      return new AppError(
        'invalid_input',
        said('error.team.store.noDatabase', { server, database }),
      );
    // Past statement_timeout or lock_timeout (BOUNDS): the store answers, too slowly.
    case '57014':
    case '55P03':
      return new AppError('timeout', said('error.team.store.tooSlow', { where }));
    case '42501':
      // A login not (yet) in the members' group calls a function of migration 7.
      if (/function list_cleaner_/.test(message)) {
        return new AppError(
          'forbidden',
          said('error.team.connection.cannotReadWrite', { where, user }),
        );
      }
      return new AppError('forbidden', said('error.team.store.forbidden', { where, user }));
    // Said in words; the system's code ("connect ECONNREFUSED …") only behind Details.
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return withDetails(new AppError('network', said('error.team.store.noSuchHost', { server })));
    case 'ETIMEDOUT':
      return withDetails(
        new AppError('timeout', said('error.team.store.timeout', { server, port })),
      );
    case 'ECONNREFUSED':
    case 'ECONNRESET':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return withDetails(
        new AppError('network', said('error.team.store.unreachable', { server, port })),
      );
  }
  // pg's words when the server asks for a password and none was given.
  if (/client password must be a string/i.test(message)) {
    return new AppError('auth_failed', said('error.team.store.needsPassword', { where, user }));
  }
  if (/timeout/i.test(message)) {
    return new AppError('timeout', said('error.team.store.timeout', { server, port }));
  }
  if (/does not support SSL/i.test(message)) {
    return new AppError('network', said('error.team.store.noEncryption', { server, port }));
  }
  if (/certificate|self[- ]signed|altnames/i.test(message)) {
    // The setting as typed, <file> and all: a placeholder, since a catalog reads <…> as a tag.
    const rootCert = 'sslrootcert=<file>';
    return new AppError(
      'network',
      said('error.team.store.certificate', { server, reason: message, rootCert }),
    );
  }
  return new AppError('service', said('error.team.store.answered', { where, reason: message }));
}

export async function openTeamStore(options: TeamStoreOptions): Promise<TeamStore> {
  const { urlWithoutPassword, password: inUrl } = splitPassword(options.url);
  const team = judgeTeamUrl(urlWithoutPassword);
  const password = options.password ?? inUrl;
  if (password) registerSecret(password);
  const poolConfig = {
    host: team.host,
    port: team.port,
    database: team.database,
    user: team.user,
    // Always a function: without one, pg would send PGPASSWORD or a ~/.pgpass line
    // meant for whatever host the address names. Only the password saved for this
    // store (or LIST_CLEANER_TEAM_PASSWORD) is sent; with none, pg says a password is needed.
    // (pg reads an undefined answer as no password; its types do not say so.)
    password: (async () => password ?? undefined) as () => Promise<string>,
    ssl: pgSsl(team, options.rootCert ? await readRootCert(options.rootCert) : null),
    max: 4,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    idleTimeoutMillis: 10_000,
    application_name: 'List Cleaner',
    // Every statement is a batch of index look-ups or upserts: compiling
    // them (JIT) costs more than it saves, and a big batch's cost estimate
    // would turn it on. Each is bounded (BOUNDS): past them it fails, and
    // the job goes on with this computer's own memory and limits.
    options: `-c jit=off ${BOUNDS.work}`,
  };
  const pool = new pg.Pool(poolConfig);
  // An idle connection the server drops must not end the process; the next query reconnects.
  pool.on('error', () => undefined);
  let leasePool: pg.Pool | null = null;
  const leases = () => {
    if (leasePool === null) {
      leasePool = new pg.Pool({
        ...poolConfig,
        max: 2,
        options: `-c jit=off -c synchronous_commit=off ${BOUNDS.leases}`,
      });
      leasePool.on('error', () => undefined);
    }
    return leasePool;
  };

  async function withClient<T>(
    work: (client: PoolClient) => Promise<T>,
    from: pg.Pool = pool,
  ): Promise<T> {
    let client: PoolClient;
    try {
      client = await from.connect();
    } catch (e) {
      throw teamStoreError(e, team);
    }
    // The pool listens for a dropped connection only while a client is idle
    // (node-postgres #3083): one dropped while checked out would end the
    // process. Its query fails in words below; the client is not reused.
    let dropped: Error | undefined;
    const onDropped = (err: Error) => (dropped = err);
    client.on('error', onDropped);
    try {
      return await work(client);
    } catch (e) {
      throw teamStoreError(e, team);
    } finally {
      client.off('error', onDropped);
      client.release(dropped);
    }
  }

  const serverVersion = async (client: PoolClient) =>
    serverRow.parse((await client.query('SHOW server_version')).rows[0]).server_version;

  return {
    url: team,
    withClient: (work) => withClient(work),
    withLeaseClient: (work) => withClient(work, leases()),

    test: () =>
      withClient(async (client) => {
        const version = await serverVersion(client);
        const canCreate = rightsRow.parse(
          (
            await client.query(
              "SELECT has_schema_privilege(current_schema(), 'CREATE') AS can_create",
            )
          ).rows[0],
        ).can_create;
        const found = await schemaVersion(client);
        refuseNewer(found, KNOWN_VERSION);
        if (found < KNOWN_VERSION && !canCreate) {
          const where = describeTeamUrl(team);
          const { user } = team;
          throw new AppError(
            'forbidden',
            found === 0
              ? said('error.team.store.notSetUpCannotCreate', { where, user })
              : said('error.team.store.olderCannotCreate', { where, user, schema: String(found) }),
          );
        }
        const { to, applied } = await migrate(client);
        const who = await connectedAs(client, to);
        // The owner lets the members' group in again: an administrator may
        // have made it after the migration (README, "Who can do what").
        if (who.role === 'owner') await client.query('SELECT list_cleaner_admit_members()');
        const canReadWrite = functionRightsRow.parse(
          (
            await client.query(
              `SELECT bool_and(has_function_privilege(f, 'EXECUTE')) AS rights
                 FROM unnest($1::text[]) AS f`,
              [MEMBER_FUNCTIONS],
            )
          ).rows[0],
        ).rights;
        const ssl = sslRow.parse(
          (await client.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).rows[0],
        ).ssl;
        return {
          target: describeTeamUrl(team),
          serverVersion: version,
          canCreateTables: canCreate,
          canReadWrite,
          ...who,
          schemaVersion: to,
          migrated: applied,
          encrypted: ssl === true,
        };
      }),

    status: (account) =>
      withClient(async (client) => {
        const version = await schemaVersion(client);
        refuseNewer(version, KNOWN_VERSION);
        const answers =
          version === 0
            ? 0
            : countRow.parse(
                (
                  await client.query(
                    version >= 7
                      ? 'SELECT list_cleaner_answer_count($1)::text AS answers'
                      : version >= 4
                        ? `SELECT count(*)::text AS answers FROM answers
                            WHERE account_id = (SELECT id FROM accounts WHERE name = $1)`
                        : 'SELECT count(*)::text AS answers FROM answers WHERE account = $1',
                    [account],
                  )
                ).rows[0],
              ).answers;
        return {
          target: describeTeamUrl(team),
          serverVersion: await serverVersion(client),
          schemaVersion: version,
          ...(await connectedAs(client, version)),
          answers,
        };
      }),

    async close() {
      await Promise.all([pool.end(), leasePool?.end()]);
    },
  };
}
