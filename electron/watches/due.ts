// `watch run --due` and the app's sweep: every active watch that is due runs
// once, one after another; a watch that is not due is not touched, not even
// its platform read (a hot folder is looked into: it is due when a file waits).
import type { Watch } from './model';
import { isWatchDue, runWatch, type RunDeps, type RunResult } from './run';
import { listWatches } from './store';

/** Runs each due watch once; what became of each, in the order run. */
export async function runDue(deps: RunDeps): Promise<{ watch: Watch; result: RunResult }[]> {
  const now = deps.now ?? Date.now;
  const done: { watch: Watch; result: RunResult }[] = [];
  for (const watch of await listWatches(deps.dataDir)) {
    if (!(await isWatchDue(watch, now()))) continue;
    done.push({ watch, result: await runWatch(deps, watch.id, { trigger: 'schedule' }) });
  }
  return done;
}
