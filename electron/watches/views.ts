// A watch and its runs as the window is shown them: the schedule, the next
// run, the month's spend against the cap, the health per run for the chart
// and the decay measured from the runs, and a run's reason in the reader's
// language. The folders of a hot folder are named, never handed over.
import { basename } from 'node:path';
import type { Translate } from '../common/i18n/message';
import { nextRunAt } from '../common/schedules/watch-schedule';
import type { WatchRunView, WatchView } from '../common/views/watch-views';
import { sayStored } from '../lib/stored-message';
import { decayOf } from './health';
import type { Watch, WatchRun } from './model';
import { spentThisMonth } from './run';
import { readRuns } from './store';

/** Points on the health chart: half a year of weekly runs. */
export const HEALTH_POINTS = 26;

export function runView(run: WatchRun, t: Translate): WatchRunView {
  return {
    id: run.id,
    watchId: run.watchId,
    trigger: run.trigger,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    outcome: run.outcome,
    why: run.why === null ? null : sayStored(t, run.why, run.whySaid),
    counts: { ...run.counts },
    changed: run.changed.map((c) => ({ ...c })),
    health: { ...run.health },
    chargedMicros: run.chargedMicros,
    question: run.question === null ? null : { ...run.question },
    jobId: run.jobId,
    files: run.files ? { ...run.files } : null,
  };
}

export interface WatchViewContext {
  dataDir: string;
  t: Translate;
  nowMs: number;
  accountLimitMicros: number | null;
  running: boolean;
}

export async function watchView(watch: Watch, c: WatchViewContext): Promise<WatchView> {
  const runs = await readRuns(c.dataDir, watch.id);
  const last = runs[0];
  const { source } = watch;
  return {
    id: watch.id,
    name: watch.name,
    source:
      source.kind === 'platform'
        ? { kind: 'platform', platform: source.platform, listName: source.listName }
        : { kind: 'folder', folderName: basename(source.folder), outName: basename(source.out) },
    product: watch.product,
    every: { ...watch.schedule.every },
    at: watch.schedule.at,
    recheckDays: watch.recheckDays,
    state: watch.state,
    retire:
      watch.retire === null ? null : { mode: watch.retire.mode, ceilingBp: watch.retire.ceilingBp },
    nextRunAt: nextRunAt(watch.schedule, watch),
    running: c.running,
    capKind: watch.cap.kind,
    capMicros:
      watch.cap.kind === 'usd'
        ? watch.cap.micros
        : watch.cap.kind === 'account'
          ? c.accountLimitMicros
          : null,
    spentMicros: await spentThisMonth(c.dataDir, watch.id, c.nowMs),
    lastRun: last === undefined ? null : runView(last, c.t),
    health: runs
      .filter((r) => r.outcome === 'done' && r.counts.read > 0)
      .slice(0, HEALTH_POINTS)
      .reverse()
      .map((r) => ({ runId: r.id, at: r.startedAt, ...r.health })),
    decayPerMonth: decayOf(runs)?.perMonth ?? null,
    createdAt: watch.createdAt,
  };
}
