// The team store's address: a postgres:// URL as every managed PostgreSQL
// hands it out, judged before anything connects. The store holds a team's
// paid answers and spend, so it is reached only encrypted, and away from this
// computer only to a server whose certificate names its host (verify-full).
// The password never stays in the URL: the app keeps it in the keychain and
// the URL alone in settings.json, so the two are split when saved and joined
// only to connect. Its shape (readTeamUrl) and its policy (judgeTeamUrl) are
// apart: settings.json keeps a saved address by its shape, so a policy that
// tightens refuses the store where it is opened, with words, and never sets
// the user's other settings aside.
import type { ConnectionOptions } from 'node:tls';
import { message, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { isLoopbackHost } from '../common/urls/service-url';

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
  /**
   * The address names a root certificate file (sslrootcert=). Refused by
   * judgeTeamUrl: a file is chosen in main's own dialog, or named on the
   * command line beside the address (rootCertOutOfUrl).
   */
  namesRootCert: boolean;
}

const invalid = (said: Message) => new AppError('invalid_input', said);

function parse(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid(message('error.team.url.notPostgres'));
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw invalid(message('error.team.url.scheme', { scheme: url.protocol }));
  }
  return url;
}

/** The parts of the address a stray % can spoil, as the message's select names them. */
type UrlPart = 'host' | 'user' | 'database' | 'password';

const decoded = (part: string, name: UrlPart): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid(message('error.team.url.badlyWritten', { part: name }));
  }
};

/** What a team store URL names, by its shape alone: throws what is wrong with how it is written. */
export function readTeamUrl(value: string): TeamUrl {
  const url = parse(value);
  const host = decoded(url.hostname, 'host').replace(/^\[|\]$/g, '');
  if (host === '') throw invalid(message('error.team.url.noServer'));
  if (host.includes(',')) throw invalid(message('error.team.url.severalServers'));
  const user = decoded(url.username, 'user');
  if (user === '') throw invalid(message('error.team.url.noUser', { server: url.host }));
  const port = url.port === '' ? 5432 : Number(url.port);
  const database = decoded(url.pathname.replace(/^\//, ''), 'database') || user;
  if (database.includes('/')) throw invalid(message('error.team.url.severalDatabases'));
  // A folder is the unix socket of a server on this computer.
  const loopback = host.startsWith('/') || isLoopbackHost(host);

  let sslMode: SslMode | null = null;
  let namesRootCert = false;
  for (const [key, raw] of url.searchParams) {
    if (key === 'sslmode') {
      if (!(SSL_MODES as readonly string[]).includes(raw)) {
        throw invalid(message('error.team.url.unknownSslMode', { mode: raw }));
      }
      sslMode = raw as SslMode;
    } else if (key === 'sslrootcert') {
      namesRootCert = true;
    } else if (!IGNORED_PARAMETERS.has(key)) {
      throw invalid(message('error.team.url.unusedSetting', { setting: key }));
    }
  }
  return {
    host,
    port,
    database,
    user,
    loopback,
    sslMode: sslMode ?? (loopback ? 'disable' : 'verify-full'),
    namesRootCert,
  };
}

/**
 * Judges a team store URL (with or without its password) as a store is
 * reached: throws an AppError saying what to change when it may not be used.
 */
export function judgeTeamUrl(value: string): TeamUrl {
  const team = readTeamUrl(value);
  // A path in the address would be read by main whoever typed it (the window,
  // an older version's settings); the file is chosen in main's dialog instead.
  if (team.namesRootCert) throw invalid(message('error.team.url.rootCertInAddress'));
  if (!team.loopback) {
    const mode = team.sslMode;
    if (mode === 'disable') throw invalid(message('error.team.url.unencrypted'));
    if (mode === 'allow' || mode === 'prefer') {
      throw invalid(message('error.team.url.fallsBack', { mode }));
    }
    // Encrypted, but to whichever server answers: on the way, anyone could be it.
    if (mode === 'require' || mode === 'verify-ca') {
      throw invalid(message('error.team.url.weakTls', { mode, host: team.host }));
    }
  }
  return team;
}

/**
 * The command line's own address (LIST_CLEANER_TEAM_URL) with its
 * sslrootcert= taken out: the file is the user's, named on their command
 * line, and read as root-cert.ts reads any (a regular local file, at most
 * 1 MB). The address left is judged as every other.
 */
export function rootCertOutOfUrl(value: string): { url: string; rootCert: string | null } {
  const url = parse(value);
  const rootCert = url.searchParams.get('sslrootcert');
  if (rootCert === null) return { url: value, rootCert: null };
  url.searchParams.delete('sslrootcert');
  return { url: url.href, rootCert };
}

/**
 * The URL as settings.json keeps it and the password the keychain keeps
 * (null when the URL had none). Only its shape is read here; whoever reaches
 * a store judges it (judgeTeamUrl) first.
 */
export function splitPassword(value: string): {
  urlWithoutPassword: string;
  password: string | null;
} {
  readTeamUrl(value);
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
 * libpq does; verify-ca checks it was signed by a trusted authority (both on
 * this computer only); verify-full also that it names this host. `ca`: the
 * root certificate's PEM text (root-cert.ts reads the file chosen for it).
 */
export function pgSsl(team: TeamUrl, ca: string | null = null): PgSsl {
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

/** "user@host:port/database": what a store is, for messages; never the password. */
export function describeTeamUrl(team: TeamUrl): string {
  const host = team.host.includes(':') ? `[${team.host}]` : team.host;
  return `${team.user}@${host}:${team.port}/${team.database}`;
}
