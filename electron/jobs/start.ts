// What a list will cost and starting it. The estimate is made from the same
// split and plan the start makes (settle.ts, plan.ts), so what it counts as
// reused, skipped and sent, and its prices, match what happens; nothing
// starts without room on the disk for every answer that will be paid for,
// with a balance that cannot cover the estimate, or over the spending limit
// without the user's word.
import { refusalOf } from './waits/refusals';
import { usd, usdExact } from '../common/money';
import { bulkProduct, syncProduct, type JobProduct } from '../common/model';
import type { EstimateView, JobView } from '../common/views/views';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import type { CostChoices } from './money/choices';
import { addressBook, load, requireDraft, save, view, type Live, type Shared } from './live';
import { openOutcomeLog } from './storage/outcomes';
import { planSend, type SendParts, type SendPlan } from './run/plan';
import { planCost } from './money/plan-cost';
import type { Queue } from './run/queue';
import { newBulkTask } from './storage/record';
import { ensureRoom, roomNeeded } from './storage/room';
import { sentBook, writeSendList } from './run/send-list';
import { settleFree, splitJob, type Split } from './money/settle';
import { spentSoFar } from './money/spend';
import { unitPriceOf, unitPrices } from './view';
import { settleJournal } from './money/exposure';

/** What the review shows, before the route the window derives from the plan's bulk tasks. */
export type Estimate = Omit<EstimateView, 'route'>;

const iso = (seconds: number | null) =>
  seconds === null ? null : new Date(seconds * 1000).toISOString();

function priced(
  s: Shared,
  l: Live,
  product: JobProduct,
  split: Pick<Split, 'counts' | 'parts' | 'book' | 'groups'>,
  choices: CostChoices,
): { plan: SendPlan; estimate: Omit<Estimate, 'balanceMicros'> } {
  const c = split.counts;
  const { parts } = split;
  const toSend = parts.main + parts.unknown + parts.email;
  const plan = planSend(parts, product, (p) => split.book.lineBytes(p));
  const unit = unitPrices(product, s.prices);
  const unitPrice = unitPriceOf(unit, plan);
  const { estimateMicros, coverage } = planCost(plan, parts, product, s.prices, {
    others: choices.others,
    notCovered: c.notCovered,
  });
  const overLimit =
    choices.limitMicros !== null &&
    toSend > 0 &&
    (estimateMicros === null || estimateMicros + spentSoFar(s, l) > choices.limitMicros);
  // What a dashboard that takes the raw list charges for: repeats and invalid cells.
  const cleaned = l.list.counts.duplicates + l.list.counts.invalid;
  return {
    plan,
    estimate: {
      unique: l.record.unique,
      toSend,
      skipped: { disposable: c.disposable, noMail: c.noMail, role: c.role },
      reused: {
        count: c.reused,
        days: choices.reuseDays,
        oldest: iso(c.oldest),
        newest: iso(c.newest),
      },
      sampled: c.done,
      withheld: split.groups,
      unitPriceMicros: unitPrice,
      priceSource: s.prices.source(
        plan.bulk.length > 0 ? bulkProduct(product) : syncProduct(product),
      ),
      estimateMicros,
      savings:
        unitPrice === null
          ? null
          : {
              cleanedMicros: cleaned * unitPrice,
              skippedMicros: (c.disposable + c.noMail + c.role) * unitPrice,
              reusedMicros: c.reused * unitPrice,
              withheldMicros: (c.suppressed + c.blocked) * unitPrice,
            },
      limitMicros: choices.limitMicros,
      overLimit,
      bulkTasks: plan.bulk.length,
      coverage,
    },
  };
}

function requireSampleProduct(l: Live, product: JobProduct): void {
  const sampled = l.record.sample?.product;
  if (sampled && sampled !== product) {
    throw new AppError('invalid_input', message('error.job.sampleProduct', { product: sampled }));
  }
}

export async function estimate(
  s: Shared,
  id: string,
  product: JobProduct,
  choices: CostChoices,
): Promise<Estimate> {
  const l = await load(s, id);
  const split = await splitJob(s, l, product, choices, 'import');
  const { estimate: e } = priced(s, l, product, split, choices);
  return { ...e, balanceMicros: await balanceIfAnswered(s) };
}

/**
 * The balance, or null while the service refuses for a while (maintenance,
 * no network): a job is still made and started, and waits (wait-out.ts).
 */
async function balanceIfAnswered(s: Shared): Promise<number | null> {
  try {
    return (await s.options.client().balance()).balanceMicros;
  } catch (err) {
    if (refusalOf(err) === null) throw err;
    return null;
  }
}

/** What a job over its limit is about to spend, for the question whether it may. */
export interface OverLimit {
  addresses: number;
  estimateMicros: number | null;
  limitMicros: number;
}

/**
 * Whether a job may go over its limit: the user's answer given already (the
 * command line's --confirm-over-limit), or asked once the start knows the
 * figures (the app's native dialog).
 */
export type OverLimitAnswer = boolean | ((over: OverLimit) => Promise<boolean>);

/**
 * Takes what is free, checks the disk, the balance and the limit cover the
 * rest, plans it and queues it. `overLimit`: whether the user agrees to start
 * over the limit; the job may then spend what the estimate showed.
 */
export async function start(
  s: Shared,
  queue: Queue,
  id: string,
  product: JobProduct,
  choices: CostChoices,
  overLimit: OverLimitAnswer = false,
): Promise<JobView> {
  const l = await load(s, id);
  requireDraft(l, 'start');
  requireSampleProduct(l, product);
  if (l.record.unique === 0) {
    throw new AppError('invalid_input', message('error.job.noValidAddresses'));
  }
  const book = await addressBook(l);
  // A sample killed while it was out is counted before the send list renumbers
  // the addresses (the journal's positions are the draft's own).
  await settleJournal(s.store.paths(id).requests, l.record, l.outcomes, () => save(s, l));
  // What colleagues paid for since the import (only answers newer than this
  // computer's come back), so the split reuses it.
  if (choices.reuseDays > 0) await (await s.teamMemory())?.pullList(l.list.addressesPath);
  const split = await splitJob(s, l, product, choices, 'memory');
  const { plan: planned, estimate: e } = priced(s, l, product, split, choices);
  const toSend = e.toSend;
  let agreed = false;
  if (toSend > 0) {
    // Before anything is sent: a disk that fills mid-job loses answers already paid for.
    await ensureRoom(
      s.store.paths(id).dir,
      s.options.dataDir,
      roomNeeded(toSend, product, split.book),
      s.disk,
    );
    const balanceMicros = await balanceIfAnswered(s);
    if (balanceMicros !== null && balanceMicros <= 0) {
      throw new AppError(
        'insufficient_balance',
        message('error.job.noBalance', { balance: usd(balanceMicros) }),
      );
    }
    if (balanceMicros !== null && e.estimateMicros !== null && e.estimateMicros > balanceMicros) {
      throw new AppError(
        'insufficient_balance',
        message('error.job.balanceShort', {
          count: toSend,
          cost: usd(e.estimateMicros),
          balance: usd(balanceMicros),
        }),
      );
    }
    if (e.overLimit) {
      agreed =
        typeof overLimit === 'function'
          ? await overLimit({
              addresses: toSend,
              estimateMicros: e.estimateMicros,
              limitMicros: choices.limitMicros ?? 0,
            })
          : overLimit;
    }
    if (e.overLimit && !agreed) {
      throw new AppError(
        'over_limit',
        e.estimateMicros === null
          ? message('error.job.limitPriceUnknown', { limit: usdExact(choices.limitMicros ?? 0) })
          : message('error.job.overLimit', {
              count: toSend,
              cost: usd(e.estimateMicros),
              limit: usdExact(choices.limitMicros ?? 0),
            }),
      );
    }
  }
  // The free answers go into the log first: a crash from here resumes with them.
  const paths = s.store.paths(id);
  const outcomeLog = await openOutcomeLog(paths.outcomes, s.disk);
  let sending: { send: Uint32Array; parts: SendParts };
  try {
    sending = await settleFree(l, split, outcomeLog, await s.memory(), product, choices.reuseDays);
  } finally {
    await outcomeLog.close();
  }
  const { send } = sending;
  // Every address sent, in order (nothing reused, skipped, sampled or routed
  // apart): the plan's positions are the addresses' own numbers, as for a job
  // planned before send lists, and no list of 4 bytes an address is kept or held.
  const everyAddress = send.length === l.record.unique && send.every((p, i) => p === i);
  if (!everyAddress) await writeSendList(paths.sendList, send);
  // Planned again only when the memory forgot an answer since the split (it is sent instead).
  let plan = planned;
  if (send !== split.send) {
    const again = sentBook(book, send);
    plan = planSend(sending.parts, product, (p) => again.lineBytes(p));
  }
  l.sent = everyAddress ? null : send;
  l.record.product = product;
  l.record.choices = {
    skip: { ...choices.skip },
    reuseDays: choices.reuseDays,
    ...(product === 'avatar' ? { others: choices.others } : {}),
  };
  // Confirmed over the limit: the job may spend what the user saw, and no more.
  // With the price not known yet, the limit stays: it counts once a price is learned.
  l.record.limitMicros =
    choices.limitMicros !== null && agreed && e.estimateMicros !== null
      ? Math.max(choices.limitMicros, e.estimateMicros + spentSoFar(s, l))
      : choices.limitMicros;
  l.record.plan = {
    sync: plan.sync,
    bulk: plan.bulk.map(newBulkTask),
    ...(everyAddress ? {} : { sent: send.length }),
    ...(plan.syncParts.length > 0 ? { syncParts: plan.syncParts } : {}),
  };
  l.record.unitPriceMicros = e.unitPriceMicros;
  await queue.enqueue(l);
  return view(s, l);
}
