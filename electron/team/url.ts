// The team store's address: a postgres:// URL as every managed PostgreSQL
// hands it out, judged before anything connects. The store holds a team's
// paid answers and spend, so it is reached only encrypted, except on this
// computer. The password never stays in the URL: the app keeps it in the
// keychain and the URL alone in settings.json, so the two are split when
// saved and joined only to connect.
import type { ConnectionOptions } from 'node:tls';
import { readFileSync } from 'node:fs';
import { AppError } from '../lib/app-error';
import { isLoopbackHost } from '../common/service-url';

/** libpq's sslmode values, as the URL may name them. */
export const SSL_MODES = [
  'disable',
  'allow',
  'prefer',
  'require',
  'verify-ca',
  'verify-full',
] as const;
export type SslMode = (typeof SSL_MODES)[number];

/**
 * Query parameters a provider's URL may carry that change nothing here
 * (pg has no use for them, or they only name the connection). Any other is
 * refused: host= or port= in the query would send the password elsewhere than
 * the address shows.
 */
const IGNORED_PARAMETERS = new Set([
  'application_name',
  'connect_timeout',
  'channel_binding',
  'target_session_attrs',
]);

/** What a team store URL names, judged: where, as whom, and how it is encrypted. */
export interface TeamUrl {
  host: string;
  port: number;
  database: string;
  user: string;
  /** On this computer (loopback, or a unix socket folder). */
  loopback: boolean;
  /** The sslmode in force: the URL's, or verify-full away from this computer and disable on it. */
  sslMode: SslMode;
  /** sslrootcert: a file of certificates to trust instead of the system's. */
  sslRootCert: string | null;
}

const WHAT = 'The team store address';

const invalid = (message: string) => new AppError('invalid_input', message);

function parse(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid(
      `${WHAT} is not a PostgreSQL address: it looks like postgres://user@host:5432/database.`,
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw invalid(`${WHAT} must start with postgres:// (it starts with ${url.protocol}//).`);
  }
  return url;
}

const decoded = (part: string, name: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid(`${WHAT} has a ${name} that is not written correctly (a stray % sign?).`);
  }
};

/**
 * Judges a team store URL (with or without its password): throws an
 * AppError saying what to change when it may not be used.
 */
export function judgeTeamUrl(value: string): TeamUrl {
  const url = parse(value);
  const host = decoded(url.hostname, 'host').replace(/^\[|\]$/g, '');
  if (host === '') throw invalid(`${WHAT} names no server: postgres://user@host:5432/database.`);
  if (host.includes(',')) {
    throw invalid(`${WHAT} names several servers; List Cleaner connects to one: keep its primary.`);
  }
  const user = decoded(url.username, 'user name');
  if (user === '') {
    throw invalid(`${WHAT} names no user: postgres://user@${url.host}/database.`);
  }
  const port = url.port === '' ? 5432 : Number(url.port);
  const database = decoded(url.pathname.replace(/^\//, ''), 'database name') || user;
  if (database.includes('/')) throw invalid(`${WHAT} names more than one database after the host.`);
  // A folder is the unix socket of a server on this computer.
  const loopback = host.startsWith('/') || isLoopbackHost(host);

  let sslMode: SslMode | null = null;
  let sslRootCert: string | null = null;
  for (const [key, raw] of url.searchParams) {
    if (key === 'sslmode') {
      if (!(SSL_MODES as readonly string[]).includes(raw)) {
        throw invalid(
          `${WHAT} has sslmode=${raw}, which PostgreSQL does not know: use require, verify-ca or verify-full.`,
        );
      }
      sslMode = raw as SslMode;
    } else if (key === 'sslrootcert') {
      sslRootCert = raw;
    } else if (!IGNORED_PARAMETERS.has(key)) {
      throw invalid(
        `${WHAT} has a setting List Cleaner does not use (${key}): remove it from the address.`,
      );
    }
  }

  if (!loopback) {
    if (sslMode === 'disable') {
      throw invalid(
        `${WHAT} has sslmode=disable, which is not encrypted: anyone on the way could read the team's answers and the password. Use sslmode=require or verify-full (an unencrypted store is allowed only on this computer).`,
      );
    }
    if (sslMode === 'allow' || sslMode === 'prefer') {
      throw invalid(
        `${WHAT} has sslmode=${sslMode}, which falls back to no encryption when the server offers none. Use sslmode=require or verify-full (an unencrypted store is allowed only on this computer).`,
      );
    }
  }
  return {
    host,
    port,
    database,
    user,
    loopback,
    sslMode: sslMode ?? (loopback ? 'disable' : 'verify-full'),
    sslRootCert,
  };
}

/**
 * The URL as settings.json keeps it and the password the keychain keeps
 * (null when the URL had none). The URL is judged first: a URL that may not
 * be used is never saved.
 */
export function splitPassword(value: string): {
  urlWithoutPassword: string;
  password: string | null;
} {
  judgeTeamUrl(value);
  const url = parse(value);
  const password = url.password === '' ? null : decoded(url.password, 'password');
  url.password = '';
  return { urlWithoutPassword: url.href, password };
}

/** The URL with the password back in it, for a driver or tool that takes one string. */
export function joinPassword(urlWithoutPassword: string, password: string | null): string {
  const url = parse(urlWithoutPassword);
  url.password = password === null ? '' : encodeURIComponent(password);
  return url.href;
}

/** How `pg` is told to encrypt: false (plain, on this computer only) or its TLS options. */
export type PgSsl = false | ConnectionOptions;

/**
 * The sslmode as pg's `ssl` option. pg has no fallback to plain, so allow and
 * prefer (allowed on this computer only) connect plain, as they would to a
 * server without TLS. require encrypts without checking the certificate, as
 * libpq does; verify-ca checks it was signed by a trusted authority;
 * verify-full also that it names this host.
 */
export function pgSsl(team: TeamUrl): PgSsl {
  const ca = team.sslRootCert === null ? null : readRootCert(team.sslRootCert);
  const trusted = ca === null ? {} : { ca };
  // Any certificate its authority signed, whatever host it names.
  const anyName = { checkServerIdentity: () => undefined };
  switch (team.sslMode) {
    case 'disable':
    case 'allow':
    case 'prefer':
      return false;
    case 'require':
      // libpq: with a root certificate given, require behaves as verify-ca.
      return ca === null
        ? { rejectUnauthorized: false }
        : { rejectUnauthorized: true, ...trusted, ...anyName };
    case 'verify-ca':
      return { rejectUnauthorized: true, ...trusted, ...anyName };
    case 'verify-full':
      // pg checks the name against the host (and sends it as SNI unless it is an IP address).
      return { rejectUnauthorized: true, ...trusted };
  }
}

function readRootCert(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw invalid(
      `${WHAT} names sslrootcert=${path}, which List Cleaner cannot read: check the file is there.`,
    );
  }
}

/** "user@host:port/database": what a store is, for messages; never the password. */
export function describeTeamUrl(team: TeamUrl): string {
  const host = team.host.includes(':') ? `[${team.host}]` : team.host;
  return `${team.user}@${host}:${team.port}/${team.database}`;
}
