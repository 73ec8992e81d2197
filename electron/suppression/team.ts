// The account's suppression list as the team's: kept in the team store
// (migration 5), so an export one member imports is left out of every
// member's jobs, and a copy kept in this computer's list (suppression/
// store.ts) for when the store cannot be reached. Writes go to the store
// first, then to the copy; a write the store refuses changes neither and
// says so. A job's look-up asks the store; out of reach, it is answered by
// the copy (what this computer added or saw added, not a colleague's newest),
// and the user is told once, as the memory's outbox tells it (team-memory.ts).
//
// Rows go as answers do (answers.ts): a batch's hashes as one bytea cut by
// the server, the other columns as arrays beside it, upserted in key order so
// two members adding overlapping files lock rows in one order and never
// deadlock. A job asks by the memory's spots (lib/addresses/address-hash.ts), which
// keep all of the hash's second and third words (the index suppression_tag)
// and 17 bits of the first (checked here on each row that comes back).
import type { PoolClient } from 'pg';
import { english, message as said, say, type Message } from '../common/i18n/message';
import {
  reasonOf,
  storeLostWords,
  tellTeamNotice,
  type TeamNoticeListener,
} from '../coordination/notices';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import { normalizeCell } from '../lib/addresses/address';
import type { Spots } from '../lib/addresses/address-hash';
import type { AccountSuppression } from './account';
import type { AddResult, SuppressionStore } from './store';
import { teamAddressHash } from '../team/address-key';
import { accountIdOf, PER_STATEMENT } from '../team/accounts';
import type { TeamStore } from '../team/store';
import {
  anyListed,
  countOf,
  entryOfAddress,
  lookUp,
  pageOf,
  removeAddress,
  removeSourceNamed,
  sourceIdOf,
  sourcesOf,
  upsert,
} from './team-rows';
import { describeTeamUrl } from '../team/url';

/** Statements of a look-up in flight at once (the pool has four connections). */
const PARALLEL = 3;
/** A store found out of reach is not asked again within this: the copy answers meanwhile. */
const ASK_AGAIN_MS = 60_000;
/** A statement the store does not answer within this is taken as the store out of reach. */
const STATEMENT_MS = 60_000;

export interface TeamSuppressionOptions {
  /** The team store of the moment; rejects when it cannot be reached. */
  store: () => Promise<TeamStore>;
  /** The memory account (the key's fingerprint): the store's account. */
  account: string;
  /** This computer's list of the account: the copy. */
  copy: () => Promise<SuppressionStore>;
  /**
   * Told once when the store cannot be reached, and once when it is back;
   * by default every listener of the process (coordination/notices.ts), whose
   * shells say a loss once whichever part noticed it.
   */
  notice?: TeamNoticeListener;
  /** Epoch milliseconds (tests move it). */
  now?: () => number;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Rejects when `work` has not settled within STATEMENT_MS. */
function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${STATEMENT_MS / 1000} s`)),
      STATEMENT_MS,
    );
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The store's outage as the user is told it: once when it is lost, once when
 * it is back; and whether it was lost a moment ago (the copy then answers
 * without asking).
 */
function outage(notice: TeamNoticeListener, now: () => number) {
  let lostAt: number | null = null;
  let told = false;
  const tell = (words: Message, kind: 'lost' | 'back') =>
    notice(say(english.t, words), kind, words);
  return {
    failed(err: unknown) {
      lostAt = now();
      if (told) return;
      told = true;
      log.info(`team: the suppression list could not be read from the team store: ${message(err)}`);
      tell(storeLostWords(err), 'lost');
    },
    answered(where: string) {
      lostAt = null;
      if (!told) return;
      told = false;
      tell(
        where === ''
          ? said('notice.team.storeReachedAgain')
          : said('notice.team.storeReachedAgainAt', { where }),
        'back',
      );
    },
    lately: () => lostAt !== null && now() - lostAt < ASK_AGAIN_MS,
  };
}

/** The account's suppression list kept in the team store, with this computer's copy. */
export function teamSuppression(options: TeamSuppressionOptions): AccountSuppression {
  const { account } = options;
  const ids = new WeakMap<TeamStore, Promise<number>>();
  const { failed, answered, lately } = outage(
    options.notice ??
      ((_english, kind, words) => {
        if (words) tellTeamNotice(words, kind);
      }),
    options.now ?? Date.now,
  );

  /** The store and the account's number in it, asked once per store. */
  const reach = async (): Promise<{ store: TeamStore; accountId: number }> => {
    const store = await options.store();
    let id = ids.get(store);
    if (!id) {
      id = store.withClient((client) => accountIdOf(client, account));
      ids.set(store, id);
      id.catch(() => ids.delete(store));
    }
    return { store, accountId: await bounded(id) };
  };
  /** Runs `work` with the store; the store's failure is said (once) and thrown. */
  const withStore = async <T>(work: (store: TeamStore, accountId: number) => Promise<T>) => {
    let where = '';
    try {
      const { store, accountId } = await reach();
      where = describeTeamUrl(store.url);
      const result = await work(store, accountId);
      answered(where);
      return result;
    } catch (err) {
      failed(err);
      throw err;
    }
  };
  /** Runs `work` on one connection of the store, bounded in time. */
  const onStore = <T>(work: (client: PoolClient, accountId: number) => Promise<T>) =>
    withStore((store, accountId) => bounded(store.withClient((client) => work(client, accountId))));
  /** A write the store refused: nothing of it was kept, here or there. */
  const unwritten = (err: unknown, what: Message): Error =>
    err instanceof AppError && err.code !== 'network' && err.code !== 'timeout'
      ? err
      : new AppError(
          'network',
          said('error.team.suppression.unchanged', { reason: reasonOf(err), what }),
        );

  return {
    team: true,
    async add(rows, source) {
      const name = source.trim();
      if (name === '' || name.length > 255) throw new RangeError('a source is a file name');
      const keyed = rows
        .map((row) => ({ hash: teamAddressHash(row.address), row }))
        .sort((x, y) => Buffer.compare(x.hash, y.hash));
      let result: AddResult;
      try {
        result = await onStore(async (client, accountId) => {
          const sourceId = await sourceIdOf(client, accountId, name);
          const total: AddResult = { added: 0, replaced: 0 };
          for (let first = 0; first < keyed.length; first += PER_STATEMENT) {
            const part = await upsert(
              client,
              accountId,
              sourceId,
              keyed.slice(first, first + PER_STATEMENT),
            );
            total.added += part.added;
            total.replaced += part.replaced;
          }
          return total;
        });
      } catch (err) {
        throw unwritten(err, said('error.team.suppression.rowsNotAdded', { name }));
      }
      await (await options.copy()).add(rows, name);
      return result;
    },

    // The copy answers while the store is out of reach: its table is made now too.
    prepare: async () => (await options.copy()).prepare(),

    async reasonsOf(spots: Spots) {
      const copy = async () => (await options.copy()).hasMany(spots);
      if (spots.count === 0) return new Uint8Array(0);
      if (lately()) return copy();
      try {
        const found = new Uint8Array(spots.count);
        await withStore(async (store, accountId) => {
          const within = <T>(work: (client: PoolClient) => Promise<T>) =>
            bounded(store.withClient(work));
          // No list in the store: nothing to look up, at the cost of one round trip.
          if (!(await within((client) => anyListed(client, accountId)))) return;
          const starts: number[] = [];
          for (let first = 0; first < spots.count; first += PER_STATEMENT) starts.push(first);
          for (let k = 0; k < starts.length; k += PARALLEL) {
            await Promise.all(
              starts.slice(k, k + PARALLEL).map((first) => {
                const last = Math.min(first + PER_STATEMENT, spots.count);
                return within((client) => lookUp(client, accountId, spots, first, last, found));
              }),
            );
          }
        });
        return found;
      } catch {
        return copy();
      }
    },

    async get(address) {
      const normalized = normalizeCell(address);
      if (!lately()) {
        try {
          return await onStore((client, id) => entryOfAddress(client, id, normalized));
        } catch {
          // As a job would: the copy answers.
        }
      }
      return (await options.copy()).get(normalized);
    },

    list: (page = {}) => onStore((client, id) => pageOf(client, id, page)),

    async remove(address) {
      const normalized = normalizeCell(address);
      let removed: boolean;
      try {
        removed = await onStore((client, id) => removeAddress(client, id, normalized));
      } catch (err) {
        throw unwritten(
          err,
          said('error.team.suppression.stillSuppressed', { address: normalized }),
        );
      }
      const inCopy = await (await options.copy()).remove(normalized);
      return removed || inCopy;
    },

    async removeSource(source) {
      const name = source.trim();
      let removed: number;
      try {
        removed = await onStore((client, id) => removeSourceNamed(client, id, name));
      } catch (err) {
        throw unwritten(err, said('error.team.suppression.entriesStillSuppressed', { name }));
      }
      await (await options.copy()).removeSource(name);
      return removed;
    },

    sources: () => onStore(sourcesOf),
    // Asked before every import and start (is there a list at all?): out of
    // reach, the copy's count, as its look-ups are the copy's then.
    async count() {
      if (!lately()) {
        try {
          return await onStore(countOf);
        } catch {
          // Said once by onStore.
        }
      }
      return (await options.copy()).count();
    },
  };
}
