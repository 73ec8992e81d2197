// What the window shows of a job, and what its addresses cost: pure functions
// of the job's state and the unit prices known, so a change shown, the
// estimate before a start and the price kept after a run all count alike.
import {
  JOB_PRODUCTS,
  UNFINISHED_STATES,
  bulkProduct,
  syncProduct,
  type JobProduct,
} from '../common/model';
import { english, type Translate } from '../common/i18n/message';
import type { JobView } from '../common/views/views';
import { sayStored } from '../lib/stored-message';
import type { Live } from './live';
import { DEFAULT_PATIENCE_MS } from './waits/refusals';
import { retryCanFix } from './run/job-failure';
import { chargedProduct, paidSplit, type PaidSources, type PaidSplit } from './money/paid';
import type { PriceBook } from './money/prices';
import { shownCharge } from './money/charge';
import type { JobRecord } from './storage/record';
import { askAgainView } from './ask-again/view';

/** A route's unit price in micros: null where not known yet. */
export interface UnitPrices {
  sync: number | null;
  bulk: number | null;
}

/** The unit prices a job's routes need. */
export function unitPrices(product: JobProduct, prices: PriceBook): UnitPrices {
  return { sync: prices.get(syncProduct(product)), bulk: prices.get(bulkProduct(product)) };
}

/** The unit price a job is shown at: its bulk tasks' when it has any. */
export function unitPriceOf(
  unit: UnitPrices,
  plan: { bulk: readonly unknown[] } | null,
): number | null {
  return (plan?.bulk.length ?? 0) > 0 ? unit.bulk : unit.sync;
}

/** What a number of addresses per route costs, or null when a price it needs is unknown. */
export function cost(unit: UnitPrices, counts: { sync: number; bulk: number }): number | null {
  if ((counts.sync > 0 && unit.sync === null) || (counts.bulk > 0 && unit.bulk === null))
    return null;
  return counts.sync * (unit.sync ?? 0) + counts.bulk * (unit.bulk ?? 0);
}

/** What paid answers cost at the unit prices known; null when a price one of them needs is not known. */
export function costOfPaid(prices: PriceBook, paid: PaidSplit): number | null {
  let total = 0;
  for (const product of JOB_PRODUCTS) {
    const part = cost(unitPrices(product, prices), paid[product]);
    if (part === null) return null;
    total += part;
  }
  return total;
}

/**
 * The job's own product's paid answers per route (its sample's among the
 * synchronous ones): what the balance moved by when nothing else was charged.
 */
export const determinedSplit = (l: PaidSources): { sync: number; bulk: number } =>
  paidSplit(l)[chargedProduct(l.record)];

const failureView = (f: NonNullable<JobRecord['failure']>, t: Translate): JobView['failure'] => ({
  code: f.code,
  message: sayStored(t, f.message, f.said),
  charged: f.charged,
  retry: retryCanFix(f),
  ...(f.outsideCoverage !== undefined ? { outsideCoverage: f.outsideCoverage } : {}),
});

/**
 * What may have been charged twice: addresses of synchronous checks whose
 * answer was lost (on the way, or in flight at a kill) and were checked
 * again, and at most what that cost, at the synchronous price (null while
 * it is not known). Bulk tasks never count: their Idempotency-Key holds.
 */
function mayBeChargedTwice(r: JobRecord, unit: UnitPrices | null): JobView['mayBeChargedTwice'] {
  const addresses = r.sentAgainAfterLoss + r.stoppedMidCheck.addresses;
  return {
    addresses,
    inFlightAtStop: r.stoppedMidCheck.addresses,
    lostOnTheWay: r.sentAgainAfterLoss,
    stops: r.stoppedMidCheck.stops,
    upToMicros: addresses === 0 ? 0 : unit?.sync === null || !unit ? null : addresses * unit.sync,
  };
}

/**
 * The job as the window and the command line show it; `queued`: waiting in
 * this process's queue. `patienceMs`: how long a refusal of the service is waited
 * out before the job pauses for the user (the wait's end is shown). `t`: the
 * reader's language, which the sentences kept in job.json are said in.
 */
export function jobView(
  l: Live,
  prices: PriceBook,
  queued: boolean,
  patienceMs = DEFAULT_PATIENCE_MS,
  t: Translate = english.t,
): JobView {
  const r = l.record;
  const c = l.outcomes.counts();
  const next = [...l.nextChecks.values()].sort((a, b) => a - b)[0];
  const product = r.product ?? r.sample?.product ?? null;
  const unit = product ? unitPrices(product, prices) : null;
  const paid = paidSplit(l);
  const live = unit && (r.state !== 'draft' || r.sample) ? costOfPaid(prices, paid) : null;
  // Frozen when its last run ended: what the service answered then, not today's prices.
  const charged = shownCharge(r.charge, c.paid, live);
  return {
    id: r.id,
    fileName: r.fileName,
    sourcePath: r.sourcePath,
    product: r.product,
    state: r.state,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    // Kept in job.json, so the command line's `jobs` says so too.
    resumed: l.resumed || r.resumes > 0,
    running: l.running,
    elsewhere: l.elsewhere?.by ?? null,
    paused: UNFINISHED_STATES.has(r.state) && !l.running && !queued && l.elsewhere === null,
    rows: l.list.counts.rows,
    invalid: l.list.counts.invalid,
    empty: l.list.counts.empty,
    duplicates: l.list.counts.duplicates,
    unique: r.unique,
    checked: c.done,
    deliverable: c.deliverable,
    undeliverable: c.undeliverable,
    unknown: c.unknown,
    disposable: c.disposable,
    role: c.role,
    notCovered: c.notCovered,
    suppressed: c.suppressed,
    blocked: c.blocked,
    noMail: c.noMail,
    reused: c.reused,
    reusedFromVendors: c.reusedFromVendors,
    paid: c.paid,
    paidAsEmail: product === 'avatar' ? paid.email.sync + paid.email.bulk : 0,
    limitMicros: r.limitMicros,
    hold: r.hold
      ? { reason: r.hold.reason, message: sayStored(t, r.hold.message, r.hold.said) }
      : null,
    wait: r.wait
      ? {
          reason: r.wait.reason,
          words: sayStored(t, r.wait.words, r.wait.said),
          since: r.wait.since,
          nextTryAt: r.wait.nextTryAt,
          patienceEndsAt: new Date(Date.parse(r.wait.since) + patienceMs).toISOString(),
          expected: r.wait.expected,
        }
      : null,
    sentAgainAfterLoss: r.sentAgainAfterLoss,
    mayBeChargedTwice: mayBeChargedTwice(r, unit),
    // A task refused for coverage became multi checks: it is no bulk task to the user.
    tasks: (r.plan?.bulk ?? [])
      .filter((t) => t.status !== 'rerouted')
      .map((t) => ({
        id: t.taskId,
        submittedAt: t.submittedAt,
        status: t.status,
      })),
    nextCheckAt: next === undefined ? null : new Date(next).toISOString(),
    unitPriceMicros: unit ? unitPriceOf(unit, r.plan) : null,
    chargedMicros: charged,
    failure: r.failure ? failureView(r.failure, t) : null,
    repeatOf: r.repeatOf,
    source: r.source ? { platform: r.source.platform, listName: r.source.listName } : null,
    askAgain: r.askAgain ? askAgainView(r.askAgain) : null,
  };
}
