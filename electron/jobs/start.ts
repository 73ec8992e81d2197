// What a list will cost and starting it. The estimate is made from the same
// plan the start makes, so its routes and prices match what is sent; nothing
// starts without room on the disk for every answer that will be paid for, or
// with a balance that cannot cover the estimate.
import type { JobProduct } from '../common/model';
import type { JobView } from '../common/views';
import { AppError } from '../lib/app-error';
import { addressBook, load, requireDraft, view, type Shared } from './live';
import { planJob } from './plan';
import { newBulkTask } from './record';
import { ensureRoom, roomNeeded } from './room';
import type { Queue } from './queue';
import { cost, unitPriceOf, unitPrices } from './view';

export interface Estimate {
  unique: number;
  unitPriceMicros: number | null;
  /** Null when a unit price the job needs is not known yet. */
  estimateMicros: number | null;
  balanceMicros: number;
}

export async function estimate(s: Shared, id: string, product: JobProduct): Promise<Estimate> {
  const l = await load(s, id);
  const unique = l.record.unique;
  const book = await addressBook(l);
  const plan = planJob(unique, product, (i) => book.lineBytes(i));
  const syncCount = plan.sync ? plan.sync.end - plan.sync.start : 0;
  const unit = unitPrices(product, s.prices);
  const { balanceMicros } = await s.options.client().balance();
  return {
    unique,
    unitPriceMicros: unitPriceOf(unit, plan),
    estimateMicros: cost(unit, { sync: syncCount, bulk: unique - syncCount }),
    balanceMicros,
  };
}

const usd = (micros: number) => `${(micros / 1_000_000).toFixed(2)} USD`;

/** Checks the disk and the balance cover it, plans it and queues it. */
export async function start(
  s: Shared,
  queue: Queue,
  id: string,
  product: JobProduct,
): Promise<JobView> {
  const l = await load(s, id);
  requireDraft(l, 'starting');
  if (l.record.unique === 0) {
    throw new AppError(
      'invalid_input',
      'This list has no valid addresses to check, so there is nothing to pay for. Export it as it is, or choose another column.',
    );
  }
  // Before anything is sent: a disk that fills mid-job loses answers already paid for.
  const room = roomNeeded(l.record.unique, product, await addressBook(l));
  await ensureRoom(s.store.paths(id).dir, s.options.dataDir, room, s.disk);
  const cover = await estimate(s, id, product);
  if (cover.balanceMicros <= 0) {
    throw new AppError(
      'insufficient_balance',
      `Your balance is ${usd(cover.balanceMicros)}: add funds to your account before checking this list. Nothing was charged.`,
    );
  }
  if (cover.estimateMicros !== null && cover.estimateMicros > cover.balanceMicros) {
    throw new AppError(
      'insufficient_balance',
      `Checking ${cover.unique.toLocaleString('en-US')} addresses costs about ${usd(cover.estimateMicros)}, and your balance is ${usd(cover.balanceMicros)}. Add funds, or check a smaller list. Nothing was charged.`,
    );
  }
  const addresses = await addressBook(l);
  const plan = planJob(l.record.unique, product, (i) => addresses.lineBytes(i));
  l.record.product = product;
  l.record.plan = { sync: plan.sync, bulk: plan.bulk.map(newBulkTask) };
  l.record.unitPriceMicros = cover.unitPriceMicros;
  await queue.enqueue(l);
  return view(s, l);
}
