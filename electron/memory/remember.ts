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
import { log } from '../lib/log';
import type { AddressOutcome } from '../lists/types';
import { byBucket, createSpots, sortByTag, type Spots } from './address-hash';
import { fitsBucket, mergeBucket } from './bucket';
import type { RememberResult } from './outcome-memory';
import { recordEncoder } from './record';

/**
 * Answers read per turn of the event loop: some 10 to 20 ms of this thread,
 * after which the app answers its window and runs its jobs again.
 */
const BATCH = 20_000;
/** Answers written per transaction, about 100 ms of this thread. */
const PER_TRANSACTION = 100_000;

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

/** What writeBuckets needs besides the store. */
export interface WriteParts {
  /** False once the memory is closed: nothing more is written. */
  isOpen: () => boolean;
  /** The memory's folder, for the log. */
  dir: string;
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

/**
 * Puts `records[i]` for the address at `spots` index i into its bucket, under
 * `product` (productBit); resolves to how many were committed. A failing
 * transaction (a full disk, the memory closed) ends the writing with a log
 * line: the answers not kept are asked for again.
 */
export async function writeBuckets(
  store: BucketStore,
  product: number,
  spots: Spots,
  records: readonly Uint8Array[],
  { isOpen, dir }: WriteParts,
): Promise<number> {
  const { order, starts } = byBucket(spots.bucket);
  let ids = new Uint32Array(64);
  let stored = 0;
  let failed = false;
  /** Writes buckets [first, last) in one transaction. */
  const write = (first: number, last: number) => {
    let gained = 0;
    for (let b = first; b < last; b++) {
      const start = starts[b] as number;
      const count = (starts[b + 1] as number) - start;
      if (count === 0) continue;
      if (ids.length < count) ids = new Uint32Array(count * 2);
      ids.set(order.subarray(start, start + count));
      sortByTag(ids, count, spots.tag0, spots.tag1);
      const adds = { tag0: spots.tag0, tag1: spots.tag1, records, ids, count, product };
      const merged = mergeBucket(store.answers.getBinaryFast(b), adds);
      store.answers.putSync(b, merged.bytes);
      gained += merged.gained;
    }
    addCounts(store, product === 1 ? [0, gained] : [gained, 0]);
  };
  /** Resolves once a transaction of `count` answers is committed, or failed (said once). */
  const committed = (transaction: Promise<void>, count: number) =>
    transaction.then(
      () => {
        if (!failed) stored += count;
      },
      (err: unknown) => {
        if (!failed)
          log.warn(`The outcome memory ${dir} kept only ${stored} answers: ${message(err)}`);
        failed = true;
      },
    );
  // The next transaction is queued before the last one's commit is waited
  // for, so this thread encodes while lmdb syncs.
  let pending: Promise<void> = Promise.resolve();
  let bucket = 0;
  while (bucket < starts.length - 1 && !failed) {
    // The next range of buckets that holds about PER_TRANSACTION answers.
    const first = bucket;
    const from = starts[first] as number;
    while (bucket < starts.length - 1 && (starts[bucket] as number) - from < PER_TRANSACTION) {
      bucket += 1;
    }
    const last = bucket;
    const count = (starts[last] as number) - from;
    if (count === 0) continue;
    if (!isOpen()) {
      await pending;
      if (!failed)
        log.warn(`The outcome memory ${dir} kept only ${stored} answers: the memory was closed`);
      return stored;
    }
    let transaction: Promise<void>;
    try {
      transaction = store.root.transaction(() => write(first, last));
    } catch (err) {
      transaction = Promise.reject(err);
    }
    const previous = pending;
    pending = committed(transaction, count);
    await previous;
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
): Promise<RememberResult> {
  const encode = recordEncoder(checkedAt);
  const iterator = entries[Symbol.iterator]();
  const spots = createSpots(1024);
  const records: Uint8Array[] = [];
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
      const record = key === null || outcome.status === 'unknown' ? null : encode(outcome);
      if (key === null || record === null || !fitsBucket(record)) {
        skipped += 1;
        continue;
      }
      spots.addAddress(key);
      records.push(record);
    }
    if (more) await nextTurn();
  }
  const stored = await writeBuckets(store, product, spots.done(), records, parts);
  if (sourceError) throw (sourceError as { error: unknown }).error;
  return { stored, skipped };
}
