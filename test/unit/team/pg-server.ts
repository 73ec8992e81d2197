// A throwaway PostgreSQL for the team store's tests: its own data folder in a
// temporary folder, its own free loopback port and socket folder, so a
// cluster the `postgresql` package set up (and may have started) is never
// touched. Started from the binaries scripts/test-tools.mjs finds, with
// fsync off (nothing here must survive a crash). PostgreSQL refuses to run as
// root: as root (CI, containers) every server program runs as `postgres`.
//
// Connections from TCP need a password (SCRAM), so the tests go through the
// same password path the app does; the admin role creates the roles and
// databases each test wants. TLS is on, with a self-signed certificate made
// by openssl (which the postgresql package brings) for a name that is not
// this host's, so each sslmode's checks can be seen to pass or fail.
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
// @ts-expect-error: a plain ES module of the scripts, without types
import { postgresBin } from '../../../scripts/test-tools.mjs';

const run = promisify(execFile);

export const ADMIN = 'lc_admin';
export const ADMIN_PASSWORD = 'admin-Pw-9f3c';

/** The one name the server's certificate is for (not 127.0.0.1). */
export const CERT_NAME = 'elsewhere.test';

export interface PgServer {
  port: number;
  /** The server's self-signed certificate, to trust with sslrootcert. */
  certFile: string;
  /** A postgres:// URL for `user` (with its password when given) on `database`. */
  url(user: string, database: string, password?: string): string;
  /** Runs SQL as the admin, in `database` (postgres by default). */
  admin(sql: string, database?: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** A role that may log in with `password`, and a database it owns. */
  createUser(user: string, password: string, database?: string): Promise<void>;
  /** Stops the server as a crash would, keeping its data: the store cannot be reached. */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port, with its data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Settings a caller adds to the server's (the bench's memory and WAL sizes). */
export interface PgServerOptions {
  settings?: Record<string, string>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a server program, as `postgres` when we are root. */
async function server(bin: string, program: string, args: string[]): Promise<void> {
  const path = join(bin, program);
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', path, ...args]]
    : [path, args];
  try {
    await run(command, argv, { env: { ...process.env, LC_ALL: 'C' }, timeout: 60_000 });
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`${program} failed: ${String(stderr ?? '')}${String(stdout ?? '')}`, {
      cause: e,
    });
  }
}

export async function startPgServer(given: PgServerOptions = {}): Promise<PgServer> {
  const bin = (postgresBin as () => string | null)();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  const dir = await mkdtemp(join(tmpdir(), 'lc-pg-'));
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  await writeFile(pwfile, ADMIN_PASSWORD);
  const certFile = join(dir, 'server.crt');
  const keyFile = join(dir, 'server.key');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${CERT_NAME}`,
    '-addext',
    `subjectAltName=DNS:${CERT_NAME}`,
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  // The server refuses a key others may read.
  await chmod(keyFile, 0o600);
  if (asRoot) {
    await chmod(dir, 0o700);
    const { uid, gid } = await postgresIds();
    for (const path of [dir, pwfile, certFile, keyFile]) await chown(path, uid, gid);
  }
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=50',
    '-c ssl=on',
    `-c ssl_cert_file=${certFile}`,
    `-c ssl_key_file=${keyFile}`,
    ...Object.entries(given.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const startServer = () =>
    server(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = async () => {
    await server(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(
      () => undefined,
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await server(bin, 'initdb', [
      '-D',
      data,
      '-U',
      ADMIN,
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await startServer();
  } catch (e) {
    await stop();
    throw e;
  }

  const url = (user: string, database: string, password?: string) =>
    `postgres://${encodeURIComponent(user)}${
      password === undefined ? '' : `:${encodeURIComponent(password)}`
    }@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  async function admin(sql: string, database = 'postgres', values: unknown[] = []) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: ADMIN,
      password: ADMIN_PASSWORD,
      database,
    });
    await client.connect();
    try {
      return await client.query(sql, values);
    } finally {
      await client.end();
    }
  }

  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

  return {
    port,
    certFile,
    url,
    admin,
    async createUser(user, password, database) {
      await admin(`CREATE ROLE ${quoted(user)} LOGIN PASSWORD ${literal(password)}`);
      if (database) await admin(`CREATE DATABASE ${quoted(database)} OWNER ${quoted(user)}`);
    },
    halt: () => server(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    restart: startServer,
    stop,
  };
}

/** The uid and gid of the `postgres` user the package creates. */
async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
