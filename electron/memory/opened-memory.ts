// What the outcome memory does once its LMDB store is open (outcome-memory.ts
// opens it), and the inert stand-in used when none could be: keep, recall,
// count, forget. Answers live in buckets (bucket.ts) under a hash of their
// address (address-hash.ts). A failing store loses reuses and says so in the
// log; it never throws into a job.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { JOB_PRODUCTS, type JobProduct } from '../common/model';
import { log } from '../lib/log';
import { normalizeCell } from '../lib/addresses/address';
import { BUCKETS, MAX_ADDRESS, spotOfAddress } from '../lib/addresses/address-hash';
import { MAX_CHECKED_AT, outcomeAt } from './buckets/answers';
import { countOf, findEntry, productBit, pruneBucket } from './buckets/bucket';
import type { OutcomeMemory } from './outcome-memory';
import { STEP, dateWithin, datesIn, noDates, type Window } from './list-dates';
import { dictionarySize, providerNames } from './providers';
import { noDomainFacts, openDomainFacts } from './domain-facts';
import {
  addCounts,
  readCounts,
  rememberAll,
  rememberDatedAll,
  rememberSpotsAll,
  type BucketStore,
} from './remember';
import { heldFacts, mapBudget, underHold } from './map-budget';

export interface MemoryParts extends BucketStore {
  /**
   * Closes `root` once its writes are on disk and opens the store again
   * (outcome-memory.ts), to let go of the pages its map read (map-budget.ts):
   * the memory uses what it gives in place of its own.
   */
  reopen: (root: BucketStore['root']) => Promise<Pick<BucketStore, 'root' | 'answers' | 'meta'>>;
  dir: string;
  /** Whose answers (outcome-memory.ts): the facts learned of domains are kept under it too. */
  account: string;
  movedAside: string | null;
  /** Epoch milliseconds. */
  now: () => number;
  /** Bytes read through the map before the store is reopened; MAP_READ_BUDGET unless given. */
  mapReadBudget?: number;
}

const DAY = 86_400;
/** Another process's clock may be ahead: answers dated up to a day ahead are taken as new. */
const SKEW = DAY;
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
export function keyOf(address: string): string | null {
  if (typeof address !== 'string') return null;
  const key = normalizeCell(address);
  return key.length > 0 && key.length <= MAX_ADDRESS ? key : null;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export function openedMemory(parts: MemoryParts): OutcomeMemory {
  const { dir, movedAside, now } = parts;
  let nameOf = providerNames(parts.meta);
  let closed = false;
  let warned = false;
  const warnOnce = (what: string, err?: unknown) => {
    if (warned) return;
    warned = true;
    log.warn(`The outcome memory ${dir}: ${what}; such answers are asked for again`, err);
  };
  const open = () => {
    if (closed) throw new Error('The outcome memory is closed');
  };
  const map = mapBudget(async () => {
    try {
      Object.assign(parts, await parts.reopen(parts.root));
      nameOf = providerNames(parts.meta);
    } catch (err) {
      closed = true;
      await parts.root.close().catch(() => undefined);
      log.warn(`The outcome memory ${dir} could not be opened again; it is not used now`, err);
    }
  }, parts.mapReadBudget);
  const held = <T>(work: () => Promise<T>) => underHold(map, work);
  const isOpen = () => !closed;
  const writing = { isOpen, dir, map };
  const facts = heldFacts(
    map,
    openDomainFacts(() => parts.root, parts.account, isOpen),
  );
  const bitOf = (product: JobProduct): number => {
    if (!JOB_PRODUCTS.includes(product)) throw new RangeError(`not a product: ${String(product)}`);
    return productBit(product);
  };
  const nowSeconds = () => Math.floor(now() / 1000);
  const windowOf = (maxAgeDays: number): Window | null => {
    const span = days(maxAgeDays, 'maxAgeDays');
    if (span === 0) return null;
    const at = nowSeconds();
    return { from: at - span * DAY, to: at + SKEW };
  };
  const bucketAt = (bucket: number): Buffer | undefined => {
    try {
      const value = parts.answers.getBinaryFast(bucket);
      map.read(value?.length ?? 0);
      return value;
    } catch (err) {
      warnOnce('a read failed', err);
      return undefined;
    }
  };
  const read = (bit: number, address: string, window: Window | null) => {
    const key = window ? keyOf(address) : null;
    if (key === null || !window) return null;
    const spot = spotOfAddress(key);
    const value = bucketAt(spot.bucket);
    if (!value) return null;
    const count = countOf(value);
    const i = findEntry(value, count, spot.tag0, spot.tag1, bit);
    if (i < 0) return null;
    const found = outcomeAt(value, count, i, nameOf);
    if (!found) {
      warnOnce('a record could not be read');
      return null;
    }
    const { checkedAt } = found;
    if (checkedAt < window.from || checkedAt > window.to) {
      return null;
    }
    return found;
  };
  const counts = (): [number, number] => {
    try {
      return readCounts(parts);
    } catch (err) {
      warnOnce('its size could not be read', err);
      return [0, 0];
    }
  };

  return {
    dir,
    available: true,
    movedAside,
    facts,
    remember: async (product, entries, checkedAt, at) =>
      rememberAll(parts, bitOf(product), entries, checkedSeconds(checkedAt), keyOf, writing, at),
    rememberSpots: async (product, entries, checkedAt, at) =>
      rememberSpotsAll(parts, bitOf(product), entries, checkedSeconds(checkedAt), writing, at),
    rememberDated: async (product, entries, expected) =>
      rememberDatedAll(parts, bitOf(product), entries, writing, expected),
    recall(product, address, maxAgeDays) {
      open();
      return read(bitOf(product), address, windowOf(maxAgeDays));
    },
    *recallMany(product, addresses, maxAgeDays) {
      open();
      const bit = bitOf(product);
      const window = windowOf(maxAgeDays);
      for (const address of addresses) yield read(bit, address, window);
    },
    datesOf(spots, maxAgeDays) {
      open();
      const window = windowOf(maxAgeDays);
      const [emails, avatars] = counts();
      if (!window || emails + avatars === 0) return Promise.resolve(noDates(spots));
      return held(() =>
        datesIn(spots, window, {
          bucketAt,
          warnOnce,
          known: dictionarySize(parts.meta),
          open,
          map,
        }),
      );
    },
    size(product) {
      open();
      const [emails, avatars] = counts();
      if (product === undefined) return emails + avatars;
      return bitOf(product) === 1 ? avatars : emails;
    },
    async forget(olderThanDays) {
      open();
      const span = days(olderThanDays, 'olderThanDays');
      const at = nowSeconds();
      await facts.prune(at - span * DAY).catch(() => 0);
      return held(() => forgetIn(parts, { from: at - span * DAY, to: at + SKEW }, isOpen));
    },
    async clear() {
      open();
      await held(() =>
        parts.root.transaction(() => {
          parts.answers.clearSync();
          parts.meta.removeSync(parts.countsKey);
        }),
      );
      await facts.clear();
    },
    async close() {
      if (closed) return;
      await map.idle();
      if (closed) return;
      closed = true;
      await parts.root.close();
    },
  };
}

/** Whether a bucket of [start, start + STEP) holds an entry `keep` refuses, or a damaged one. */
function anyRefused(
  store: MemoryParts,
  start: number,
  keep: (value: Uint8Array, i: number) => boolean,
) {
  for (const { value } of store.answers.getRange({ start, end: start + STEP })) {
    if (pruneBucket(value, keep, [0, 0]) !== null) return true;
  }
  return false;
}

/**
 * Removes the answers dated outside `window` (or unreadable), a step of
 * buckets per transaction where there is any; resolves to how many.
 */
async function forgetIn(
  store: MemoryParts,
  window: Window,
  isOpen: () => boolean,
): Promise<number> {
  // Read before the buckets (and again in each transaction): a code written in a bucket was in the dictionary first.
  let known = dictionarySize(store.meta);
  const keep = (value: Uint8Array, i: number): boolean => dateWithin(value, i, window, known) > 0;
  let removed = 0;
  try {
    for (let start = 0; start < BUCKETS && isOpen(); start += STEP) {
      // Read first, outside any transaction: most steps hold nothing to
      // forget, and then the write lock is not taken at all (a process that
      // exits holding it would leave others waiting).
      if (!anyRefused(store, start, keep)) continue;
      removed += await store.root.transaction(() => {
        known = dictionarySize(store.meta);
        const gone: [number, number] = [0, 0];
        const changed: [number, Buffer][] = [];
        for (const { key, value } of store.answers.getRange({ start, end: start + STEP })) {
          const bytes = pruneBucket(value, keep, gone);
          if (bytes) changed.push([key, bytes]);
        }
        for (const [bucket, bytes] of changed) {
          if (bytes.length === 0) store.answers.removeSync(bucket);
          else store.answers.putSync(bucket, bytes);
        }
        addCounts(store, [-gone[0], -gone[1]]);
        return gone[0] + gone[1];
      });
      await nextTurn();
    }
  } catch (err) {
    log.warn(`The outcome memory ${store.dir} could not forget old answers: ${message(err)}`);
  }
  return removed;
}

/** The memory when none could be opened: it keeps nothing and knows nothing. */
export function unavailableMemory(dir: string, movedAside: string | null = null): OutcomeMemory {
  return {
    dir,
    available: false,
    movedAside,
    facts: noDomainFacts,
    remember: async () => ({ stored: 0, skipped: 0 }),
    rememberSpots: async () => ({ stored: 0, skipped: 0 }),
    rememberDated: async () => ({ stored: 0, skipped: 0 }),
    recall: () => null,
    *recallMany(_product, addresses) {
      const each = addresses[Symbol.iterator]();
      while (!each.next().done) yield null;
    },
    datesOf: async (spots) => ({
      email: new Uint32Array(spots.count),
      avatar: new Uint32Array(spots.count),
    }),
    size: () => 0,
    forget: async () => 0,
    clear: async () => undefined,
    close: async () => undefined,
  };
}
