// The account's suppression list as the jobs and the shells use it: one
// interface, all of it asynchronous, so the list may live in this computer's
// data folder (store.ts) or, with a team store, be the team's.
import type { Spots } from '../memory/address-hash';
import type { SuppressionRow } from './types';
import type {
  AddResult,
  SuppressionEntry,
  SuppressionPage,
  SuppressionSource,
  SuppressionStore,
} from './store';

export interface AccountSuppression {
  add(rows: readonly SuppressionRow[], source: string): Promise<AddResult>;
  /**
   * Per address of a list (the import's spots, or an address book's hashed
   * again): 0 when it is not suppressed, else its reason's code
   * (SUPPRESSION_REASONS' index + 1).
   */
  reasonsOf(spots: Spots): Promise<Uint8Array>;
  get(address: string): Promise<SuppressionEntry | null>;
  list(options?: { after?: string | null; limit?: number }): Promise<SuppressionPage>;
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
  get: async () => null,
  list: async () => ({ entries: [], next: null }),
  remove: async () => false,
  removeSource: async () => 0,
  sources: async () => [],
  count: async () => 0,
};

/**
 * The suppression list of the account in use now (`account()`: the memory's
 * account name, null for none), opened once per account.
 */
export function suppressionOpener(
  dataDir: string,
  account: () => string | null,
): { get: () => Promise<AccountSuppression>; close: () => Promise<void> } {
  const opened = new Map<string, Promise<SuppressionStore>>();
  return {
    async get() {
      const name = account();
      if (name === null) return noSuppression;
      let store = opened.get(name);
      if (!store) {
        const { openSuppressionStore } = await import('./store');
        store = openSuppressionStore(dataDir, { account: name });
        opened.set(name, store);
        // A list that could not be opened is tried again next time, not kept failed.
        store.catch(() => opened.delete(name));
      }
      return localSuppression(await store);
    },
    async close() {
      const stores = [...opened.values()];
      opened.clear();
      await Promise.all(stores.map(async (s) => (await s.catch(() => null))?.close()));
    },
  };
}
