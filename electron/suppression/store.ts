// The account's suppression list: addresses never to be sent nor paid for,
// because a platform said they bounced, complained or unsubscribed, or the
// user said so. Per account (the memory's account name,
// account/memory-account.ts), each entry under the memory's hash of its
// address (entry-bytes.ts), with its reason, date, source file and the
// platform's words.
//
// An LMDB database of its own in <dataDir>/suppression, beside the memory
// rather than inside it: the memory is a cache a damaged file may lose, and
// every process must open it with the same options (outcome-memory.ts),
// while this list is the user's own and is kept synced. Readers never wait,
// one writer at a time across processes, so the app and `list-cleaner` share
// it. A later add of an address replaces its entry (the newest export says
// why it is suppressed now), so an address is one entry whatever files said it.
import { dropKeyTable, reasonsIn } from './key-table';
import { countOf, keyTableFor } from './lookup';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database, RootDatabase } from 'lmdb';
import { z } from 'zod';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import { spotOfAddress, type Spots } from '../lib/addresses/address-hash';
import { normalizeCell } from '../lib/addresses/address';
import { KEY_BYTES, decodeEntry, encodeEntry, keyOf, sourceOf } from './entry-bytes';
import type { SuppressionReason, SuppressionRow } from './formats';

export interface SuppressionEntry {
  address: string;
  reason: SuppressionReason;
  /** ISO 8601 UTC, or null when the source gave no date. */
  date: string | null;
  /** The source file's name, or "" when its record is gone. */
  source: string;
  detail: string;
}

export interface SuppressionSource {
  name: string;
  /** When it was last added, ISO 8601 UTC. */
  addedAt: string;
  /** Entries it gave that are still its own (not removed, nor replaced by a later file). */
  entries: number;
}

export interface SuppressionPage {
  entries: SuppressionEntry[];
  /** Give it as `after` for the next page; null after the last. */
  next: string | null;
}

export interface AddResult {
  /** Addresses not suppressed before. */
  added: number;
  /** Addresses whose entry this replaced. */
  replaced: number;
}

export interface ListOptions {
  /** The `next` of the page before. */
  after?: string | null;
  limit?: number;
  /** Only this file's entries (a name as `sources()` gives it). */
  source?: string | null;
}

export interface SuppressionStore {
  readonly dir: string;
  /**
   * Keeps `rows` as coming from the file named `source` (a name, not a path),
   * in one transaction; call again with the next batch of the same file.
   */
  add(rows: readonly SuppressionRow[], source: string): Promise<AddResult>;
  /**
   * A page of entries in key order (the hash's, so no order a person reads
   * into); with `source`, only the entries of the file of that name.
   */
  list(options?: ListOptions): SuppressionPage;
  /** The entry of an address (normalized here as the importer does), or null. */
  get(address: string): SuppressionEntry | null;
  has(address: string): boolean;
  /**
   * For each address of a list given as the memory's spots (the import's
   * worker makes them, lib/addresses/address-hash.ts), its reason's code when it is
   * suppressed (reasonCodeOf: SUPPRESSION_REASONS' index + 1), else 0:
   * looked up in the list's key table (key-table.ts), made first when the
   * list changed since.
   */
  hasMany(spots: Spots): Uint8Array;
  /**
   * Makes the key table now, as the first look-up after a change would: at
   * the end of a file's import, so the next list's import does not wait for
   * it (some 0.4 s a million entries).
   */
  prepare(): void;
  /** Removes one address; whether it was there. */
  remove(address: string): Promise<boolean>;
  /** Removes every entry the file named `source` gave (and not replaced since), and its record; how many. */
  removeSource(source: string): Promise<number>;
  sources(): SuppressionSource[];
  count(): number;
  close(): Promise<void>;
}

export const suppressionDir = (dataDir: string): string => join(dataDir, 'suppression');

const ACCOUNT = /^[A-Za-z0-9_-]{1,64}$/;
/** Named databases: two per account (entries, sources). */
const MAX_DBS = 256;
const PAGE_DEFAULT = 100;
const PAGE_MAX = 1_000;
/** Entries removed per transaction when a file's are: LMDB holds a transaction's pages until it commits. */
const REMOVE_PER_TRANSACTION = 50_000;

const sourceRecord = z.object({
  name: z.string().min(1).max(255),
  addedAt: z.string(),
  entries: z.number().int().nonnegative().default(0),
});
const cursorSchema = z.string().regex(new RegExp(`^[0-9a-f]{${KEY_BYTES * 2}}$`));

const secondsOf = (iso: string | null): number => {
  if (iso === null) return 0;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms > 0 ? Math.min(Math.floor(ms / 1000), 0xffffffff) : 0;
};

type SourcesDb = Database<unknown, number>;

/** The folder's environment. */
export async function openRoot(dir: string): Promise<RootDatabase<Buffer, string>> {
  const { open } = await import('lmdb');
  return open<Buffer, string>(dir, { maxDbs: MAX_DBS, encoding: 'binary', compression: false });
}

/** An account's entries, keyed by the memory's spot of the address (entry-bytes.ts). */
export const entriesOf = (
  root: RootDatabase<Buffer, string>,
  account: string,
): Database<Buffer, Buffer> =>
  root.openDB<Buffer, Buffer>(`entries/${account}`, {
    keyEncoding: 'binary',
    encoding: 'binary',
    compression: false,
  });

/** The account's source files by number, each record checked (a record no version wrote is left out). */
function sourcesIn(db: SourcesDb): Map<number, SuppressionSource> {
  const found = new Map<number, SuppressionSource>();
  for (const { key, value } of db.getRange()) {
    const parsed = sourceRecord.safeParse(value);
    if (parsed.success) found.set(key, parsed.data);
  }
  return found;
}

/** Moves each source's count of entries by its change, inside the caller's transaction. */
function countIn(db: SourcesDb, changes: Map<number, number>): void {
  const known = sourcesIn(db);
  for (const [id, by] of changes) {
    const source = known.get(id);
    if (source && by !== 0)
      db.putSync(id, { ...source, entries: Math.max(0, source.entries + by) });
  }
}

const change = (changes: Map<number, number>, id: number, by: number): void => {
  changes.set(id, (changes.get(id) ?? 0) + by);
};

/**
 * Removes the entries of source `id`: a batch of keys found, then removed, a
 * transaction each; each search goes on from where the last stopped (what
 * lies before it is removed), so the file is walked once.
 */
async function removeEntriesOf(entries: Database<Buffer, Buffer>, id: number): Promise<number> {
  let removed = 0;
  let from: Buffer | null = null;
  for (;;) {
    const keys: Buffer[] = [];
    for (const { key, value } of entries.getRange(from ? { start: from } : {})) {
      if (sourceOf(value) === id) keys.push(Buffer.from(key));
      if (keys.length === REMOVE_PER_TRANSACTION) break;
    }
    if (keys.length === 0) break;
    removed += await entries.transaction(() => {
      let n = 0;
      for (const key of keys) {
        const bytes = entries.getBinaryFast(key);
        if (bytes !== undefined && sourceOf(bytes) === id && entries.removeSync(key)) n += 1;
      }
      return n;
    });
    if (keys.length < REMOVE_PER_TRANSACTION) break;
    from = keys[keys.length - 1] as Buffer;
  }
  return removed;
}

export interface SuppressionStoreOptions {
  /** Whose list: the memory's account name (account/memory-account.ts). */
  account: string;
  /** The clock, epoch milliseconds (tests move it). */
  now?: () => number;
}

/** Opens (making it if need be) the suppression list of one account in <dataDir>/suppression. */
export async function openSuppressionStore(
  dataDir: string,
  options: SuppressionStoreOptions,
): Promise<SuppressionStore> {
  const { account } = options;
  if (!ACCOUNT.test(account)) throw new RangeError(`not an account name: ${account}`);
  const now = options.now ?? Date.now;
  const dir = suppressionDir(dataDir);
  let root: RootDatabase<Buffer, string>;
  try {
    await mkdir(dir, { recursive: true });
    root = await openRoot(dir);
  } catch (err) {
    // Unlike the memory, never moved aside nor started anew: it is the user's list.
    log.warn(`The suppression list ${dir} could not be opened`, err);
    const reason = err instanceof Error ? err.message : String(err);
    throw new AppError('disk_write', message('error.suppression.notOpened', { reason }));
  }
  const entries = entriesOf(root, account);
  const sourcesDb: SourcesDb = root.openDB<unknown, number>(`sources/${account}`, {
    keyEncoding: 'uint32',
    encoding: 'json',
    compression: false,
  });

  const idOf = (known: Map<number, SuppressionSource>, name: string): number | null => {
    for (const [id, source] of known) if (source.name === name) return id;
    return null;
  };
  const present = (key: Buffer, names: Map<number, SuppressionSource>): SuppressionEntry | null => {
    const bytes = entries.getBinaryFast(key);
    if (bytes === undefined) return null;
    const entry = decodeEntry(bytes);
    if (entry === null) return null;
    return {
      address: entry.address,
      reason: entry.reason,
      date: entry.date === 0 ? null : new Date(entry.date * 1000).toISOString(),
      source: names.get(entry.source)?.name ?? '',
      detail: entry.detail,
    };
  };
  /** The number of the source named `name`, made (or its date renewed) in a transaction of its own. */
  const sourceIdOf = (name: string): Promise<number> =>
    sourcesDb.transaction(() => {
      const known = sourcesIn(sourcesDb);
      const id = idOf(known, name) ?? Math.max(0, ...known.keys()) + 1;
      const entriesOfIt = known.get(id)?.entries ?? 0;
      sourcesDb.putSync(id, { name, addedAt: new Date(now()).toISOString(), entries: entriesOfIt });
      return id;
    });
  const keyOfAddress = (address: string): Buffer => keyOf(spotOfAddress(normalizeCell(address)));
  // Made when a list is first looked up (key-table.ts), forgotten with its file at each change.
  let table: Int32Array | null = null;
  const changedList = () => {
    table = null;
    return dropKeyTable(dir, account);
  };

  return {
    dir,
    async add(rows, source) {
      const name = source.trim();
      if (name === '' || name.length > 255) throw new RangeError('a source is a file name');
      const id = await sourceIdOf(name);
      // Encoded before the write lock is taken, and put in key order, so each
      // page the transaction copies is copied once. Keys are hashes, so a
      // batch still touches pages all over the file: `npm run bench --
      // suppression` measured 1,000,000 entries added in 13 to 17 s (4 s of
      // it reading the file) to a file of about 220 bytes an entry (10,000 a
      // transaction; 50,000 cut the time by a fifth but tripled the heap).
      // The memory's buckets (memory/buckets/bucket.ts) would cut both, and are the
      // next step if either matters.
      const puts = rows
        .map((row) => ({
          key: keyOf(spotOfAddress(row.address)),
          value: encodeEntry({
            address: row.address,
            reason: row.reason,
            date: secondsOf(row.date),
            source: id,
            detail: row.detail,
          }),
        }))
        .sort((x, y) => Buffer.compare(x.key, y.key));
      const changed = entries.transaction(() => {
        const result: AddResult = { added: 0, replaced: 0 };
        const changes = new Map<number, number>();
        for (const { key, value } of puts) {
          const before = entries.getBinaryFast(key);
          if (before === undefined) result.added += 1;
          else {
            result.replaced += 1;
            change(changes, sourceOf(before), -1);
          }
          change(changes, id, 1);
          entries.putSync(key, value);
        }
        countIn(sourcesDb, changes);
        return result;
      });
      await changedList();
      return changed;
    },
    list(options = {}) {
      const limit = Math.max(1, Math.min(options.limit ?? PAGE_DEFAULT, PAGE_MAX));
      const after = options.after ? Buffer.from(cursorSchema.parse(options.after), 'hex') : null;
      const names = sourcesIn(sourcesDb);
      const only = options.source == null ? null : idOf(names, options.source.trim());
      if (options.source != null && only === null) return { entries: [], next: null };
      const page: SuppressionEntry[] = [];
      let last: Buffer | null = null;
      let more = false;
      const range = entries.getRange(after ? { start: after } : {});
      for (const { key, value } of range) {
        if (after && key.equals(after)) continue;
        if (only !== null && sourceOf(value) !== only) continue;
        if (page.length === limit) {
          more = true;
          break;
        }
        const entry = present(key, names);
        if (entry) page.push(entry);
        last = Buffer.from(key);
      }
      return { entries: page, next: more && last ? last.toString('hex') : null };
    },
    get: (address) => present(keyOfAddress(address), sourcesIn(sourcesDb)),
    has: (address) => entries.doesExist(keyOfAddress(address)),
    hasMany(spots) {
      table = keyTableFor(dir, account, entries, table);
      return reasonsIn(table, spots);
    },
    prepare() {
      table = keyTableFor(dir, account, entries, table);
    },
    async remove(address) {
      const key = keyOfAddress(address);
      const removed = await entries.transaction(() => {
        const before = entries.getBinaryFast(key);
        if (before === undefined) return false;
        countIn(sourcesDb, new Map([[sourceOf(before), -1]]));
        return entries.removeSync(key);
      });
      if (removed) await changedList();
      return removed;
    },
    async removeSource(source) {
      const id = idOf(sourcesIn(sourcesDb), source.trim());
      if (id === null) return 0;
      const removed = await removeEntriesOf(entries, id);
      await sourcesDb.transaction(() => sourcesDb.removeSync(id));
      await changedList();
      return removed;
    },
    sources: () => [...sourcesIn(sourcesDb).values()],
    count: () => countOf(entries),
    close: () => root.close(),
  };
}
