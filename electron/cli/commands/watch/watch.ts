// `list-cleaner watch …`: platform lists kept clean on a schedule. A watch is
// made (`add`), seen (`list`, `show`), paused, resumed, removed, and run:
// `run <id>` now, due or not; `run --due` every watch that is due, once, for
// the operating system's scheduler to call. A run pays only for members never
// checked or whose answer is older than the watch's re-check age, and writes
// back only the verdicts that changed (electron/watches/run.ts).
import { hostname } from 'node:os';
import { message } from '../../../common/i18n/message';
import { nextRunAt } from '../../../common/schedules/watch-schedule';
import type { Watch } from '../../../watches/model';
import { runDue } from '../../../watches/due';
import { decayOf } from '../../../watches/health';
import { runWatch, spentThisMonth, type RunDeps, type RunResult } from '../../../watches/run';
import { listWatches, patchWatch, readRuns, readWatch, removeWatch } from '../../../watches/store';
import { UsageError, type Values } from '../../args/args';
import { appDataDir } from '../../data-dir';
import { err, out } from '../../output/print';
import { cash, t } from '../../output/say';
import { connectorsFor } from '../../platforms';
import { openJobsWithProgress, withConnection } from '../shared';
import { add, USAGE } from './add';
import { install } from './scheduler';
import { everyWords, lastWords, outcomeWord, runLines, when } from './report';

/**
 * Exit code 4: `watch run` could not run a watch, or a run could not finish
 * (the cap, a question, a refused key); each is named on stderr.
 */
export const EXIT_WATCH = 4;

const RUNNER = 'the list-cleaner command';

function needId(argument: string | undefined, sub: string): string {
  if (argument === undefined) {
    throw new UsageError(
      message('cli.usage.watchNeedsId', { command: `list-cleaner watch ${sub} <id>` }),
    );
  }
  return argument;
}

async function list(values: Values): Promise<number> {
  const dataDir = appDataDir();
  const watches = await listWatches(dataDir);
  const rows = await Promise.all(
    watches.map(async (w) => ({ watch: w, last: (await readRuns(dataDir, w.id))[0] })),
  );
  if (values.json) {
    out(
      JSON.stringify(
        rows.map(({ watch, last }) => ({
          ...watch,
          nextRunAt: new Date(nextRunAt(watch.schedule, watch)).toISOString(),
          lastRun: last ?? null,
        })),
      ),
    );
    return 0;
  }
  if (rows.length === 0) {
    out(t('cli.watch.none', { command: 'list-cleaner watch add <platform>:<list-id> --every 7d' }));
    return 0;
  }
  for (const { watch, last } of rows) {
    out(
      t('cli.watch.line', {
        id: watch.id,
        name: watch.name,
        state: watch.state,
        every: everyWords(watch.schedule.every),
        next: when(nextRunAt(watch.schedule, watch)),
        last: lastWords(last),
      }),
    );
  }
  return 0;
}

async function show(values: Values, id: string): Promise<number> {
  const dataDir = appDataDir();
  const watch = await readWatch(dataDir, id);
  const runs = await readRuns(dataDir, id);
  if (values.json) {
    out(JSON.stringify({ watch, runs }));
    return 0;
  }
  const spent = await spentThisMonth(dataDir, id, Date.now());
  out(
    t('cli.watch.show', {
      id: watch.id,
      name: watch.name,
      state: watch.state,
      every: everyWords(watch.schedule.every),
      days: watch.recheckDays,
      next: when(nextRunAt(watch.schedule, watch)),
      spent: cash(spent),
      cap:
        watch.cap.kind === 'usd'
          ? cash(watch.cap.micros)
          : t(watch.cap.kind === 'account' ? 'cli.watch.capAccount' : 'cli.watch.capNone'),
    }),
  );
  const decay = decayOf(runs);
  if (decay !== null) {
    out(
      t('cli.watch.decay', { percent: Math.round(decay.perMonth * 1000) / 10, days: decay.days }),
    );
  }
  for (const run of runs.slice(0, 20)) {
    out('');
    out(
      t('cli.watch.runHeader', {
        at: when(Date.parse(run.startedAt)),
        outcome: outcomeWord(run.outcome),
      }),
    );
    for (const line of runLines(watch, run)) out(`  ${line}`);
  }
  return 0;
}

/** What one run came to, said; whether it finished. */
function said(watch: Watch, result: RunResult, values: Values): boolean {
  if (!result.ran) {
    if (result.holder !== null) {
      err(t('cli.watch.busy', { name: watch.name, by: result.holder.by, pid: result.holder.pid }));
      return false;
    }
    return true;
  }
  const { run } = result;
  if (values.json) out(JSON.stringify(run));
  else for (const line of runLines(watch, run)) (run.outcome === 'done' ? out : err)(line);
  return run.outcome === 'done';
}

async function runCommand(values: Values, id: string | undefined): Promise<number> {
  if (id === undefined && !values.due) {
    throw new UsageError(
      message('cli.usage.watchNeedsId', { command: 'list-cleaner watch run <id>|--due' }),
    );
  }
  const dataDir = appDataDir();
  // Nothing due: nothing opened, no service, no platform, no keychain.
  if (id === undefined) {
    const { isWatchDue } = await import('../../../watches/run');
    const now = Date.now();
    const due = await Promise.all((await listWatches(dataDir)).map((w) => isWatchDue(w, now)));
    if (!due.some(Boolean)) {
      if (!values.json) err(t('cli.watch.noneDue'));
      return 0;
    }
  } else await readWatch(dataDir, id);
  return withConnection(values, async (connection) => {
    const { jobs, progress } = await openJobsWithProgress(connection, values);
    const deps: RunDeps = {
      dataDir,
      jobs,
      connectors: connectorsFor(connection.dataDir, jobs),
      accountLimitMicros: connection.costDefaults.maxSpendMicros,
      by: `${RUNNER} (${hostname()})`,
    };
    try {
      if (id !== undefined) {
        const result = await runWatch(deps, id, { trigger: 'now', overCeiling: values.yes });
        progress.done();
        return said(await readWatch(dataDir, id), result, values) ? 0 : EXIT_WATCH;
      }
      let ok = true;
      for (const { watch, result } of await runDue(deps)) {
        progress.done();
        ok = said(watch, result, values) && ok;
      }
      return ok ? 0 : EXIT_WATCH;
    } finally {
      progress.done();
    }
  });
}

export async function run(values: Values, argument: string | undefined, rest: readonly string[]) {
  const [target] = rest;
  switch (argument) {
    case 'add':
      return add(values, target);
    case 'list':
      return list(values);
    case 'show':
      return show(values, needId(target, 'show'));
    case 'pause':
    case 'resume': {
      const id = needId(target, argument);
      const watch = await patchWatch(appDataDir(), id, {
        state: argument === 'pause' ? 'paused' : 'active',
      });
      out(
        t(argument === 'pause' ? 'cli.watch.paused' : 'cli.watch.resumed', {
          name: watch.name,
          id,
        }),
      );
      return 0;
    }
    case 'remove': {
      const id = needId(target, 'remove');
      const watch = await readWatch(appDataDir(), id);
      await removeWatch(appDataDir(), id);
      out(t('cli.watch.removed', { name: watch.name, id }));
      return 0;
    }
    case 'run':
      return runCommand(values, target);
    case 'install':
    case 'uninstall':
      return install(argument === 'uninstall');
    default:
      throw new UsageError(
        argument === undefined
          ? message('cli.usage.watchSubcommand', { usage: USAGE })
          : message('cli.usage.unknownSubcommand', { command: 'watch', subcommand: argument }),
      );
  }
}
