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
import { MULTI_SIZE, SPARE_SLOTS, syncSchedule, type Range } from './plan';
import { syncProduct, type JobProduct } from '../../common/model';
import { log } from '../../lib/log';

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
 * another process) was paid for since this one started are taken instead,
 * and the rest are claimed, so no other job pays for them meanwhile. Those
 * another job holds wait in the run's claims for its answer. Returns the
 * positions to send now.
 */
async function takeKnown(ctx: RunContext, positions: number[]): Promise<number[]> {
  const reused = ctx.reuse?.(positions) ?? [];
  const taken = new Set(reused.map((r) => r.index));
  let rest = taken.size === 0 ? positions : positions.filter((p) => !taken.has(p));
  let answered: OutcomeRecord[] = [];
  if (ctx.claims && rest.length > 0) {
    const claimed = await ctx.claims.claim(rest);
    rest = claimed.send;
    answered = claimed.answered;
  }
  const free = answered.length === 0 ? reused : [...reused, ...answered];
  if (free.length > 0) await keep(ctx, free);
  return rest;
}

/**
 * An answer lost on the way (the request went out; whether the service
 * checked it, and charged, cannot be known): its addresses have no outcome,
 * so the next try sends them again. Counted, so the job can say what may
 * have been charged twice.
 */
function noteLost(ctx: RunContext, err: unknown, addresses: number): boolean {
  if (!(err instanceof ServiceError && err.charged === 'unknown')) return false;
  ctx.record.sentAgainAfterLoss += addresses;
  return true;
}

/** Checks the range's addresses with no outcome yet, with `product` (the job's by default). */
export function runSync(
  ctx: RunContext,
  range: Range,
  checkedWith: JobProduct = ctx.record.product ?? 'email',
): Promise<void> {
  return runPositions(ctx, pendingIn(ctx, range), checkedWith);
}

/**
 * Checks the positions given, whatever outcome they have now (asking unknowns
 * again, jobs/ask-again/): multi checks of 100 and singles in the spare slots.
 */
export async function runPositions(
  ctx: RunContext,
  pending: readonly number[],
  checkedWith: JobProduct = ctx.record.product ?? 'email',
): Promise<void> {
  const schedule = syncSchedule({ start: 0, end: pending.length });
  const product = syncProduct(checkedWith);
  const kept = (records: OutcomeRecord[]) => keep(ctx, records, null, checkedWith);
  let fatal: unknown = null;
  const halted = () => fatal !== null || ctx.stop.aborted;
  const addressOf = (i: number) => ctx.addresses.at(i);

  /** Sends positions (all claimed by this run), as one multi check or one single, and keeps their answers. */
  const send = async (indexes: number[], as: 'multi' | 'single') => {
    // On disk before it goes: a kill while it is out leaves its addresses counted (exposure.ts).
    const entry = await ctx.journal?.open(as, indexes);
    const ended = (how: 'answered' | 'refused' | 'lost') =>
      entry === undefined
        ? undefined
        : ctx.journal?.close(entry, how).catch((e: unknown) => {
            // Left open, it is counted after a crash as possibly charged: the safe side.
            log.warn('jobs: a request could not be marked ended in its journal', e);
          });
    try {
      let records: OutcomeRecord[];
      if (as === 'single') {
        const index = indexes[0] as number;
        try {
          records = [toRecord(index, await ctx.client.check(product, addressOf(index)))];
        } catch (err) {
          // The service judges the address invalid after all: no charge, no result.
          if (!(err instanceof ServiceError && err.serviceCode === 40002)) throw err;
          records = [{ index, status: 'unknown', judgedInvalid: true }];
        }
      } else {
        const answer = await ctx.client.batchCheck(product, indexes.map(addressOf));
        records = answer.results.map((r, k) => toRecord(indexes[k] as number, r));
      }
      await kept(records);
      await ended('answered');
      ctx.claims?.settle(records, checkedWith);
    } catch (err) {
      ctx.claims?.letGo(indexes);
      if (noteLost(ctx, err, indexes.length)) await ended('lost');
      // Refused, nothing charged. Anything else (an answer paid for and not kept)
      // stays open: the next run counts it, since it checks those addresses again.
      else if (err instanceof ServiceError && err.charged === 'no') await ended('refused');
      throw err;
    }
  };

  const multis = async () => {
    for (const part of schedule.multis) {
      if (halted() || !mayCharge(ctx, part.end - part.start, 'sync', checkedWith)) return;
      try {
        const indexes = await takeKnown(ctx, pending.slice(part.start, part.end));
        if (indexes.length > 0) await send(indexes, 'multi');
      } catch (err) {
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
        if ((await takeKnown(ctx, [index])).length > 0) await send([index], 'single');
      } catch (err) {
        // The other workers finish what they sent (and keep it) before this is thrown.
        fatal ??= err;
      }
    }
  };

  /**
   * Addresses other jobs held when this run came to them: their answers are
   * taken as they come; one let go unanswered is claimed and sent here.
   */
  const waitedFor = async () => {
    const claims = ctx.claims;
    while (claims && claims.waiting > 0 && !halted()) {
      let asked: number[];
      try {
        asked = await claims.nextWaiting(ctx.stop);
      } catch {
        return;
      }
      try {
        const mine = await takeKnown(ctx, asked);
        for (let at = 0; at < mine.length && !halted(); at += MULTI_SIZE) {
          const part = mine.slice(at, at + MULTI_SIZE);
          if (!mayCharge(ctx, part.length, 'sync', checkedWith)) {
            claims.letGo(mine.slice(at));
            return;
          }
          await send(part, part.length === 1 ? 'single' : 'multi');
        }
      } catch (err) {
        fatal ??= err;
      }
    }
  };

  await Promise.all([multis(), ...Array.from({ length: SPARE_SLOTS }, singles)]);
  await waitedFor();
  if (fatal !== null) throw fatal;
  if (ctx.stop.aborted) throw new StoppedError();
}
