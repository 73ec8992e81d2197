// The account's suppression list as the jobs and the shells use it: one
// interface, all of it asynchronous, so the list may live in this computer's
// data folder (store.ts) or, with a team store, be the team's.
import type { TeamNoticeListener } from '../coordination/notices';
import type { Spots } from '../lib/addresses/address-hash';
import type { TeamStore } from '../team/store';
import type { SuppressionRow } from './types';
import type {
  AddResult,
  ListOptions,
  SuppressionEntry,
  SuppressionPage,
  SuppressionSource,
  SuppressionStore,
} from './store';

export interface AccountSuppression {
  /** Whether this is the team's list (team.ts), not only this computer's. */
  readonly team?: boolean;
  add(rows: readonly SuppressionRow[], source: string): Promise<AddResult>;
  /**
   * Per address of a list (the import's spots, or an address book's hashed
   * again): 0 when it is not suppressed, else its reason's code
   * (SUPPRESSION_REASONS' index + 1).
   */
  reasonsOf(spots: Spots): Promise<Uint8Array>;
  /** Readies this computer's copy for look-ups (store.ts prepare): after a file's import. */
  prepare(): Promise<void>;
  get(address: string): Promise<SuppressionEntry | null>;
  /** A page of entries; with `source`, of that file only. */
  list(options?: ListOptions): Promise<SuppressionPage>;
  remove(address: string): Promise<boolean>;
  removeSource(source: string): Promise<number>;
  sources(): Promise<SuppressionSource[]>;
  count(): Promise<number>;
}

/** The list kept in this computer's data folder. */
export function localSuppression(store: SuppressionStore): AccountSuppression {
  return {
    add: (rows, source) => store.add(rows, source),
    reasonsOf: async (spots) => store.hasMany(spots),
    prepare: async () => store.prepare(),
    get: async (address) => store.get(address),
    list: async (options) => store.list(options),
    remove: (address) => store.remove(address),
    removeSource: (source) => store.removeSource(source),
    sources: async () => store.sources(),
    count: async () => store.count(),
  };
}

/** Nothing suppressed: the demo's account, or no account at all. */
export const noSuppression: AccountSuppression = {
  add: async () => ({ added: 0, replaced: 0 }),
  reasonsOf: async (spots) => new Uint8Array(spots.count),
  prepare: async () => undefined,
  get: async () => null,
  list: async () => ({ entries: [], next: null }),
  remove: async () => false,
  removeSource: async () => 0,
  sources: async () => [],
  count: async () => 0,
};

export interface SuppressionOpenerOptions {
  dataDir: string;
  /** The memory's account name in use now, null for none. */
  account: () => string | null;
  /**
   * The team store of the moment (JobsOptions.team): with one named, the
   * list is the team's (team.ts), this computer's a copy of it.
   */
  team?: () => Promise<TeamStore | null>;
  /**
   * Told once when the team store cannot be reached (and once when it is
   * back); by default every listener of the process (tellTeamNotice), as the
   * limits and claims tell it.
   */
  onTeamNotice?: TeamNoticeListener;
}

/**
 * The suppression list of the account in use now: this computer's, or with a
 * team store named the team's, opened once per account (and per store).
 */
export function suppressionOpener(options: SuppressionOpenerOptions): {
  get: () => Promise<AccountSuppression>;
  close: () => Promise<void>;
} {
  const opened = new Map<string, Promise<SuppressionStore>>();
  let held: { account: string; list: AccountSuppression } | null = null;
  const localOf = (name: string): Promise<SuppressionStore> => {
    let store = opened.get(name);
    if (!store) {
      store = import('./store').then(({ openSuppressionStore }) =>
        openSuppressionStore(options.dataDir, { account: name }),
      );
      opened.set(name, store);
      // A list that could not be opened is tried again next time, not kept failed.
      store.catch(() => opened.delete(name));
    }
    return store;
  };
  /** Whether a team store is named now: one that cannot be reached is named. */
  const teamNamed = async (): Promise<boolean> => {
    if (!options.team) return false;
    try {
      return (await options.team()) !== null;
    } catch {
      return true;
    }
  };
  return {
    async get() {
      const name = options.account();
      if (name === null) return noSuppression;
      if (!(await teamNamed())) return localSuppression(await localOf(name));
      if (held?.account !== name) {
        const team = options.team;
        const { teamSuppression } = await import('./team');
        held = {
          account: name,
          list: teamSuppression({
            account: name,
            store: async () => {
              const store = await team?.();
              if (!store) throw new Error('the team store was removed');
              return store;
            },
            copy: () => localOf(name),
            ...(options.onTeamNotice ? { notice: options.onTeamNotice } : {}),
          }),
        };
      }
      return held.list;
    },
    async close() {
      const stores = [...opened.values()];
      opened.clear();
      held = null;
      await Promise.all(stores.map(async (s) => (await s.catch(() => null))?.close()));
    },
  };
}
