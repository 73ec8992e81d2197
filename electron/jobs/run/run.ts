// Running one job: synchronous checks for a small list (or the remainder of a
// large one), bulk tasks for the rest. Every rule here serves one promise:
// what the user paid for is on disk before anything else is sent, and nothing
// is sent twice in a way that could charge twice.
//
// Stopping (Ctrl-C, quitting the app) stops taking new work; requests already
// sent are waited for and their outcomes kept, since they are being paid for.
import type { CheckResult } from '../../service/client';
import { ServiceError } from '../../service/errors';
import { StoppedError, keep, mayCharge, type RunContext } from './keep';
import type { OutcomeRecord } from '../storage/outcomes';
import { SPARE_SLOTS, syncSchedule, type Range } from './plan';
import { syncProduct, type JobProduct } from '../../common/model';

export { StoppedError, type RunContext, type RunHooks } from './keep';
export { downloading, runBulk } from '../bulk/bulk';
export { TaskFailedError } from './failures';

function toRecord(index: number, result: CheckResult): OutcomeRecord {
  return {
    index,
    status: result.outcome,
    provider: result.provider,
    avatar: result.avatar,
    avatarUrl: result.avatarUrl,
  };
}

/** The addresses of a range that have no outcome yet: what a resume still has to do. */
function pendingIn(ctx: RunContext, range: Range): number[] {
  const pending: number[] = [];
  for (let i = range.start; i < range.end; i++) if (!ctx.outcomes.has(i)) pending.push(i);
  return pending;
}

/**
 * Just before a request: answers another job of the account (here, or in
 * another process) was paid for since this one started are taken instead.
 * Returns the positions still to send.
 */
async function takeReused(ctx: RunContext, positions: number[]): Promise<number[]> {
  const reused = ctx.reuse?.(positions) ?? [];
  if (reused.length === 0) return positions;
  await keep(ctx, reused);
  const taken = new Set(reused.map((r) => r.index));
  return positions.filter((p) => !taken.has(p));
}

/**
 * An answer lost on the way (the request went out; whether the service
 * checked it, and charged, cannot be known): its addresses have no outcome,
 * so the next try sends them again. Counted, so the job can say what may
 * have been charged twice.
 */
function noteLost(ctx: RunContext, err: unknown, addresses: number): void {
  if (err instanceof ServiceError && err.charged === 'unknown') {
    ctx.record.sentAgainAfterLoss += addresses;
  }
}

/** Checks the range's addresses with no outcome yet, with `product` (the job's by default). */
export async function runSync(
  ctx: RunContext,
  range: Range,
  checkedWith: JobProduct = ctx.record.product ?? 'email',
): Promise<void> {
  const pending = pendingIn(ctx, range);
  const schedule = syncSchedule({ start: 0, end: pending.length });
  const product = syncProduct(checkedWith);
  const kept = (records: OutcomeRecord[]) => keep(ctx, records, null, checkedWith);
  let fatal: unknown = null;
  const halted = () => fatal !== null || ctx.stop.aborted;
  const addressOf = (i: number) => ctx.addresses.at(i);

  const multis = async () => {
    for (const part of schedule.multis) {
      if (halted() || !mayCharge(ctx, part.end - part.start, 'sync', checkedWith)) return;
      let indexes = pending.slice(part.start, part.end);
      try {
        indexes = await takeReused(ctx, indexes);
        if (indexes.length === 0) continue;
        const answer = await ctx.client.batchCheck(product, indexes.map(addressOf));
        await kept(answer.results.map((r, k) => toRecord(indexes[k] as number, r)));
      } catch (err) {
        noteLost(ctx, err, indexes.length);
        fatal ??= err;
      }
    }
  };

  let nextSingle = schedule.singles?.start ?? 0;
  const singlesEnd = schedule.singles?.end ?? 0;
  const singles = async () => {
    while (!halted() && nextSingle < singlesEnd && mayCharge(ctx, 1, 'sync', checkedWith)) {
      const index = pending[nextSingle++] as number;
      try {
        if ((await takeReused(ctx, [index])).length === 0) continue;
        let record: OutcomeRecord;
        try {
          record = toRecord(index, await ctx.client.check(product, addressOf(index)));
        } catch (err) {
          // The service judges the address invalid after all: no charge, no result.
          if (!(err instanceof ServiceError && err.serviceCode === 40002)) throw err;
          record = { index, status: 'unknown' };
        }
        await kept([record]);
      } catch (err) {
        noteLost(ctx, err, 1);
        // The other workers finish what they sent (and keep it) before this is thrown.
        fatal ??= err;
      }
    }
  };

  await Promise.all([multis(), ...Array.from({ length: SPARE_SLOTS }, singles)]);
  if (fatal !== null) throw fatal;
  if (ctx.stop.aborted) throw new StoppedError();
}
