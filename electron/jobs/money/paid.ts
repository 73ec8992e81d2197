// What a job was charged for, by product and route: the answers the service
// determined for it (deliverable or undeliverable), split by how each was
// asked for. The plan says that by position: the synchronous ranges (`sync`,
// and `syncParts` with a product each), a bulk task with a product of its
// own, and the sample; every other paid answer came from a bulk task of the
// job's product. This runs for every change the window is shown, and a
// synchronous range can hold most of a large avatar list (its domains not
// known yet), so each range keeps how far its addresses all have an outcome:
// that part never changes again, and is counted once.
import type { JobProduct } from '../../common/model';
import type { OutcomeTable } from '../storage/outcomes';
import type { JobRecord } from '../storage/record';

/** Paid answers of each product, by route. */
export type PaidSplit = Record<JobProduct, { sync: number; bulk: number }>;

/** What paidSplit reads of a job (a Live). */
export interface PaidSources {
  record: JobRecord;
  outcomes: OutcomeTable;
  /** The send list: position → the address's index; null: every address, in order. */
  sent: Uint32Array | null;
}

interface Walked {
  /** Every position before it has an outcome. */
  upTo: number;
  paid: number;
}

/** Per outcome table (a job's load): per range, how far it was counted. */
const walks = new WeakMap<OutcomeTable, Map<string, Walked>>();

const isPaid = (table: OutcomeTable, index: number): boolean => {
  const o = table.get(index);
  return o !== undefined && o.origin === 'paid' && o.status !== 'unknown';
};

/** Paid answers at positions [start, end) of the send list. */
function paidIn(l: PaidSources, start: number, end: number): number {
  let memo = walks.get(l.outcomes);
  if (!memo) {
    memo = new Map();
    walks.set(l.outcomes, memo);
  }
  const key = `${start}:${end}`;
  const walked = memo.get(key) ?? { upTo: start, paid: 0 };
  memo.set(key, walked);
  const sent = l.sent;
  const indexOf = (p: number) => (sent ? (sent[p] as number) : p);
  while (walked.upTo < end && l.outcomes.has(indexOf(walked.upTo))) {
    if (isPaid(l.outcomes, indexOf(walked.upTo))) walked.paid += 1;
    walked.upTo += 1;
  }
  let rest = 0;
  for (let p = walked.upTo; p < end; p++) {
    const i = indexOf(p);
    if (l.outcomes.has(i) && isPaid(l.outcomes, i)) rest += 1;
  }
  return walked.paid + rest;
}

/** The product a job's answers are charged at by default: its own, or its sample's before the start. */
export const chargedProduct = (record: JobRecord): JobProduct =>
  record.product ?? record.sample?.product ?? 'email';

/** The job's paid answers by product and route. */
export function paidSplit(l: PaidSources): PaidSplit {
  const split: PaidSplit = { email: { sync: 0, bulk: 0 }, avatar: { sync: 0, bulk: 0 } };
  const r = l.record;
  const product = chargedProduct(r);
  let counted = 0;
  const add = (p: JobProduct, route: 'sync' | 'bulk', n: number) => {
    split[p][route] += n;
    counted += n;
  };
  // A sample's answers were paid for at the multi checks' price.
  const sample = r.sample;
  if (sample) {
    add(sample.product, 'sync', sample.indexes.filter((i) => isPaid(l.outcomes, i)).length);
  }
  const plan = r.plan;
  if (plan?.sync) add(product, 'sync', paidIn(l, plan.sync.start, plan.sync.end));
  for (const part of plan?.syncParts ?? []) {
    add(part.product, 'sync', paidIn(l, part.start, part.end));
  }
  for (const task of plan?.bulk ?? []) {
    if (task.product && task.product !== product) {
      add(task.product, 'bulk', paidIn(l, task.start, task.end));
    }
  }
  split[product].bulk += l.outcomes.counts().paid - counted;
  return split;
}
