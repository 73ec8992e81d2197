// The team store this process shares through, opened once and kept: the jobs
// (answers, claims, limits, history) and the screens ask it for the store of
// the moment. The store named changes when Settings → Team connects another
// or removes it; the pool of the old one is closed then. Opening a pool
// brings its schema up to date (or refuses a newer one); a store that cannot
// be reached rejects, and the caller goes on without it.
import type { ClockSkew } from './clock';
import type { SavedTeam } from './connection';
import type { TeamStore } from './store';

export interface CurrentTeamStore {
  /**
   * The store to use now, its schema up to date, or null when none is set;
   * rejects when it cannot be reached or was set up by a newer List Cleaner.
   */
  get(): Promise<TeamStore | null>;
  close(): Promise<void>;
}

export interface CurrentTeamStoreOptions {
  /** The store named now and its password (settings and keychain, or the environment). */
  saved: () => Promise<SavedTeam | null>;
  connectTimeoutMs?: number;
  /** This computer's clock differs from the store's (clock.ts): told once per store opened. */
  onClockSkew?: (skew: ClockSkew) => void;
}

/**
 * How long the store named is taken as read: every request of a job asks for
 * the store, and reading the keychain each time would cost more than the
 * request. A store connected or removed in Settings is taken up within this.
 */
const NAMED_FOR_MS = 5_000;

export function currentTeamStore(options: CurrentTeamStoreOptions): CurrentTeamStore {
  let held: { id: string; store: Promise<TeamStore> } | null = null;
  let named: { at: number; team: Promise<SavedTeam | null> } | null = null;
  const namedNow = () => {
    if (named === null || Date.now() - named.at > NAMED_FOR_MS) {
      const team = options.saved();
      named = { at: Date.now(), team };
      team.catch(() => (named = null));
    }
    return named.team;
  };
  const drop = async () => {
    const was = held;
    held = null;
    if (was) await (await was.store.catch(() => null))?.close();
  };
  return {
    async get() {
      const team = await namedNow();
      if (team === null) {
        await drop();
        return null;
      }
      const id = `${team.url}\n${team.password ?? ''}\n${team.rootCert ?? ''}`;
      if (held?.id !== id) {
        await drop();
        // Loaded here: only a process with a team store needs the PostgreSQL driver.
        const opening = (async () => {
          const [{ openTeamStore }, { migrate }, { clockSkew }] = await Promise.all([
            import('./store'),
            import('./migrations'),
            import('./clock'),
          ]);
          const store = await openTeamStore({
            url: team.url,
            password: team.password,
            rootCert: team.rootCert,
            ...(options.connectTimeoutMs === undefined
              ? {}
              : { connectTimeoutMs: options.connectTimeoutMs }),
          });
          try {
            // The first process of a team (or the first after an update) sets the schema up;
            // a newer one is refused here, before anything is written to it.
            const skew = await store.withClient(async (client) => {
              await migrate(client);
              return options.onClockSkew ? clockSkew(client) : null;
            });
            if (skew) options.onClockSkew?.(skew);
            return store;
          } catch (err) {
            await store.close().catch(() => undefined);
            throw err;
          }
        })();
        held = { id, store: opening };
        opening.catch(() => {
          if (held?.store === opening) held = null;
        });
      }
      return held.store;
    },
    close: drop,
  };
}
