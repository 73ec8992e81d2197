// Splitting a job's addresses by what they cost (free-split.ts) and, at the
// start, writing the free ones into its outcome log: answers reused from the
// memory, domains without mail (undeliverable), addresses the user chose not
// to pay for. What is left is the send list the plan is made over.
import type { JobProduct } from '../../common/model';
import type { OutcomeMemory } from '../../memory/outcome-memory';
import type { AddressBook } from '../storage/address-book';
import type { CostChoices } from './choices';
import {
  costOf,
  emptySplit,
  readFlags,
  tallyCost,
  type AddressCost,
  type SplitCounts,
} from './free-split';
import { addressBook, type Live, type Shared } from '../live';
import type { OutcomeLog, OutcomeRecord } from '../storage/outcomes';
import { openRecalled, recallFor, reuseFrom } from './reuse';
import { sentBook } from '../run/send-list';

export interface Split {
  counts: SplitCounts;
  /** The indexes of the addresses sent, in order. */
  send: Uint32Array;
  /** The addresses sent, by position. */
  book: AddressBook;
  /** What each address costs: an index into COSTS. */
  costs: Uint8Array;
}

const COSTS: readonly AddressCost[] = ['send', 'done', 'reused', 'noMail', 'disposable', 'role'];

/**
 * `from`: the memory itself (the start), or the dates read at import (the
 * estimate: cheap, and at most as old as the import).
 */
export async function splitJob(
  s: Shared,
  l: Live,
  product: JobProduct,
  choices: CostChoices,
  from: 'memory' | 'import',
): Promise<Split> {
  const unique = l.record.unique;
  const book = await addressBook(l);
  const flags = await readFlags(l.list.findings?.findingsPath, unique);
  const oldest = reuseFrom(choices.reuseDays);
  let reusedAt: (i: number) => number = () => 0;
  let dates: Awaited<ReturnType<typeof openRecalled>> = null;
  if (oldest !== null && from === 'import') {
    dates = await openRecalled(s.store.paths(l.record.id).recalled, unique, product);
    if (dates) reusedAt = dates.at;
  } else if (oldest !== null) {
    const memory = await s.memory();
    reusedAt = (i) => recallFor(memory, product, book.at(i), choices.reuseDays)?.checkedAt ?? 0;
  }
  const counts = emptySplit();
  const costs = new Uint8Array(unique);
  const send = new Uint32Array(unique);
  let n = 0;
  try {
    for (let i = 0; i < unique; i++) {
      const done = l.outcomes.has(i);
      const at = done ? 0 : reusedAt(i);
      const cost = costOf(done, at, oldest, flags[i] as number, choices.skip);
      tallyCost(counts, cost, at);
      costs[i] = COSTS.indexOf(cost);
      if (cost === 'send') send[n++] = i;
    }
  } finally {
    await dates?.close();
  }
  const list = send.subarray(0, n);
  return { counts, send: list, book: sentBook(book, list), costs };
}

const FREE_STATUS = { noMail: 'undeliverable', disposable: 'disposable', role: 'role' } as const;

/**
 * Writes the free outcomes of a split into the job's log and table. An answer
 * the memory no longer gives (forgotten since the split) is sent instead:
 * returns the send list with those added, in index order.
 */
export async function settleFree(
  l: Live,
  split: Split,
  outcomeLog: OutcomeLog,
  memory: OutcomeMemory,
  product: JobProduct,
  reuseDays: number,
): Promise<Uint32Array> {
  const book = await addressBook(l);
  const gone: number[] = [];
  let batch: OutcomeRecord[] = [];
  const flush = async () => {
    await outcomeLog.append(batch);
    for (const r of batch) l.outcomes.set(r);
    batch = [];
  };
  for (let i = 0; i < split.costs.length; i++) {
    const cost = COSTS[split.costs[i] as number] as AddressCost;
    if (cost === 'send' || cost === 'done') continue;
    if (cost === 'reused') {
      const found = recallFor(memory, product, book.at(i), reuseDays);
      if (!found) {
        gone.push(i);
        continue;
      }
      batch.push({ index: i, ...found.outcome, origin: 'reused', checkedAt: found.checkedAt });
    } else {
      batch.push({ index: i, status: FREE_STATUS[cost], origin: 'local' });
    }
    if (batch.length >= 8192) await flush();
  }
  await flush();
  if (gone.length === 0) return split.send;
  // Typed arrays throughout: spreading ten million positions into an array would take a gigabyte.
  const merged = new Uint32Array(split.send.length + gone.length);
  merged.set(split.send);
  merged.set(gone, split.send.length);
  return merged.sort();
}
