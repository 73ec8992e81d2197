// What a running job may spend, and what it hands the memory: the limit is
// kept by taking each request's worst case (every address charged, at the
// dearer of the job's two routes) before it is sent, so no answer, however it
// comes back, can take the job past it. Every answer the service gave is
// remembered for the account, so the same address is not paid for again.
import type { JobProduct } from '../../common/model';
import { log } from '../../lib/log';
import type { AddressOutcome } from '../../lists/types';
import type { OutcomeMemory } from '../../memory/outcome-memory';
import type { AddressBook } from '../storage/address-book';
import type { Budget } from '../run/keep';
import type { Live, Shared } from '../live';
import type { OutcomeRecord } from '../storage/outcomes';
import { cost, determinedSplit, unitPrices } from '../view';

/** What the job has spent so far (its sample, before the start), at the prices known. */
export const spentSoFar = (s: Shared, l: Live, product: JobProduct): number =>
  cost(unitPrices(product, s.prices), determinedSplit(l)) ?? 0;

/**
 * The job's budget, when it has a limit. Addresses taken are counted per
 * route and priced at each request at the prices known then (a price learned
 * mid-run counts at once): the same prices the estimate used. While no price
 * is known at all, nothing can be told against the limit.
 */
export function budgetOf(s: Shared, l: Live): { budget?: Budget } {
  const limit = l.record.limitMicros;
  if (limit === null) return {};
  const product = l.record.product ?? 'email';
  const taken = determinedSplit(l);
  return {
    budget: {
      take(addresses, route) {
        const unit = unitPrices(product, s.prices);
        // A route whose price is not known yet is counted at the other's.
        const known = unit.sync ?? unit.bulk;
        const price = { sync: unit.sync ?? known, bulk: unit.bulk ?? known };
        const next = { ...taken, [route]: taken[route] + addresses };
        if (price.sync !== null && price.bulk !== null) {
          if (next.sync * price.sync + next.bulk * price.bulk > limit) return false;
        }
        taken[route] = next[route];
        return true;
      },
    },
  };
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
