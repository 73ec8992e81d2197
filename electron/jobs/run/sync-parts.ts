// The synchronous part of a job: its `sync` range with the job's product,
// then each range of plan.syncParts with its own (addresses outside avatar
// coverage checked with Email, or the addresses of a bulk task refused for
// coverage). The parts are read as the run reaches them: a task refused while
// the bulk part was sent adds its range before this starts (bulk.ts).
import { runSync, type RunContext } from './run';
import type { SyncPartRecord } from '../storage/record';

/**
 * A refused task said how many of its addresses were outside coverage: when
 * exactly that many came back from its multi checks without a result, those
 * are they.
 */
function outsideOfRefused(ctx: RunContext, part: SyncPartRecord): void {
  if (part.refused === undefined || part.refused === 0) return;
  const none: number[] = [];
  for (let p = part.start; p < part.end; p++) {
    const o = ctx.outcomes.get(p);
    if (!o) return;
    if (o.status === 'unknown' && o.origin === 'paid') none.push(p);
  }
  if (none.length === part.refused) ctx.hooks.refusedOutside?.(none);
}

export async function runSyncParts(ctx: RunContext): Promise<void> {
  const plan = ctx.record.plan;
  if (plan?.sync) await runSync(ctx, plan.sync);
  for (let k = 0; k < (plan?.syncParts?.length ?? 0); k++) {
    const part = plan?.syncParts?.[k];
    if (!part) continue;
    await runSync(ctx, part, part.product);
    outsideOfRefused(ctx, part);
  }
}
