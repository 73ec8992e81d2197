// The open app runs due watches itself: a sweep at start and every minute
// after, through the same runner as `list-cleaner watch run --due`
// (due.ts, run.ts), so the data folder's per-watch lock keeps it and a
// command line (or a scheduled run) from running one watch at once. One
// sweep at a time in this process, and "Run now" waits for no sweep: the
// lock decides. Each run that ends is announced (the window reloads the
// watch), and one that could not go on is handed to `notify`.
import { log } from '../lib/log';
import type { Watch, WatchRun } from './model';
import { isWatchDue, runWatch, type RunDeps, type RunResult } from './run';
import { listWatches, readWatch } from './store';

/** How often the open app looks for due watches; a watch's period is days or weeks. */
export const SWEEP_EVERY_MS = 60_000;

export interface AppRunnerOptions {
  dataDir: string;
  /** The jobs and connectors of the account in use (throws the jobs' own error without one). */
  deps(): Promise<Omit<RunDeps, 'dataDir' | 'by' | 'now'>>;
  /** Whether there is an account to run with (a key, or the demo); without one, sweeps wait. */
  ready(): boolean;
  /** A watch changed (a run began or ended): the window reads it again. */
  changed(watchId: string): void;
  /** A run that could not go on: said to the user (a notification from main). */
  notify?(watch: Watch, run: WatchRun): void;
  now?: () => number;
  /** Null: no timer (tests sweep by hand). */
  everyMs?: number | null;
}

export interface AppRunner {
  /** Runs every due watch once; resolves when the sweep is over (joins one under way). */
  sweep(): Promise<void>;
  /** Runs the watch now, due or not; what became of it. */
  runNow(id: string, options?: { overCeiling?: boolean }): Promise<RunResult>;
  running(id: string): boolean;
  dispose(): Promise<void>;
}

/** Who holds a watch's lock while this app runs it, as another runner is told. */
export const APP_RUNNER = 'the List Cleaner app';

export function openAppRunner(o: AppRunnerOptions): AppRunner {
  const now = o.now ?? Date.now;
  const runningIds = new Set<string>();
  let sweeping: Promise<void> | null = null;
  let disposed = false;
  const ongoing = new Set<Promise<unknown>>();

  async function one(
    deps: Omit<RunDeps, 'dataDir' | 'by' | 'now'>,
    id: string,
    trigger: 'schedule' | 'now',
    overCeiling = false,
  ): Promise<RunResult> {
    runningIds.add(id);
    o.changed(id);
    try {
      const result = await runWatch({ ...deps, dataDir: o.dataDir, by: APP_RUNNER, now }, id, {
        trigger,
        overCeiling,
      });
      if (result.ran && result.run.outcome !== 'done' && o.notify) {
        o.notify(await readWatch(o.dataDir, id), result.run);
      }
      return result;
    } finally {
      runningIds.delete(id);
      o.changed(id);
    }
  }

  async function sweepOnce(): Promise<void> {
    const watches = await listWatches(o.dataDir);
    const due: Watch[] = [];
    for (const w of watches) if (!runningIds.has(w.id) && (await isWatchDue(w, now()))) due.push(w);
    // Not due: not touched; no jobs opened, no platform read.
    if (due.length === 0 || !o.ready()) return;
    const deps = await o.deps();
    for (const w of due) {
      if (disposed) return;
      await one(deps, w.id, 'schedule');
    }
  }

  const track = <T>(p: Promise<T>): Promise<T> => {
    ongoing.add(p);
    void p.finally(() => ongoing.delete(p)).catch(() => undefined);
    return p;
  };

  const sweep = (): Promise<void> => {
    if (disposed) return Promise.resolve();
    sweeping ??= track(
      sweepOnce()
        .catch((err: unknown) => log.warn('watches: the due watches could not be run', err))
        .finally(() => (sweeping = null)),
    );
    return sweeping;
  };

  const timer =
    o.everyMs === null ? null : setInterval(() => void sweep(), o.everyMs ?? SWEEP_EVERY_MS);
  timer?.unref();
  if (timer !== null) void sweep();

  return {
    sweep,
    async runNow(id, options) {
      await readWatch(o.dataDir, id);
      const deps = await o.deps();
      return track(one(deps, id, 'now', options?.overCeiling ?? false));
    },
    running: (id) => runningIds.has(id),
    async dispose() {
      disposed = true;
      if (timer !== null) clearInterval(timer);
      await Promise.allSettled([...ongoing]);
    },
  };
}
