// How the memory keeps answers (OutcomeMemory.remember): they are read from
// the caller a batch per turn of the event loop, hashed and encoded, then put
// into their buckets (bucket.ts) in bucket order, a range of buckets per
// transaction, each bucket read and rewritten inside the transaction that
// writes it. So another process writing the same bucket at the same moment
// waits for LMDB's write lock instead of losing an answer, and a million
// answers are some twenty transactions that each copy only their own part of
// the file (LMDB copies every page a transaction changes).
//
// Commits are as durable as any of lmdb's (synced, see outcome-memory.ts).
// Another process waits for the write lock meanwhile; its reads never wait.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database, RootDatabase } from 'lmdb';
import type { VerdictVendor } from '../common/catalogs/vendors';
import { log } from '../lib/log';
import type { AddressOutcome } from '../lists/types';
import { BUCKETS, byBucket, sortByTag, type AddressSpot } from '../lib/addresses/address-hash';
import { unbudgeted, type MapBudget } from './map-budget';
import { MAX_CHECKED_AT, createAnswerBatch, entriesOf, type AnswerBatch } from './buckets/answers';
import { ENTRY, mergeBucket, type BucketAdds } from './buckets/bucket';
import type { RememberResult } from './outcome-memory';
import { providerCodes } from './providers';

/**
 * Answers read per turn of the event loop: some 10 to 20 ms of this thread,
 * after which the app answers its window and runs its jobs again.
 */
const BATCH = 20_000;
/** Answers written per transaction, about 100 ms of this thread. */
const PER_TRANSACTION = 100_000;
/**
 * Bucket bytes rewritten per transaction at most, as estimated from the
 * answers the memory holds. LMDB holds every page a transaction changes in
 * memory until it commits, and reuses a freed page only once the transactions
 * before it are done. Ten million answers kept half a million at a time, in
 * the same 16 s: with 65,536 buckets a transaction, 90 MB more memory than
 * with 2,048 (about these bytes at that size); with 16,384, 50 MB more and a
 * file 40% larger (318 MB against 229). A smaller memory's buckets are
 * smaller: more of them go in a transaction, and a million answers into a
 * new memory are ten commits, not sixty-four.
 */
const BYTES_PER_TRANSACTION = 2 * 1024 * 1024;

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The LMDB databases one account's answers live in. */
export interface BucketStore {
  root: RootDatabase<Buffer, string>;
  /** Bucket number → bucket bytes. */
  answers: Database<Buffer, number>;
  /** Holds the account's counts (countsKey): email and avatar answers, two uint32. */
  meta: Database<Buffer, string>;
  countsKey: string;
}

/** A database of buckets by name: bucket number (uint32) → bucket bytes. */
export const bucketsDb = (
  root: RootDatabase<Buffer, string>,
  name: string,
): Database<Buffer, number> =>
  root.openDB<Buffer, number>(name, {
    encoding: 'binary',
    keyEncoding: 'uint32',
    compression: false,
  });

/** What writeBuckets needs besides the store. */
export interface WriteParts {
  /** False once the memory is closed: nothing more is written. */
  isOpen: () => boolean;
  /** The memory's folder, for the log. */
  dir: string;
  /** What is read through the map, and when the store may be reopened to let go of it (map-budget.ts). */
  map?: MapBudget;
  /** Answers with their own dates (the team store's): one replaces a kept answer only when newer. */
  keepNewer?: boolean;
  /** Told how many answers of a committed transaction were not kept for a newer one kept (keepNewer). */
  onOlder?: (count: number) => void;
}

/** The account's answer counts as kept (email, avatar); zeros when none are. */
export function readCounts(store: BucketStore): [number, number] {
  const bytes = store.meta.getBinary(store.countsKey);
  if (!bytes || bytes.length !== 8) return [0, 0];
  return [bytes.readUInt32LE(0), bytes.readUInt32LE(4)];
}

/** Adds `delta` to the counts, inside the caller's transaction. */
export function addCounts(store: BucketStore, delta: readonly [number, number]): void {
  if (delta[0] === 0 && delta[1] === 0) return;
  const [email, avatar] = readCounts(store);
  const bytes = Buffer.alloc(8);
  bytes.writeUInt32LE(Math.max(0, email + delta[0]), 0);
  bytes.writeUInt32LE(Math.max(0, avatar + delta[1]), 4);
  store.meta.putSync(store.countsKey, bytes);
}

/** The batch's provider names as the dictionary's codes, added to it where new (providers.ts). */
async function codesOf(store: BucketStore, names: readonly string[]): Promise<Uint8Array> {
  if (names.length === 0) return new Uint8Array(0);
  let codes: Uint8Array = new Uint8Array(0);
  await store.root.transaction(() => {
    codes = providerCodes(store.meta, names);
  });
  return codes;
}

/**
 * Puts the batch's answers into their buckets under `product` (productBit);
 * resolves to how many were committed. A failing transaction (a full disk,
 * the memory closed) ends the writing with a log line: the answers not kept
 * are asked for again.
 */
export async function writeBuckets(
  store: BucketStore,
  product: number,
  batch: AnswerBatch,
  parts: WriteParts,
): Promise<number> {
  if (batch.count === 0) return 0;
  const map = parts.map ?? unbudgeted;
  await map.idle();
  const release = map.hold();
  try {
    return await writeHeld(store, product, batch, {
      ...parts,
      map,
      keepNewer: parts.keepNewer === true,
      onOlder: parts.onOlder ?? (() => undefined),
    });
  } finally {
    release();
  }
}

/** writeBuckets under its hold on the store. */
async function writeHeld(
  store: BucketStore,
  product: number,
  batch: AnswerBatch,
  { isOpen, dir, map, keepNewer, onOlder }: Required<WriteParts>,
): Promise<number> {
  const keptOnly = (stored: number, why: string) =>
    log.warn(`The outcome memory ${dir} kept only ${stored} answers: ${why}`);
  if (!isOpen()) {
    keptOnly(0, 'the memory was closed');
    return 0;
  }
  const { order, starts } = byBucket(batch.bucket);
  let entries: ReturnType<typeof entriesOf>;
  try {
    entries = entriesOf(batch, await codesOf(store, batch.names), product, order);
  } catch (err) {
    keptOnly(0, message(err));
    return 0;
  }
  // One set of adds for every bucket, in bucket order: its ids (positions in
  // that order) and count change per bucket.
  const adds: BucketAdds = { ...entries, ids: new Uint32Array(64), count: 0, keepNewer };
  let stored = 0;
  let failed = false;
  /** Writes buckets [first, last) in one transaction. */
  const write = (first: number, last: number) => {
    let gained = 0;
    let older = 0;
    for (let b = first; b < last; b++) {
      const start = starts[b] as number;
      const count = (starts[b + 1] as number) - start;
      if (count === 0) continue;
      if (adds.ids.length < count) adds.ids = new Uint32Array(count * 2);
      for (let k = 0; k < count; k++) adds.ids[k] = start + k;
      adds.count = count;
      sortByTag(adds.ids, count, adds.tag0, adds.tag1);
      const before = store.answers.getBinaryFast(b);
      map.read(before?.length ?? 0);
      const merged = mergeBucket(before, adds);
      store.answers.putSync(b, merged.bytes);
      gained += merged.gained;
      older += merged.older;
    }
    addCounts(store, product === 1 ? [0, gained] : [gained, 0]);
    return older;
  };
  /** Resolves once a transaction of `count` answers is committed, or failed (said once). */
  const committed = (transaction: Promise<number>, count: number) =>
    transaction.then(
      (older) => {
        if (failed) return;
        stored += count - older;
        if (older > 0) onOlder(older);
      },
      (err: unknown) => {
        if (!failed) keptOnly(stored, message(err));
        failed = true;
      },
    );
  // The next transaction is queued before the last one's commit is waited
  // for, so this thread encodes while lmdb syncs.
  let pending: Promise<void> = Promise.resolve();
  let bucket = 0;
  // What a bucket holds on average before these answers join it.
  const [emails, avatars] = readCounts(store);
  const held = (emails + avatars) / BUCKETS;
  while (bucket < starts.length - 1 && !failed) {
    // The next range of buckets that holds about PER_TRANSACTION answers, in
    // about BYTES_PER_TRANSACTION of buckets.
    const first = bucket;
    const from = starts[first] as number;
    let bytes = 0;
    while (
      bucket < starts.length - 1 &&
      (starts[bucket] as number) - from < PER_TRANSACTION &&
      bytes < BYTES_PER_TRANSACTION
    ) {
      const adds = (starts[bucket + 1] as number) - (starts[bucket] as number);
      if (adds > 0) bytes += (held + adds) * ENTRY;
      bucket += 1;
    }
    const last = bucket;
    const count = (starts[last] as number) - from;
    if (count === 0) continue;
    if (!isOpen()) {
      await pending;
      if (!failed) keptOnly(stored, 'the memory was closed');
      return stored;
    }
    let transaction: Promise<number>;
    try {
      transaction = store.root.transaction(() => write(first, last));
    } catch (err) {
      transaction = Promise.reject(err);
    }
    const previous = pending;
    pending = committed(transaction, count);
    await previous;
    if (map.due()) {
      // Reopened only with nothing of ours in flight: the next transaction
      // is made on the new store.
      await pending;
      await map.settle();
    }
  }
  await pending;
  return stored;
}

/**
 * Reads every entry (a batch per turn of the event loop), then writes them
 * (writeBuckets). `keyOf` gives the normalized address, or null for one not
 * kept. When the source throws, what it gave before is still written, then
 * its error thrown.
 */
export async function rememberAll(
  store: BucketStore,
  product: number,
  entries: Iterable<readonly [string, AddressOutcome]>,
  checkedAt: number,
  keyOf: (address: string) => string | null,
  parts: WriteParts,
  /** Entries the source holds, when known: the batch's arrays are made once, at that size. */
  expected = 1024,
): Promise<RememberResult> {
  const iterator = entries[Symbol.iterator]();
  const batch = createAnswerBatch(Math.min(Math.max(expected, 16), 1 << 22));
  let skipped = 0;
  let sourceError: { error: unknown } | null = null;
  // Closing waits for nothing: once closed, what is left is not read.
  for (let more = true; more && parts.isOpen();) {
    for (let n = 0; n < BATCH; n++) {
      let next: IteratorResult<readonly [string, AddressOutcome]>;
      try {
        next = iterator.next();
      } catch (error) {
        sourceError = { error };
        more = false;
        break;
      }
      if (next.done) {
        more = false;
        break;
      }
      const [address, outcome] = next.value;
      const key = keyOf(address);
      if (key === null || !batch.add(key, outcome, checkedAt)) skipped += 1;
    }
    if (more) await nextTurn();
  }
  const stored = await writeBuckets(store, product, batch.done(), parts);
  if (sourceError) throw (sourceError as { error: unknown }).error;
  return { stored, skipped };
}

/**
 * rememberAll for addresses known by their spots (a job's, as its import
 * hashed them: memory/spot-file.ts), all answered at `checkedAt`: a later
 * answer for an address replaces the one kept, as rememberAll's do.
 */
export async function rememberSpotsAll(
  store: BucketStore,
  product: number,
  entries: Iterable<readonly [AddressSpot, AddressOutcome]>,
  checkedAt: number,
  parts: WriteParts,
  expected = 1024,
): Promise<RememberResult> {
  const batch = createAnswerBatch(Math.min(Math.max(expected, 16), 1 << 22));
  let skipped = 0;
  let n = 0;
  for (const [spot, outcome] of entries) {
    if (!parts.isOpen()) break;
    if (!batch.addAt(spot, outcome, checkedAt)) skipped += 1;
    if (++n % BATCH === 0) await nextTurn();
  }
  const stored = await writeBuckets(store, product, batch.done(), parts);
  return { stored, skipped };
}

/**
 * One answer with its own date, for an address known by its spot (a team
 * store's), and for another vendor's verdict that vendor (verdicts/).
 */
export type DatedAnswer = readonly [
  spot: AddressSpot,
  outcome: AddressOutcome,
  checkedAt: number,
  source?: VerdictVendor,
];

/**
 * Keeps answers given with their own dates (epoch seconds), each under its
 * spot, replacing a kept answer only when newer (WriteParts.keepNewer). The
 * entries are read a batch per turn of the event loop, as rememberAll reads.
 */
export async function rememberDatedAll(
  store: BucketStore,
  product: number,
  entries: Iterable<DatedAnswer>,
  parts: WriteParts,
  expected = 1024,
): Promise<RememberResult> {
  const batch = createAnswerBatch(Math.min(Math.max(expected, 16), 1 << 22));
  let skipped = 0;
  let older = 0;
  let n = 0;
  for (const [spot, outcome, checkedAt, source] of entries) {
    if (!parts.isOpen()) break;
    const seconds = Math.floor(checkedAt);
    const dated = Number.isFinite(checkedAt) && seconds >= 1 && seconds <= MAX_CHECKED_AT;
    // A vendor's verdict is an email answer: it never serves an avatar check.
    const fits = !source || product === 0;
    if (!dated || !fits || !batch.addAt(spot, outcome, seconds, source)) skipped += 1;
    if (++n % BATCH === 0) await nextTurn();
  }
  const stored = await writeBuckets(store, product, batch.done(), {
    ...parts,
    keepNewer: true,
    onOlder: (count) => (older += count),
  });
  return { stored, skipped, older };
}
