// The app's team store: its address in settings.json without the password,
// the password in the keychain (account "team-store") together with the
// address it was proven against, so it is only ever sent to that store. A
// store is saved only after "Test connection" passed there (which also sets
// up or migrates its schema, and refuses a newer one). The address comes from
// the window, which is untrusted: main reaches a store it names, or starts or
// stops sharing through one, only after the user's yes in main's own dialog
// naming the store (lib/consent.ts). A root certificate is never named by the
// window: main's own Open dialog chooses the file (team:rootcert), it is read
// as root-cert.ts allows, and is used for the next test or connect.
import { basename } from 'node:path';
import { DEMO_MEMORY } from '../lib/account-name';
import { oneLine } from '../common/text/one-line';
import type { TeamTestView, TeamView } from '../common/views/team-views';
import { english, message, say, type Translate } from '../common/i18n/message';
import { AppError, sayError } from '../lib/app-error';
import type { KeyStore } from '../secrets/key-store';
import type { SettingsStore } from '../settings/settings';
import type { TeamStore } from './store';
import { describeTeamUrl, judgeTeamUrl, readTeamUrl, splitPassword } from './url';
import { readRootCert } from './root-cert';
import { noConsent, requireConsent, type Consent } from '../lib/consent';

/** The keychain entry's account; its service is the app's ("List Cleaner"). */
export const TEAM_KEYCHAIN_ACCOUNT = 'team-store';

/** The saved store's address and its password (null when it needs none), or null when none is saved. */
export interface SavedTeam {
  url: string;
  password: string | null;
  /** The root certificate file to trust (main's dialog chose it, or the command line named it). */
  rootCert?: string | null;
}

/**
 * The saved team store: the address from settings and the password the
 * keychain holds for exactly that address (a password proven elsewhere is not sent).
 */
export async function savedTeam(
  url: string | null,
  keys: () => Promise<KeyStore>,
  rootCert: string | null = null,
): Promise<SavedTeam | null> {
  if (url === null) return null;
  const saved = await (await keys()).get();
  return {
    url,
    password: saved !== null && saved.provenBaseUrl === url ? saved.apiKey : null,
    rootCert,
  };
}

/** A root certificate main's dialog chose, as the window is told of it. */
export interface ChosenRootCert {
  /** The file's name, one line. */
  fileName: string;
}

export interface TeamConnectionOptions {
  settings: SettingsStore;
  /** The keychain entry of the team store's password, opened when first needed. */
  keys: () => Promise<KeyStore>;
  /** The current account's name in the memory (account.memoryAccount()); null with no account. */
  memoryAccount: () => string | null;
  /** The account's answers waiting in this computer's outbox (outbox.ts). */
  waiting?: (account: string) => Promise<number>;
  connectTimeoutMs?: number;
  /** The window's language, in which the view's notes and errors are said; English without one. */
  words?: () => Translate;
  /** Asks the user before a store the window named is reached, saved or left; no without it. */
  consent?: Consent;
}

export interface TeamConnection {
  status(): Promise<TeamView>;
  /**
   * Tests a typed address (or, without one, the saved store) without saving
   * anything; `password`, typed in its own field, stands for one in the address.
   */
  test(url?: string, password?: string): Promise<TeamTestView>;
  /** Tests the address and, once it passed, saves it (the password to the keychain). */
  connect(url: string, password?: string): Promise<TeamView>;
  /** Forgets the team store: its address and its password. The store itself is not touched. */
  remove(): Promise<TeamView>;
  /**
   * The root certificate file main's own Open dialog chose (null: cancelled):
   * read and checked now, then trusted by the next test or connect, and saved
   * with the store it connects.
   */
  chooseRootCert(path: string | null): Promise<ChosenRootCert | null>;
}

/** The view of no store reached: none saved, or, with its address and error, one out of reach. */
const noTeamView = (warning: string | null): TeamView => ({
  url: null,
  connected: false,
  target: null,
  serverVersion: null,
  schemaVersion: null,
  member: null,
  role: null,
  answers: null,
  answersNote: null,
  waiting: null,
  error: null,
  warning,
});

export function openTeamConnection(options: TeamConnectionOptions): TeamConnection {
  const { settings, keys } = options;
  const consent = options.consent ?? noConsent;
  /** What a store is, for a dialog: "user@host:port/database" (a saved one may no longer pass). */
  const target = (url: string) => describeTeamUrl(readTeamUrl(url));
  /** The certificate main's dialog chose, until a store is connected or removed. */
  let chosen: string | null = null;
  /** The certificate a store is reached with: the one just chosen, else the one saved with it. */
  const rootCertFor = (url: string): string | null => {
    const { teamUrl, teamRootCert } = settings.get();
    return chosen ?? (url === teamUrl ? teamRootCert : null);
  };
  const t = (): Translate => options.words?.() ?? english.t;
  const errorWords = (e: unknown): string => (e instanceof Error ? sayError(e, t()) : String(e));
  const timeout =
    options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs };

  async function withStore<T>(team: SavedTeam, work: (store: TeamStore) => Promise<T>): Promise<T> {
    // The driver (pg) is loaded only to reach a store: reading whether one is
    // saved, as every command does, must cost nothing to someone without a team.
    const { openTeamStore } = await import('./store');
    const store = await openTeamStore({ ...team, ...timeout });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  }

  async function warning(): Promise<string | null> {
    const store = await keys();
    return store.storage === 'memory' && store.warning !== null
      ? say(t(), message('notice.team.passwordNotKept'))
      : null;
  }

  /**
   * The typed address and its password: the one typed in its own field, else
   * the one in the address, else the saved one for the same address.
   */
  async function typed(url: string, field?: string): Promise<SavedTeam> {
    const { urlWithoutPassword, password: inUrl } = splitPassword(url);
    // Judged before any question or connection: a typed address never names a file.
    judgeTeamUrl(urlWithoutPassword);
    const rootCert = rootCertFor(urlWithoutPassword);
    const password = field ? field : inUrl;
    if (password !== null) return { url: urlWithoutPassword, password, rootCert };
    const saved = await savedTeam(urlWithoutPassword, keys);
    return { url: urlWithoutPassword, password: saved?.password ?? null, rootCert };
  }

  async function status(): Promise<TeamView> {
    const none = noTeamView(await warning());
    const team = await savedTeam(settings.get().teamUrl, keys, settings.get().teamRootCert);
    if (team === null) return none;
    const account = options.memoryAccount();
    const counted = account !== null && account !== DEMO_MEMORY;
    // Shown reached or not: what waits is what a store out of reach holds back.
    const waiting =
      counted && options.waiting ? await options.waiting(account).catch(() => null) : null;
    try {
      // A store counts no answers for an account it never saw: the demo's or none.
      const found = await withStore(team, (store) => store.status(counted ? account : ''));
      return {
        ...none,
        url: team.url,
        connected: true,
        target: found.target,
        serverVersion: found.serverVersion,
        schemaVersion: found.schemaVersion,
        member: found.member,
        role: found.role,
        answers: counted ? found.answers : null,
        answersNote: counted
          ? null
          : say(
              t(),
              account === null
                ? message('notice.team.answersNoAccount')
                : message('notice.team.answersDemo'),
            ),
        waiting,
      };
    } catch (e) {
      return { ...none, url: team.url, waiting, error: errorWords(e) };
    }
  }

  async function test(url?: string, password?: string): Promise<TeamTestView> {
    const team =
      url === undefined
        ? await savedTeam(settings.get().teamUrl, keys, rootCertFor(settings.get().teamUrl ?? ''))
        : await typed(url, password);
    if (team === null) {
      throw new AppError('invalid_input', message('error.team.connection.noneSet'));
    }
    // The saved store was the user's own choice; another is reached only on their yes.
    if (team.url !== settings.get().teamUrl) {
      await requireConsent(consent, { kind: 'team-test', target: target(team.url) });
    }
    const found = await withStore(team, (store) => store.test());
    return {
      target: found.target,
      serverVersion: found.serverVersion,
      schemaVersion: found.schemaVersion,
      migrated: found.migrated,
      encrypted: found.encrypted,
      canReadWrite: found.canReadWrite,
    };
  }

  return {
    status,
    test,
    async connect(url, password) {
      const team = await typed(url, password);
      const saved = settings.get().teamUrl;
      if (team.url !== saved) {
        await requireConsent(consent, {
          kind: 'team-connect',
          target: target(team.url),
          replacing: saved === null ? null : target(saved),
        });
      }
      const found = await withStore(team, (store) => store.test());
      if (!found.canReadWrite) {
        throw new AppError(
          'forbidden',
          message('error.team.connection.cannotReadWrite', {
            where: found.target,
            user: judgeTeamUrl(team.url).user,
          }),
        );
      }
      // The keychain first: settings never name a store whose password was not kept.
      const store = await keys();
      if (team.password === null) {
        if ((await store.get()) !== null) await store.clear();
      } else await store.set({ apiKey: team.password, provenBaseUrl: team.url });
      await settings.update({ teamUrl: team.url, teamRootCert: team.rootCert });
      chosen = null;
      return status();
    },
    async remove() {
      const saved = settings.get().teamUrl;
      if (saved !== null)
        await requireConsent(consent, { kind: 'team-remove', target: target(saved) });
      await settings.update({ teamUrl: null, teamRootCert: null });
      chosen = null;
      const store = await keys();
      if ((await store.get()) !== null) await store.clear();
      return status();
    },
    async chooseRootCert(path) {
      if (path === null) return null;
      // Checked now, so a wrong file is said at once, not at the next test.
      await readRootCert(path);
      chosen = path;
      return { fileName: oneLine(basename(path)) };
    },
  };
}
