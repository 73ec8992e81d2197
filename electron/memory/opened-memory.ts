// What the outcome memory does once its LMDB store is open (outcome-memory.ts
// opens it), and the inert stand-in used when none could be: keep, recall,
// count, forget. A failing store loses reuses and says so in the log; it never
// throws into a job.
import type { Database, RootDatabase } from 'lmdb';
import { JOB_PRODUCTS, type JobProduct } from '../common/model';
import { log } from '../lib/log';
import { normalizeCell } from '../lists/address';
import type { AnswerDates, OutcomeMemory } from './outcome-memory';
import { MAX_CHECKED_AT, decodeRecord, recordCheckedAt, type RecalledOutcome } from './record';
import { rememberAll } from './remember';

export interface MemoryParts {
  dir: string;
  root: RootDatabase<Buffer, string>;
  dbs: Record<JobProduct, Database<Buffer, string>>;
  movedAside: string | null;
  /** Epoch milliseconds. */
  now: () => number;
}

const DAY = 86_400;
/** Entries looked at per step of `forget`, between which other work runs. */
const FORGET_STEP = 10_000;
/** Another process's clock may be ahead: answers dated up to a day ahead are taken as new. */
const SKEW = DAY;
/** The longest address kept (RFC 5321: 64 + 1 + 255); its UTF-8 stays under LMDB's key limit. */
const MAX_ADDRESS = 320;
/** A window longer than a century is a century. */
const MAX_DAYS = 36_500;

/** checkedAt as stored: whole epoch seconds that fit the record. */
export function checkedSeconds(checkedAt: number): number {
  const seconds = Math.floor(checkedAt);
  if (!Number.isFinite(checkedAt) || seconds < 1 || seconds > MAX_CHECKED_AT) {
    throw new RangeError(`checkedAt must be epoch seconds, not ${checkedAt}`);
  }
  return seconds;
}

function days(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${what} must be a number of days, 0 or more, not ${value}`);
  }
  return Math.min(value, MAX_DAYS);
}

/** The key of an address: as the importer normalizes it (lowercased, unwrapped). */
function keyOf(address: string): string | null {
  if (typeof address !== 'string') return null;
  const key = normalizeCell(address);
  return key.length > 0 && key.length <= MAX_ADDRESS ? key : null;
}

/**
 * Whether lmdb writes the key of this normalized address (its UTF-8 bytes)
 * as the bytes themselves, as it does for nearly all: its key encoding puts an
 * escape byte before a first byte under 28 and before any byte under 5 (none
 * of which an address has). Those that are not are looked up as strings.
 */
function plainKey(bytes: Uint8Array): boolean {
  const length = bytes.length;
  if (length === 0 || length > MAX_ADDRESS || (bytes[0] as number) < 28) return false;
  for (let i = 1; i < length; i++) if ((bytes[i] as number) < 5) return false;
  return true;
}

/** The dates of a product with nothing to find. */
const NO_DATES: AnswerDates = { any: false, at: () => 0 };

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The checkedAt (epoch seconds) an answer must fall within to be reused. */
interface Window {
  from: number;
  to: number;
}

export function openedMemory(parts: MemoryParts): OutcomeMemory {
  const { dir, root, dbs, movedAside, now } = parts;
  let closed = false;
  let warned = false;
  const warnOnce = (what: string, err?: unknown) => {
    if (warned) return;
    warned = true;
    log.warn(`The outcome memory ${dir}: ${what}; such answers are asked for again`, err);
  };
  const dbOf = (product: JobProduct): Database<Buffer, string> => {
    if (closed) throw new Error('The outcome memory is closed');
    const db = Object.hasOwn(dbs, product) ? dbs[product] : undefined;
    if (!db) throw new RangeError(`not a product: ${String(product)}`);
    return db;
  };
  const nowSeconds = () => Math.floor(now() / 1000);
  const windowOf = (maxAgeDays: number): Window | null => {
    const span = days(maxAgeDays, 'maxAgeDays');
    if (span === 0) return null;
    const at = nowSeconds();
    return { from: at - span * DAY, to: at + SKEW };
  };
  const read = (db: Database<Buffer, string>, key: string, window: Window) => {
    let bytes: Buffer | undefined;
    try {
      bytes = db.getBinaryFast(key);
    } catch (err) {
      warnOnce('a read failed', err);
      return null;
    }
    if (bytes === undefined) return null;
    const found = decodeRecord(bytes);
    if (!found) {
      warnOnce('a record could not be read');
      return null;
    }
    const { checkedAt, outcome } = found;
    if (outcome.status === 'unknown' || checkedAt < window.from || checkedAt > window.to) {
      return null;
    }
    return found;
  };
  function* each(
    db: Database<Buffer, string>,
    addresses: Iterable<string>,
    window: Window | null,
  ): Generator<RecalledOutcome | null, void, undefined> {
    for (const address of addresses) {
      const key = window ? keyOf(address) : null;
      yield key === null || !window ? null : read(db, key, window);
    }
  }
  /** answerDates: only the record's checkedAt is read, after checking its layout. */
  const datesIn = (db: Database<Buffer, string>, window: Window | null): AnswerDates => {
    if (!window || count(db) === 0) return NO_DATES;
    const { from, to } = window;
    const dateOf = (key: string | Uint8Array): number => {
      let bytes: Buffer | undefined;
      try {
        // lmdb writes a Uint8Array key as its bytes, the same key as the address's string.
        bytes = db.getBinaryFast(key as string);
      } catch (err) {
        warnOnce('a read failed', err);
        return 0;
      }
      if (bytes === undefined) return 0;
      const checkedAt = recordCheckedAt(bytes);
      if (checkedAt < 0) warnOnce('a record could not be read');
      return checkedAt > 0 && checkedAt >= from && checkedAt <= to ? checkedAt : 0;
    };
    return {
      any: true,
      at(address) {
        if (closed) throw new Error('The outcome memory is closed');
        if (typeof address !== 'string') {
          if (plainKey(address)) return dateOf(address);
          address = Buffer.from(address.buffer, address.byteOffset, address.length).toString();
        }
        const key = keyOf(address);
        return key === null ? 0 : dateOf(key);
      },
    };
  };
  const count = (db: Database<Buffer, string>): number => {
    try {
      const stats = db.getStats() as { entryCount?: unknown };
      return typeof stats.entryCount === 'number' ? stats.entryCount : 0;
    } catch (err) {
      warnOnce('its size could not be read', err);
      return 0;
    }
  };

  return {
    dir,
    available: true,
    movedAside,
    remember: async (product, entries, checkedAt) =>
      rememberAll(dbOf(product), entries, checkedSeconds(checkedAt), {
        keyOf,
        isOpen: () => !closed,
        dir,
      }),
    recall(product, address, maxAgeDays) {
      const db = dbOf(product);
      const window = windowOf(maxAgeDays);
      const key = window ? keyOf(address) : null;
      return key === null || !window ? null : read(db, key, window);
    },
    recallMany: (product, addresses, maxAgeDays) =>
      each(dbOf(product), addresses, windowOf(maxAgeDays)),
    answerDates: (product, maxAgeDays) => datesIn(dbOf(product), windowOf(maxAgeDays)),
    size: (product) =>
      product === undefined
        ? JOB_PRODUCTS.reduce((sum, p) => sum + count(dbOf(p)), 0)
        : count(dbOf(product)),
    async forget(olderThanDays) {
      const span = days(olderThanDays, 'olderThanDays');
      const at = nowSeconds();
      let removed = 0;
      for (const product of JOB_PRODUCTS) {
        removed += await forgetIn(dbOf(product), { from: at - span * DAY, to: at + SKEW }, dir);
      }
      return removed;
    },
    async clear() {
      await Promise.all(JOB_PRODUCTS.map((product) => dbOf(product).clearAsync()));
    },
    async close() {
      if (closed) return;
      closed = true;
      await root.close();
    },
  };
}

/** Removes one database's entries outside `window` (or unreadable); resolves to how many. */
async function forgetIn(
  db: Database<Buffer, string>,
  window: Window,
  dir: string,
): Promise<number> {
  let removed = 0;
  let start: string | undefined;
  try {
    for (;;) {
      const doomed: string[] = [];
      let seen = 0;
      const step = db.getRange({
        start,
        exclusiveStart: start !== undefined,
        limit: FORGET_STEP,
        snapshot: false,
      });
      for (const { key, value } of step) {
        seen += 1;
        start = key;
        const found = decodeRecord(value);
        if (!found || found.checkedAt < window.from || found.checkedAt > window.to) {
          doomed.push(key);
        }
      }
      if (doomed.length > 0) {
        await db.batch(() => {
          for (const key of doomed) void db.remove(key);
        });
        removed += doomed.length;
      }
      if (seen < FORGET_STEP) return removed;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (err) {
    log.warn(`The outcome memory ${dir} could not forget old answers: ${message(err)}`);
    return removed;
  }
}

/** The memory when none could be opened: it keeps nothing and knows nothing. */
export function unavailableMemory(dir: string, movedAside: string | null = null): OutcomeMemory {
  return {
    dir,
    available: false,
    movedAside,
    remember: async () => ({ stored: 0, skipped: 0 }),
    recall: () => null,
    *recallMany(_product, addresses) {
      const each = addresses[Symbol.iterator]();
      while (!each.next().done) yield null;
    },
    answerDates: () => NO_DATES,
    size: () => 0,
    forget: async () => 0,
    clear: async () => undefined,
    close: async () => undefined,
  };
}
