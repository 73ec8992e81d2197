// What the window shows of a job, and what its addresses cost: pure functions
// of the job's state and the unit prices known, so a change shown, the
// estimate before a start and the price kept after a run all count alike.
import { UNFINISHED_STATES, bulkProduct, syncProduct, type JobProduct } from '../common/model';
import type { JobView } from '../common/views';
import type { Live } from './live';
import { DEFAULT_PATIENCE_MS } from './run/refusals';
import { retryCanFix } from './run/job-failure';
import type { PriceBook } from './money/prices';
import type { JobRecord } from './storage/record';

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

/**
 * Charged addresses per route: those with a determined outcome. The table
 * keeps the totals; only the synchronous range (at most the remainder under
 * 1,000, unless the rest of an avatar job went that way) is walked, since
 * this runs for every change shown, and a bulk job can hold millions.
 */
export function determinedSplit(l: Pick<Live, 'record' | 'outcomes' | 'sent'>): {
  sync: number;
  bulk: number;
} {
  const determined = l.outcomes.counts().paid;
  const range = l.record.plan?.sync;
  let sync = 0;
  if (range) {
    for (let p = range.start; p < range.end; p++) {
      const o = l.outcomes.get(l.sent ? (l.sent[p] as number) : p);
      if (o && o.origin === 'paid' && o.status !== 'unknown') sync += 1;
    }
  }
  // A sample's answers were paid for at the multi checks' price.
  const sampled = sampledPaid(l);
  return { sync: sync + sampled, bulk: determined - sync - sampled };
}

/** The sample's determined answers: paid for by this job, outside its plan. */
function sampledPaid(l: Pick<Live, 'record' | 'outcomes'>): number {
  let n = 0;
  for (const i of l.record.sample?.indexes ?? []) {
    const o = l.outcomes.get(i);
    if (o && o.origin === 'paid' && o.status !== 'unknown') n += 1;
  }
  return n;
}

const failureView = (f: NonNullable<JobRecord['failure']>): JobView['failure'] => ({
  code: f.code,
  message: f.message,
  charged: f.charged,
  retry: retryCanFix(f),
  ...(f.outsideCoverage !== undefined ? { outsideCoverage: f.outsideCoverage } : {}),
});

/**
 * The job as the window and the command line show it; `queued`: waiting in
 * this process's queue. `patienceMs`: how long a refusal of the service is waited
 * out before the job pauses for the user (the wait's end is shown).
 */
export function jobView(
  l: Live,
  prices: PriceBook,
  queued: boolean,
  patienceMs = DEFAULT_PATIENCE_MS,
): JobView {
  const r = l.record;
  const c = l.outcomes.counts();
  const next = [...l.nextChecks.values()].sort((a, b) => a - b)[0];
  const product = r.product ?? r.sample?.product ?? null;
  const unit = product ? unitPrices(product, prices) : null;
  const charged = unit && (r.state !== 'draft' || r.sample) ? cost(unit, determinedSplit(l)) : null;
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
    noMail: c.noMail,
    reused: c.reused,
    paid: c.paid,
    limitMicros: r.limitMicros,
    hold: r.hold ? { reason: r.hold.reason, message: r.hold.message } : null,
    wait: r.wait
      ? {
          reason: r.wait.reason,
          words: r.wait.words,
          since: r.wait.since,
          nextTryAt: r.wait.nextTryAt,
          patienceEndsAt: new Date(Date.parse(r.wait.since) + patienceMs).toISOString(),
        }
      : null,
    sentAgainAfterLoss: r.sentAgainAfterLoss,
    tasks: (r.plan?.bulk ?? []).map((t) => ({
      id: t.taskId,
      submittedAt: t.submittedAt,
      status: t.status,
    })),
    nextCheckAt: next === undefined ? null : new Date(next).toISOString(),
    unitPriceMicros: unit ? unitPriceOf(unit, r.plan) : null,
    chargedMicros: charged,
    failure: r.failure ? failureView(r.failure) : null,
    repeatOf: r.repeatOf,
  };
}
