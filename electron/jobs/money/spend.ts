// What a running job may spend, and what it hands the memory: the limit is
// kept by taking each request's worst case (every address charged) before it
// is sent, so no answer, however it
// comes back, can take the job past it. Every answer the service gave is
// remembered for the account, so the same address is not paid for again.
import { JOB_PRODUCTS, type JobProduct } from '../../common/model';
import { log } from '../../lib/log';
import type { AddressOutcome } from '../../lists/types';
import type { OutcomeMemory } from '../../memory/outcome-memory';
import type { AddressBook } from '../storage/address-book';
import type { Budget } from '../run/keep';
import type { Live, Shared } from '../live';
import type { OutcomeRecord } from '../storage/outcomes';
import { costOfPaid, unitPrices } from '../view';
import { paidSplit, type PaidSplit } from './paid';

/** What the job has spent so far (its sample, before the start), at the prices known. */
export const spentSoFar = (s: Shared, l: Live): number => costOfPaid(s.prices, paidSplit(l)) ?? 0;

/**
 * The job's budget, when it has a limit. Addresses taken are counted per
 * product and route and priced at each request at the prices known then (a
 * price learned mid-run counts at once): the same prices the estimate used.
 * While the job's own product has no price known, nothing can be told
 * against the limit (worstCost).
 */
export function budgetOf(s: Shared, l: Live): { budget?: Budget } {
  const limit = l.record.limitMicros;
  if (limit === null) return {};
  const jobProduct = l.record.product ?? 'email';
  const taken = paidSplit(l);
  return {
    budget: {
      take(addresses, route, product = jobProduct) {
        const next: PaidSplit = {
          email: { ...taken.email },
          avatar: { ...taken.avatar },
        };
        next[product][route] += addresses;
        const total = worstCost(s, next, jobProduct);
        if (total !== null && total > limit) return false;
        taken[product][route] = next[product][route];
        return true;
      },
      release(addresses, route, product = jobProduct) {
        taken[product][route] = Math.max(0, taken[product][route] - addresses);
      },
    },
  };
}

/**
 * What `paid` costs, a route whose price is not known yet counted at its
 * product's other route's, and a product with no price known at the dearer
 * of the job's own; null while the job's own product has no price known.
 */
function worstCost(s: Shared, paid: PaidSplit, jobProduct: JobProduct): number | null {
  const own = unitPrices(jobProduct, s.prices);
  const ownKnown = [own.sync, own.bulk].filter((u): u is number => u !== null);
  if (ownKnown.length === 0) return null;
  const fallback = Math.max(...ownKnown);
  let total = 0;
  for (const product of JOB_PRODUCTS) {
    const unit = unitPrices(product, s.prices);
    const sync = unit.sync ?? unit.bulk ?? fallback;
    const bulk = unit.bulk ?? unit.sync ?? fallback;
    total += paid[product].sync * sync + paid[product].bulk * bulk;
  }
  return total;
}

const serviceAnswer = (r: OutcomeRecord): AddressOutcome | null =>
  r.status === 'deliverable' || r.status === 'undeliverable'
    ? {
        status: r.status,
        provider: r.provider ?? null,
        avatar: r.avatar ?? null,
        avatarUrl: r.avatarUrl ?? null,
      }
    : null;

/** Keeps the service's answers (by position in `addresses`) in the account's memory. */
export async function rememberPaid(
  memory: OutcomeMemory,
  product: JobProduct,
  addresses: AddressBook,
  records: readonly OutcomeRecord[],
): Promise<void> {
  if (!memory.available) return;
  const entries: [string, AddressOutcome][] = [];
  for (const r of records) {
    const answer = serviceAnswer(r);
    if (answer && (r.origin ?? 'paid') === 'paid') entries.push([addresses.at(r.index), answer]);
  }
  if (entries.length === 0) return;
  try {
    await memory.remember(product, entries, Math.floor(Date.now() / 1000));
  } catch (err) {
    log.warn(
      'jobs: answers could not be kept in the memory; they are paid for again next time',
      err,
    );
  }
}
