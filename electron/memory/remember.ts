// How the memory keeps a job's answers (OutcomeMemory.remember): each one is
// handed to lmdb's asynchronous put, which writes it on lmdb's own writer
// thread, while this thread reads the next answers from the caller. The two
// run side by side, so keeping a million answers takes about as long as
// LMDB's own inserts, not those plus reading and encoding the answers.
import type { Database } from 'lmdb';
import { log } from '../lib/log';
import type { AddressOutcome } from '../lists/types';
import type { RememberResult } from './outcome-memory';
import { recordEncoder } from './record';

/**
 * Answers queued per turn of the event loop: some 10 to 20 ms of this thread,
 * after which the app answers its window and runs its jobs again.
 */
const BATCH = 20_000;

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** One commit's promise (lmdb gives the same one to every put it holds) and how many it holds. */
interface Commit {
  kept: Promise<boolean>;
  count: number;
}

/** What rememberAll needs of the memory besides the database. */
export interface RememberParts {
  /** An address's key, or null when it is not kept. */
  keyOf: (address: string) => string | null;
  /** False once the memory is closed: nothing more is queued. */
  isOpen: () => boolean;
  /** The memory's folder, for the log. */
  dir: string;
}

/**
 * Queues every entry as lmdb's asynchronous put and resolves once all are
 * committed.
 *
 * Transactions: lmdb puts what is queued in one turn of the event loop in one
 * transaction, and its writer thread carries on in the same transaction for
 * as long as more is queued before it catches up. Here this thread queues
 * faster than LMDB inserts, so a list is mostly one transaction, which
 * matters: LMDB copies every page a transaction changes, and a list's
 * addresses fall all over the tree, so each further transaction copies much
 * of the file again (a transaction per 20,000 of a million answers took 1.7
 * times the time and 2.9 times the file). When the writer does catch up (a
 * slow source), it commits what it has, which costs only some speed. lmdb
 * holds this thread back when a few hundred thousand puts wait, so memory
 * stays bounded.
 *
 * Commits are as durable as any of lmdb's (synced, overlapped with the next
 * transaction where the OS allows, see outcome-memory.ts). Another process
 * waits for the write lock meanwhile; its reads never wait.
 */
export async function rememberAll(
  db: Database<Buffer, string>,
  entries: Iterable<readonly [string, AddressOutcome]>,
  checkedAt: number,
  { keyOf, isOpen, dir }: RememberParts,
): Promise<RememberResult> {
  const encode = recordEncoder(checkedAt);
  const iterator = entries[Symbol.iterator]();
  const commits: Commit[] = [];
  let current: Commit | null = null;
  let skipped = 0;
  let failure: { error: unknown } | null = null;
  let sourceError: { error: unknown } | null = null;
  const refused = (error: unknown): false => {
    failure ??= { error };
    return false;
  };
  /** Queues one batch; false once the entries ran out (or their source, or the store, failed). */
  const putBatch = (): boolean => {
    // Closing waits for what was queued; lmdb must be handed nothing after.
    if (!isOpen()) return refused(new Error('the memory was closed'));
    for (let n = 0; n < BATCH;) {
      let next: IteratorResult<readonly [string, AddressOutcome]>;
      try {
        next = iterator.next();
      } catch (error) {
        sourceError = { error };
        return false;
      }
      if (next.done) return false;
      const [address, outcome] = next.value;
      const key = keyOf(address);
      const value = key === null || outcome.status === 'unknown' ? null : encode(outcome);
      if (key === null || value === null) {
        skipped += 1;
        continue;
      }
      let kept: Promise<boolean>;
      try {
        kept = db.put(key, value);
      } catch (error) {
        refused(error);
        return false;
      }
      if (current?.kept === kept) current.count += 1;
      else {
        // Handled at once: a commit that fails while more are queued is no unhandled rejection.
        void kept.catch(refused);
        current = { kept, count: 1 };
        commits.push(current);
      }
      n += 1;
    }
    return true;
  };
  while (putBatch()) await new Promise((resolve) => setImmediate(resolve));
  // What was queued before a failing source is still committed, then its error thrown.
  let stored = 0;
  for (const { kept, count } of commits) {
    if (
      await kept.then(
        () => true,
        () => false,
      )
    )
      stored += count;
  }
  if (failure) {
    // The store refused the write (a full disk, say, or the memory was closed
    // meanwhile): the answers not kept are asked for again.
    const { error } = failure as { error: unknown };
    log.warn(`The outcome memory ${dir} kept only ${stored} answers: ${message(error)}`);
  }
  if (sourceError) throw (sourceError as { error: unknown }).error;
  return { stored, skipped };
}
