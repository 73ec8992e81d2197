// One round of asking a finished job's unknowns again, run by the job's own
// run (execute.ts) under its lock, through the same path as its first answers:
// answers another job paid for meanwhile are taken free, the rest are sent as
// multi checks of 100 and singles, each answer kept before the next request,
// the spending limit held. Only unknowns are asked, and those were not charged
// (42200 "not charged"; a multi check charges only addresses it checked), so
// nothing is paid twice. A round never fails nor holds a finished job: what
// stops it moves the schedule on.
import type { JobProduct } from '../../common/model';
import { runPositions } from '../run/run';
import type { RunContext } from '../run/keep';
import type { OutcomeTable } from '../storage/outcomes';
import type { JobRecord } from '../storage/record';
import { askable } from './plan';
import type { AskAgainRecord } from './record';
import { DEFAULT_ASK_AGAIN_DELAYS, nextRoundAt } from './schedule';

/** Asks the askable unknowns once; what came back determined is counted as resolved. */
export async function askRound(
  ctx: RunContext,
  invalid: () => Promise<ReadonlySet<number>>,
): Promise<RunContext> {
  const state = ctx.record.askAgain;
  if (!state) return ctx;
  ctx.record.state = 'checking';
  const positions = askable(ctx.outcomes, await invalid());
  try {
    await runPositions(ctx, positions, 'email');
  } finally {
    // Counted per try: a try after a refusal asks only what is still unknown.
    for (const p of positions) {
      const status = ctx.outcomes.get(p)?.status;
      if (status === 'deliverable') state.resolved.deliverable += 1;
      else if (status === 'undeliverable') state.resolved.undeliverable += 1;
    }
  }
  return ctx;
}

/** The round is over (done, stopped, refused past the patience, failed): the next one, or the end. */
export function closeRound(state: AskAgainRecord, left: number, nowMs: number): void {
  const at = new Date(nowMs).toISOString();
  state.asking = false;
  state.round += 1;
  state.left = left;
  // `nextAt` holds when the round was started (due.ts): offsets up to then are behind.
  const after = Math.max(nowMs, state.nextAt === null ? 0 : Date.parse(state.nextAt));
  state.nextAt = left === 0 ? null : nextRoundAt(state, after);
  if (state.nextAt === null) state.ended = { reason: left === 0 ? 'none-left' : 'schedule', at };
}

/**
 * After a run that ended with every answer in: a round closed, or, after the
 * job's own run, the schedule started when it left unknowns that may be asked
 * again (`delays` empty: the user said not to ask again).
 */
export function afterRun(
  record: JobRecord,
  outcomes: OutcomeTable,
  invalid: ReadonlySet<number>,
  delays: readonly number[],
  nowMs: number,
): void {
  const left = askable(outcomes, invalid).length;
  if (record.askAgain?.asking) {
    closeRound(record.askAgain, left, nowMs);
    return;
  }
  const product: JobProduct = record.product ?? 'email';
  if (record.askAgain !== null || left === 0 || product !== 'email') return;
  const from = new Date(nowMs).toISOString();
  const base = {
    delays: [...delays],
    from,
    round: 0,
    asking: false,
    asked: left,
    left,
    resolved: { deliverable: 0, undeliverable: 0 },
  };
  record.askAgain =
    delays.length === 0
      ? { ...base, nextAt: null, ended: { reason: 'turned-off', at: from } }
      : { ...base, nextAt: nextRoundAt(base, null), ended: null };
}

/** A new schedule for the rest (`[]`: ask no more), counted from now. */
export function reschedule(state: AskAgainRecord, delays: readonly number[], nowMs: number): void {
  const at = new Date(nowMs).toISOString();
  state.delays = [...delays];
  state.from = at;
  state.nextAt = delays.length === 0 ? null : nextRoundAt(state, null);
  state.ended = delays.length === 0 ? { reason: 'turned-off', at } : null;
}

type Marks = () => Promise<ReadonlySet<number>>;

/** A run ended with every answer in: its round closed, or its schedule started (`afterRun`). */
export async function settleAskAgain(
  record: JobRecord,
  outcomes: OutcomeTable,
  invalid: Marks,
  s: { options: { askAgainDelays?: () => readonly number[] } },
): Promise<void> {
  if (outcomes.counts().unknown === 0 && !record.askAgain?.asking) return;
  const delays = s.options.askAgainDelays?.() ?? DEFAULT_ASK_AGAIN_DELAYS;
  afterRun(record, outcomes, await invalid(), delays, Date.now());
}

/** A round that could not finish: the job stays done, the schedule moves on. */
export async function roundStopped(
  record: JobRecord,
  outcomes: OutcomeTable,
  invalid: Marks,
): Promise<void> {
  if (!record.askAgain) return;
  const marks = await invalid().catch(() => new Set<number>());
  closeRound(record.askAgain, askable(outcomes, marks).length, Date.now());
  record.state = 'done';
}
