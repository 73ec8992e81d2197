// The memory of outcomes already paid for, so an address checked last week is
// not paid for again when the same list comes back: each answer the service
// gave is kept per account and product with its date, under a hash of its
// address (address-hash.ts, bucket.ts), and a later job takes the recent ones
// from here instead of sending them.
//
// It is an embedded LMDB database (lmdb) in <dataDir>/memory/: memory-mapped,
// with readers that never wait and one writer at a time across processes, so
// the app and any number of `list-cleaner` commands use it at the same moment.
// It is a cache, not a record: each job's outcomes.log stays the record of what
// was paid for. Losing the memory loses only reuses, so nothing here may stop a
// job: a memory that cannot be opened is moved aside (store-check.ts) or left
// out, with a log line, and the job pays as it did before there was one.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type * as LmdbModule from 'lmdb';
import type { Database, RootDatabase } from 'lmdb';
import type { JobProduct } from '../common/model';
import { log } from '../lib/log';
import type { AddressOutcome } from '../lists/types';
import { openedMemory, unavailableMemory } from './opened-memory';
import type { AddressSpot, Spots } from '../lib/addresses/address-hash';
import type { DomainFacts } from './domain-facts';
import type { RecalledOutcome } from './buckets/answers';
import { migrateKeyedByAddress, migrateVariableBuckets } from './buckets/migrate';
import { inspectStore, moveAside } from './store-check';
import { bucketsDb, type DatedAnswer } from './remember';

export type { DatedAnswer } from './remember';

export type { RecalledOutcome } from './buckets/answers';

/** What one `remember` kept. */
export interface RememberResult {
  /** Outcomes written. */
  stored: number;
  /** Not kept: 'unknown' outcomes (see remember), and addresses or outcomes that cannot be keys or records. */
  skipped: number;
  /** rememberDated: not kept because the answer kept for the address is as new or newer. */
  older?: number;
}

export interface OutcomeMemory {
  /** Where it lives: <dataDir>/memory. */
  readonly dir: string;
  /** False when it could not be opened at all: it then keeps and gives nothing. */
  readonly available: boolean;
  /** Where a damaged memory found on opening was moved, or null. */
  readonly movedAside: string | null;
  /** What the account learned of mail domains and their providers (domain-facts.ts). */
  readonly facts: DomainFacts;
  /**
   * Keeps `entries` (normalized address → the service's answer) as given at
   * `checkedAt` (epoch seconds), in batches, each one transaction; resolves
   * once all are committed. A later answer for an address replaces the earlier.
   *
   * 'unknown' answers are not kept: the service does not charge for them, so
   * asking again costs nothing and may get a real answer, while a kept unknown
   * would either be reused (a free retry lost for a month) or overwrite an
   * earlier real answer with nothing.
   */
  remember(
    product: JobProduct,
    entries: Iterable<readonly [address: string, outcome: AddressOutcome]>,
    checkedAt: number,
    /** How many entries there are, when known: the batch is sized once instead of grown. */
    expected?: number,
  ): Promise<RememberResult>;
  /**
   * remember() for addresses known by their spots (a job's, memory/spot-file.ts):
   * no address is read or hashed again. The spot given may be one object
   * changed between entries: its words are copied at once.
   */
  rememberSpots(
    product: JobProduct,
    entries: Iterable<readonly [spot: AddressSpot, outcome: AddressOutcome]>,
    checkedAt: number,
    expected?: number,
  ): Promise<RememberResult>;
  /**
   * Keeps answers given with their own dates (a colleague's, from the team
   * store: entries of [spot, outcome, checkedAt in epoch seconds]), each
   * replacing the answer kept for its address and product only when newer.
   * 'unknown' answers are not kept, as for remember. An entry naming a
   * vendor is that vendor's verdict (verdicts/), kept for 'email' only, and
   * recalled with its source.
   */
  rememberDated(
    product: JobProduct,
    entries: Iterable<DatedAnswer>,
    /** How many entries there are, when known. */
    expected?: number,
  ): Promise<RememberResult>;
  /** The kept answer for `address` if it is at most `maxAgeDays` old (0: never), else null. */
  recall(product: JobProduct, address: string, maxAgeDays: number): RecalledOutcome | null;
  /**
   * recall for each address, in order, as they are read: one answer (or null)
   * per address, so a million-address list streams through without being held.
   */
  recallMany(
    product: JobProduct,
    addresses: Iterable<string>,
    maxAgeDays: number,
  ): Generator<RecalledOutcome | null, void, undefined>;
  /**
   * For each address of a list (given as its spots, address-hash.ts), the
   * dates of the answers that may serve it, within `maxAgeDays`: read a bucket
   * at a time, without decoding the answers (recall-list.ts).
   */
  datesOf(spots: Spots, maxAgeDays: number): Promise<RecalledList>;
  /** Outcomes kept for one product, or both. */
  size(product?: JobProduct): number;
  /** Removes what is older than `olderThanDays` (and what cannot be read); resolves to how many answers. */
  forget(olderThanDays: number): Promise<number>;
  /** Removes everything this account's memory holds, what it learned of domains too. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

/** When each address's usable answer was given, by its index in the list. */
export interface RecalledList {
  /**
   * checkedAt (epoch seconds) of the newest answer that may serve an email
   * check: one kept for 'email' or for 'avatar' (an email + avatar answer
   * holds the email's), or 0 when none is within the window.
   */
  email: Uint32Array;
  /** checkedAt of an answer kept for 'avatar', the only one that may serve an avatar check, or 0. */
  avatar: Uint32Array;
}

export interface OutcomeMemoryOptions {
  /**
   * Whose answers: a fingerprint of the API key, or "demo". Accounts never see
   * each other's outcomes (another key may be another service's account).
   * Letters, digits, "-" and "_", at most 64. Default "default".
   */
  account?: string;
  /** The clock, epoch milliseconds (tests move it). */
  now?: () => number;
  /** Bytes read through the map before the store is reopened (map-budget.ts; tests make it small). */
  mapReadBudget?: number;
}

/** The memory's folder inside the app's data folder. */
export const memoryDir = (dataDir: string): string => join(dataDir, 'memory');

/**
 * Our layout: 3, buckets of hashed addresses with entries of one size
 * (bucket.ts), one database per account, and a dictionary of providers
 * (providers.ts). Earlier ones are moved into it on opening (migrate.ts): 1,
 * one database per account and product keyed by the address; 2, buckets of
 * entries of varying size. A memory written by a later layout is left alone,
 * not read.
 */
const FORMAT = 3;
/** Named databases: one per account, and "meta". */
const MAX_DBS = 64;

type Lmdb = typeof LmdbModule;

/**
 * The address space the file is mapped into, on macOS and Linux: one mapping
 * for the life of the process. Left to lmdb, the map starts at 128 KB and
 * each time the file outgrows it a larger one is made while the old ones stay
 * mapped (buffers may still point into them), so a memory written through a
 * long job was resident about twice over. Space only, not memory nor disk:
 * the file grows as before, and a process opened with lmdb's default (an
 * earlier List Cleaner) shares the file as ever. Windows keeps lmdb's
 * default, whose mapping rules there differ.
 */
const MAP_SIZE = 2 ** 40;

/**
 * The options every process opens the memory with. They must be the same in
 * all of them (LMDB keeps some in the file, and lmdb refuses a second process
 * that asks for others).
 *
 * Durability stays LMDB's default, though the memory is only a cache (a lost
 * write loses a reuse, never a paid answer: outcomes.log keeps those). Commits
 * are synced off the JavaScript thread where the OS allows (lmdb's overlapped
 * sync on macOS and Linux), `remember` waits for its commit, not for the disk,
 * and it commits about once per call (remember.ts): noSync made no measurable
 * difference on a million outcomes. What noSync would risk is worse than a
 * lost write: after a power cut, a file whose pages point at pages never
 * written, which LMDB reads without checking, so the app would crash rather
 * than forget, and stop a job. Left out too, though faster: useWritemap (about
 * a fifth less time for remember) writes into the mapped file itself, so a
 * stray write corrupts it; LMDB forbids mixing processes with and without it
 * on one file (durability is lost), so a List Cleaner of before could not
 * share the memory with one of after; and the file is grown to its whole map
 * size (sparse on Linux, not on Windows). noMemInit would leave bytes of this
 * process's heap (an API key, say) in the file's unused parts.
 * Values are our own bytes (bucket.ts): no msgpack, no compression (an
 * answer is 14 bytes of hash and date and gains from neither).
 */
const STORE_OPTIONS = {
  maxDbs: MAX_DBS,
  encoding: 'binary',
  compression: false,
  ...(process.platform === 'win32' ? {} : { mapSize: MAP_SIZE }),
} as const;

const ACCOUNT = /^[A-Za-z0-9_-]{1,64}$/;

async function loadLmdb(): Promise<Lmdb> {
  const lmdb = await import('lmdb');
  // The command line's bundle loads native modules on first use
  // (scripts/build-cli.mjs): touching `open` loads it now, so a library that
  // cannot load here is not mistaken for a damaged memory.
  void lmdb.open.name;
  return lmdb;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Opens the folder, moving a damaged memory aside first; null when nothing can be opened. */
async function openStore(
  lmdb: Lmdb,
  dir: string,
): Promise<{ root: RootDatabase<Buffer, string>; movedAside: string | null } | null> {
  let movedAside: string | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const problem = await inspectStore(dir);
    if (problem === null) break;
    if (attempt === 2) return null;
    try {
      movedAside = await moveAside(dir);
      log.warn(
        `The outcome memory ${dir} could not be used (${problem}); it was moved to ${movedAside} and a new one started: the answers it held are not reused.`,
      );
    } catch (err) {
      // Another process moved it first: look again at what is there now.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      log.warn(`The outcome memory ${dir} could not be used (${problem}) nor moved aside`, err);
      return null;
    }
  }
  await mkdir(dir, { recursive: true });
  return { root: lmdb.open<Buffer, string>(dir, STORE_OPTIONS), movedAside };
}

/**
 * Brings the memory to our format (moving answers kept by an earlier one into
 * buckets); false when a later format wrote it.
 */
async function ownFormat(
  root: RootDatabase<Buffer, string>,
  meta: Database<Buffer, string>,
  dir: string,
): Promise<boolean> {
  const stored = meta.get('format');
  const format = stored?.length === 1 ? (stored[0] as number) : null;
  if (format !== null && format > FORMAT) {
    log.warn(
      `The outcome memory ${dir} was written by a later List Cleaner (format ${format}); it is not used by this one.`,
    );
    return false;
  }
  if (format === FORMAT) return true;
  if (format === 1) await migrateKeyedByAddress(root, meta, { dir, open: answersOf });
  if (format === 2) await migrateVariableBuckets(root, meta, { dir, open: answersOf });
  await meta.put('format', Buffer.from([FORMAT]));
  return true;
}

/** An account's database of buckets: bucket number → bytes. */
const answersOf = (root: RootDatabase<Buffer, string>, account: string): Database<Buffer, number> =>
  bucketsDb(root, `buckets/${account}`);

/**
 * Opens the memory in <dataDir>/memory for one account. Never throws for the
 * state of the disk: a damaged memory is moved aside and a new one started, and
 * one that cannot be opened at all gives an unavailable memory (see
 * `available`), with a log line either way.
 */
export async function openOutcomeMemory(
  dataDir: string,
  options: OutcomeMemoryOptions = {},
): Promise<OutcomeMemory> {
  const account = options.account ?? 'default';
  if (!ACCOUNT.test(account)) throw new RangeError(`not an account name: ${account}`);
  const dir = memoryDir(dataDir);
  const now = options.now ?? Date.now;
  let lmdb: Lmdb;
  try {
    lmdb = await loadLmdb();
  } catch (err) {
    log.warn(
      `The outcome memory cannot be used here: its database library did not load (${message(err)})`,
    );
    return unavailableMemory(dir);
  }
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore(lmdb, dir);
  } catch (err) {
    log.warn(`The outcome memory ${dir} could not be opened`, err);
    return unavailableMemory(dir);
  }
  if (!store) return unavailableMemory(dir);
  const { root, movedAside } = store;
  try {
    const meta = root.openDB<Buffer, string>('meta', { encoding: 'binary' });
    if (!(await ownFormat(root, meta, dir))) {
      await root.close();
      return unavailableMemory(dir, movedAside);
    }
    return openedMemory({
      reopen: async (closing) => {
        // Closed once its writes are on disk, the close waits for nothing
        // else and the store is opened again straight after.
        await closing.flushed;
        await closing.close();
        const again = lmdb.open<Buffer, string>(dir, STORE_OPTIONS);
        return {
          root: again,
          meta: again.openDB<Buffer, string>('meta', { encoding: 'binary' }),
          answers: answersOf(again, account),
        };
      },
      dir,
      root,
      account,
      answers: answersOf(root, account),
      meta,
      countsKey: `count/${account}`,
      movedAside,
      now,
      ...(options.mapReadBudget !== undefined ? { mapReadBudget: options.mapReadBudget } : {}),
    });
  } catch (err) {
    log.warn(`The outcome memory ${dir} could not be opened`, err);
    await root.close().catch(() => undefined);
    return unavailableMemory(dir, movedAside);
  }
}
