// A job left alone finishes: a refusal the service lifts by itself
// (refusals.ts) puts the job into a visible wait, with its reason and the
// time of the next try, kept in job.json so a restart waits on from there.
// It tries again with capped exponential backoff and jitter, never before
// the service's Retry-After; a balance run dry is read again now and then
// (a read is free) until it covers the next request; when the service takes
// no more orders while the account's own bulk tasks are still processing,
// those are waited for first. Within the patience window nothing of this
// fails the job; past it the job pauses for the user. Each try goes on from
// where the last one stopped: what was paid for is kept, and the run only
// sends what has no outcome yet.
import { english, message, say, type Message } from '../../common/i18n/message';
import { abortableSleep } from '../../service/retry';
import type { ServiceClient } from '../../service/client';
import { announce, save, type Live, type Shared } from '../live';
import { resetForResend, tasksToSendAgain, type JobRecord } from '../storage/record';
import { unitPrices } from '../view';
import { MULTI_SIZE } from '../run/plan';
import { nextTryDelay, refusalOf, type Refusal, type WaitPolicy } from './refusals';
import { busyExpected } from '../money/exposure';

export type WaitedOut<T> =
  /** `waited`: some try was refused and waited out (the balance may have moved for other reasons). */
  | { kind: 'done'; value: T; waited: boolean }
  /** The service refused for longer than the patience allows: the job pauses for the user. */
  | { kind: 'patience'; refusal: Refusal; since: string }
  /** Stopped by the user while it waited. */
  | { kind: 'halted' };

export interface WaitOutDeps {
  s: Shared;
  l: Live;
  client: ServiceClient;
  /** This process stops taking work, or the job's lock was taken away. */
  stop: AbortSignal;
  /** The user's Stop. */
  halt: AbortSignal;
  patienceMs: number;
  policy: WaitPolicy;
  random?: () => number;
}

/** Anything that moved the job on: an answer kept, a task sent or finished. */
function progressMark(l: Live): string {
  const tasks = (l.record.plan?.bulk ?? []).map((t) => t.status).join();
  return `${l.outcomes.counts().done}|${tasks}`;
}

/** Bulk tasks of this account's jobs still processing at the service, in every process. */
async function ordersUnderWay(s: Shared): Promise<number> {
  let count = 0;
  for (const record of await s.store.all().catch(() => [] as JobRecord[])) {
    for (const t of record.plan?.bulk ?? []) {
      // A task still being submitted may not exist at the service (its submit was refused).
      if (t.status === 'processing') count += 1;
    }
  }
  return count;
}

/** What the next request of the job may cost at most: one multi check, or the next bulk task. */
function nextRequestMicros(s: Shared, l: Live): number | null {
  const product = l.record.product ?? 'email';
  const unit = unitPrices(product, s.prices);
  const next = (l.record.plan?.bulk ?? []).find((t) => t.status === 'pending');
  if (next && unit.bulk !== null) return (next.end - next.start) * unit.bulk;
  if (unit.sync === null) return null;
  const left = Math.max(1, l.record.unique - l.outcomes.counts().done);
  return Math.min(left, MULTI_SIZE) * unit.sync;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Runs `attempt` (one run of the job from where it stands) until it ends
 * without a refusal the service lifts by itself. Anything else it throws is
 * thrown on.
 */
export async function waitOut<T>(
  deps: WaitOutDeps,
  attempt: () => Promise<T>,
): Promise<WaitedOut<T>> {
  const { s, l, policy } = deps;
  const either = AbortSignal.any([deps.stop, deps.halt]);
  let waited = false;
  // Picked up again (a restart) while waiting: the next try is not sooner than it was due.
  const due = l.record.wait ? Date.parse(l.record.wait.nextTryAt) - Date.now() : 0;
  if (due > 0) {
    try {
      await abortableSleep(due, either);
    } catch (stopped) {
      if (deps.stop.aborted) throw stopped;
      return { kind: 'halted' };
    }
  }
  for (;;) {
    const mark = progressMark(l);
    try {
      const value = await attempt();
      l.record.wait = null;
      return { kind: 'done', value, waited };
    } catch (err) {
      if (deps.stop.aborted) throw err;
      if (deps.halt.aborted) return { kind: 'halted' };
      const refusal = refusalOf(err);
      if (refusal === null) throw err;
      const nowMs = Date.now();
      // A 42901 while the last run's checks, killed in flight, may still hold the
      // account's slots at the service is expected: waited out, never counted
      // toward the patience (nothing is wrong, and nothing is charged).
      const expected = refusal.reason === 'busy' && busyExpected(l.record, nowMs);
      const last = progressMark(l) === mark ? l.record.wait : null;
      // Patience counts from the first unexpected refusal after the job last moved on.
      const earlier = last?.expected ? null : last;
      const since = expected ? iso(nowMs) : (earlier?.since ?? iso(nowMs));
      const endsAt = expected ? Number.POSITIVE_INFINITY : Date.parse(since) + deps.patienceMs;
      if (nowMs >= endsAt) return { kind: 'patience', refusal, since };
      const tries = last?.reason === refusal.reason && last.expected === expected ? last.tries : 0;
      waited = true;
      const words = expected ? message('error.wait.lastRunBusy') : refusal.words;
      const wait = async (ms: number, said = words) => {
        const until = Math.min(Date.now() + ms, endsAt);
        l.record.wait = {
          reason: refusal.reason,
          words: say(english.t, said),
          said,
          since,
          nextTryAt: iso(until),
          tries: tries + 1,
          expected,
        };
        l.record.state = 'waiting';
        await save(s, l);
        await abortableSleep(Math.max(0, until - Date.now()), either);
      };
      try {
        if (refusal.reason === 'funds') await waitForFunds(deps, refusal, endsAt, wait);
        else if (refusal.reason === 'orders')
          await waitForOrders(deps, refusal, tries, endsAt, wait);
        else await wait(nextTryDelay(tries, refusal.retryAfterMs, policy, deps.random));
      } catch (stopped) {
        if (deps.stop.aborted) throw stopped;
        return { kind: 'halted' };
      }
      // A failed task was refunded: it goes again, under a new key.
      for (const t of tasksToSendAgain(l.record, { forgotTasks: false })) resetForResend(t);
      announce(s, l);
    }
  }
}

/** Reads the balance every so often until it covers the next request (or the patience ends). */
async function waitForFunds(
  deps: WaitOutDeps,
  refusal: Refusal,
  endsAt: number,
  wait: (ms: number, words?: Message) => Promise<void>,
): Promise<void> {
  for (;;) {
    await wait(deps.policy.fundsEveryMs, message('error.wait.addFunds', { words: refusal.words }));
    if (Date.now() >= endsAt) return;
    const balance = await deps.client.balance().catch(() => null);
    if (balance === null) continue;
    const needed = nextRequestMicros(deps.s, deps.l);
    if (balance.balanceMicros > 0 && (needed === null || balance.balanceMicros >= needed)) return;
  }
}

/**
 * 42900 on a submit: while the account's own bulk tasks are still processing
 * (any job, any process on this machine), they are waited for first; with
 * none, it is the quota, and the usual backoff applies.
 */
async function waitForOrders(
  deps: WaitOutDeps,
  refusal: Refusal,
  tries: number,
  endsAt: number,
  wait: (ms: number, words?: Message) => Promise<void>,
): Promise<void> {
  let own = await ordersUnderWay(deps.s);
  if (own === 0) {
    await wait(
      nextTryDelay(tries, refusal.retryAfterMs, deps.policy, deps.random),
      message('error.wait.quota'),
    );
    return;
  }
  while (own > 0 && Date.now() < endsAt) {
    await wait(deps.policy.ordersEveryMs, message('error.wait.ownTasks', { count: own }));
    own = await ordersUnderWay(deps.s);
  }
}
