// Sample first: before paying for a whole list, a random sample of up to 100
// of the addresses that would be sent is checked in one multi check, and the
// share of deliverable addresses is projected for the rest with its 95%
// interval (Wilson's, which stays inside 0–100% for small samples and shares
// near the ends). The sample's answers are the job's own: kept in its log
// and the memory, and never sent again when the rest is started. Its one
// multi check goes through the request journal as a run's do, so a kill
// while it is out is counted in what may have been charged twice.
import { balanceCovers, usd, usdExact } from '../../common/money';
import { randomInt } from 'node:crypto';
import { syncProduct, type JobProduct } from '../../common/model';
import type { SampleView } from '../../common/views/views';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { runningElsewhere, type Ownership } from '../lock/ownership';
import type { CostChoices } from './choices';
import { addressBook, load, requireDraft, save, type Live, type Shared } from '../live';
import { openOutcomeLog, type OutcomeRecord } from '../storage/outcomes';
import { splitJob } from './settle';
import { spentSoFar } from './spend';
import { keepAnswers } from '../coverage/learn';
import { cost, unitPrices } from '../view';
import { MULTI_SIZE } from '../run/plan';
import { startJournal } from '../storage/requests-journal';
import { settleJournal } from './exposure';
import { ServiceError } from '../../service/errors';

/** Up to `size` of `from`, at random, in index order. */
export function pickSample(from: Uint32Array, size: number): number[] {
  const pool = Array.from(from);
  const take = Math.min(size, pool.length);
  for (let k = 0; k < take; k++) {
    const j = k + randomInt(pool.length - k);
    [pool[k], pool[j]] = [pool[j] as number, pool[k] as number];
  }
  return pool.slice(0, take).sort((a, b) => a - b);
}

/** The 95% Wilson score interval of `hits` in `n`. */
export function wilson(hits: number, n: number): { share: number; low: number; high: number } {
  if (n === 0) return { share: 0, low: 0, high: 1 };
  const z = 1.959964;
  const p = hits / n;
  const z2 = (z * z) / n;
  const centre = (p + z2 / 2) / (1 + z2);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n))) / (1 + z2);
  return { share: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function sampleView(s: Shared, l: Live): SampleView | null {
  const sample = l.record.sample;
  if (!sample) return null;
  const counts = { deliverable: 0, undeliverable: 0, unknown: 0 };
  for (const i of sample.indexes) {
    const status = l.outcomes.get(i)?.status;
    if (status === 'deliverable' || status === 'undeliverable' || status === 'unknown') {
      counts[status] += 1;
    }
  }
  const size = sample.indexes.length;
  const unit = unitPrices(sample.product, s.prices).sync;
  return {
    product: sample.product,
    size,
    ...counts,
    ...wilson(counts.deliverable, size),
    chargedMicros: unit === null ? null : (counts.deliverable + counts.undeliverable) * unit,
    checkedAt: sample.checkedAt,
  };
}

/**
 * Checks the sample (paid). What the choices make free is taken first, as the
 * start would, so the sample is drawn from what would really be sent.
 */
export async function sample(
  s: Shared,
  own: Ownership,
  id: string,
  product: JobProduct,
  choices: CostChoices,
): Promise<void> {
  const l = await load(s, id);
  requireDraft(l, 'sample');
  if (l.record.sample) {
    throw new AppError('invalid_input', message('error.job.sampledAlready'));
  }
  const split = await splitJob(s, l, product, choices, 'memory');
  // Drawn from what the job's own product checks, not from addresses checked with Email.
  const picked = pickSample(
    split.send.subarray(0, split.parts.main + split.parts.unknown),
    MULTI_SIZE,
  );
  if (picked.length === 0) {
    throw new AppError('invalid_input', message('error.job.nothingToSample'));
  }
  const client = s.options.client();
  const unit = unitPrices(product, s.prices);
  const price = cost(unit, { sync: picked.length, bulk: 0 });
  const { balanceMicros } = await client.balance();
  if (!balanceCovers(balanceMicros, price)) {
    throw new AppError(
      'insufficient_balance',
      message('error.job.sampleBalance', { balance: usd(balanceMicros) }),
    );
  }
  if (
    choices.limitMicros !== null &&
    price !== null &&
    price + spentSoFar(s, l) > choices.limitMicros
  ) {
    throw new AppError(
      'over_limit',
      message('error.job.sampleOverLimit', {
        count: picked.length,
        cost: usd(price),
        limit: usdExact(choices.limitMicros),
      }),
    );
  }
  if (!(await own.takeLock(l))) throw runningElsewhere(l);
  const book = await addressBook(l);
  const paths = s.store.paths(id);
  const outcomeLog = await openOutcomeLog(paths.outcomes, s.disk);
  const journal = startJournal(paths.requests, s.disk);
  try {
    // A sample killed while it was out (a draft has no send list: the
    // journal's positions are the addresses' own) is counted first.
    await settleJournal(paths.requests, l.record, l.outcomes, () => save(s, l));
    const entry = await journal.open('multi', picked);
    let answer: Awaited<ReturnType<typeof client.batchCheck>>;
    try {
      answer = await client.batchCheck(
        syncProduct(product),
        picked.map((i) => book.at(i)),
      );
    } catch (err) {
      if (err instanceof ServiceError && err.charged === 'no') {
        await journal.close(entry, 'refused');
      } else if (err instanceof ServiceError && err.charged === 'unknown') {
        // Lost on the way: it may have been charged, and these addresses are checked again later.
        await journal.close(entry, 'lost');
        l.record.sentAgainAfterLoss += picked.length;
        await save(s, l);
      }
      throw err;
    }
    const records: OutcomeRecord[] = answer.results.map((r, k) => ({
      index: picked[k] as number,
      status: r.outcome,
      provider: r.provider,
      avatar: r.avatar,
      avatarUrl: r.avatarUrl,
    }));
    // Paid for: on disk before anything else happens.
    await outcomeLog.append(records);
    for (const r of records) l.outcomes.set(r);
    await keepAnswers(await s.memory(), { product, route: 'sync' }, book, records);
    await journal.close(entry, 'answered');
    l.record.sample = { product, indexes: picked, checkedAt: new Date().toISOString() };
    await save(s, l);
  } finally {
    await journal.end();
    await outcomeLog.close();
    await own.releaseLock(l);
  }
}
