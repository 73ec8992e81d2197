// What a plan costs before it is sent: each address at the unit price of the
// product and route it goes by (jobs/view.ts's prices), and, for Email +
// avatar, per coverage group, as the review shows them. Every address is
// counted as charged: only those that get a result are, so this is the most
// the plan can cost.
import type { JobProduct, OthersChoice } from '../../common/model';
import type { CoverageView } from '../../common/views/views';
import type { SendParts, SendPlan } from '../run/plan';
import type { PriceBook } from './prices';
import { cost, unitPrices } from '../view';

/** Addresses per route of one product. */
interface Routes {
  sync: number;
  bulk: number;
}

const width = (r: { start: number; end: number } | null) => (r ? r.end - r.start : 0);

/** Positions of [start, end) that fall in [from, to). */
const overlap = (r: { start: number; end: number } | null, from: number, to: number) =>
  r ? Math.max(0, Math.min(r.end, to) - Math.max(r.start, from)) : 0;

/** Addresses of positions [from, to) per route, checked with `product`. */
function routesIn(
  plan: SendPlan,
  jobProduct: JobProduct,
  product: JobProduct,
  from: number,
  to: number,
): Routes {
  let sync = product === jobProduct ? overlap(plan.sync, from, to) : 0;
  let bulk = 0;
  for (const part of plan.syncParts) if (part.product === product) sync += overlap(part, from, to);
  for (const task of plan.bulk) {
    if ((task.product ?? jobProduct) === product) bulk += overlap(task, from, to);
  }
  return { sync, bulk };
}

export interface PlanCost {
  /** Null when a price the plan needs is not known yet. */
  estimateMicros: number | null;
  coverage: CoverageView | null;
}

/**
 * `parts`: how the send list divides (money/settle.ts); `notCovered`: the
 * addresses outside coverage not sent (the outside group when they are not
 * checked with Email).
 */
export function planCost(
  plan: SendPlan,
  parts: SendParts,
  product: JobProduct,
  prices: PriceBook,
  outside: { others: OthersChoice; notCovered: number },
): PlanCost {
  const priced = (p: JobProduct, routes: Routes) => cost(unitPrices(p, prices), routes);
  if (product !== 'avatar') {
    const sync = width(plan.sync) + plan.syncParts.reduce((n, part) => n + width(part), 0);
    const bulk = plan.bulk.reduce((n, task) => n + width(task), 0);
    return { estimateMicros: priced(product, { sync, bulk }), coverage: null };
  }
  const unknownEnd = parts.main + parts.unknown;
  const total = unknownEnd + parts.email;
  const covered = priced(product, routesIn(plan, product, product, 0, parts.main));
  const unknown = priced(product, routesIn(plan, product, product, parts.main, unknownEnd));
  const email = priced('email', routesIn(plan, product, 'email', unknownEnd, total));
  const checked = outside.others === 'email';
  const coverage: CoverageView = {
    covered: { count: parts.main, costMicros: covered },
    unknown: { count: parts.unknown, costMicros: unknown },
    outside: {
      count: checked ? parts.email : outside.notCovered,
      costMicros: checked ? email : 0,
      others: outside.others,
    },
  };
  const estimateMicros =
    covered === null || unknown === null || email === null ? null : covered + unknown + email;
  return { estimateMicros, coverage };
}
