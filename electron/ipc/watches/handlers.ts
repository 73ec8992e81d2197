// The handlers of the watches' channels: thin adapters to watches/ (the
// store, the app's runner, the scheduler's install), main's dialogs and its
// questions. A watch is made from a finished platform job's own list, read
// from the job in main; a hot folder's folders only from main's dialogs.
import { PLATFORM_NAMES } from '../../common/catalogs/platforms';
import { message, type Translate } from '../../common/i18n/message';
import type { WatchSchedulerView } from '../../common/views/watch-views';
import type { Jobs } from '../../jobs/jobs';
import { AppError } from '../../lib/app-error';
import { requireConsent } from '../../lib/consent';
import type { SettingsStore } from '../../settings/settings';
import type { AppRunner } from '../../watches/app-runner';
import type { Watch } from '../../watches/model';
import {
  installScheduler,
  schedulerState,
  uninstallScheduler,
  type SchedulerHost,
} from '../../watches/scheduler/install';
import { listWatches, patchWatch, readRuns, readWatch, removeWatch } from '../../watches/store';
import { runView, watchView } from '../../watches/views';
import type { EventBus } from '../contract';
import type { Handlers } from '../registry';
import type { ShellHooks } from '../shell-hooks';
import { makeWatchHandlers } from './make';

type WatchesChannels =
  | 'watch:list'
  | 'watch:runs'
  | 'watch:report'
  | 'watch:draft'
  | 'watch:add'
  | 'watch:folder'
  | 'watch:pause'
  | 'watch:resume'
  | 'watch:remove'
  | 'watch:run'
  | 'watch:scheduler'
  | 'watch:switch';

export interface WatchesHandlerDeps {
  dataDir: string;
  runner: AppRunner;
  jobs: () => Promise<Jobs>;
  settings: SettingsStore;
  shell: Pick<ShellHooks, 'consent' | 'chooseFolder'>;
  events: EventBus;
  words: () => Translate;
  /** This computer's scheduler, and the command its entry runs (the app, headless). */
  scheduler: { host(): SchedulerHost; command(): readonly string[] };
  now?: () => number;
}

/** The runs a report list shows. */
const RUNS_SHOWN = 50;

export function watchesHandlers(d: WatchesHandlerDeps): Pick<Handlers, WatchesChannels> {
  const now = d.now ?? Date.now;
  const view = async (watch: Watch) =>
    watchView(watch, {
      dataDir: d.dataDir,
      t: d.words(),
      nowMs: now(),
      accountLimitMicros: d.settings.get().maxSpendMicros,
      running: d.runner.running(watch.id),
    });
  const changed = (watchId: string) => d.events.emit('watch:changed', { watchId });

  const scheduler = async (): Promise<WatchSchedulerView> => schedulerState(d.scheduler.host());

  return {
    'watch:list': async () => Promise.all((await listWatches(d.dataDir)).map(view)),
    'watch:runs': async ({ watchId }) => {
      await readWatch(d.dataDir, watchId);
      return (await readRuns(d.dataDir, watchId))
        .slice(0, RUNS_SHOWN)
        .map((r) => runView(r, d.words()));
    },
    'watch:report': async ({ watchId, runId }) => {
      const run = (await readRuns(d.dataDir, watchId)).find((r) => r.id === runId);
      if (run === undefined) throw new AppError('invalid_input', message('error.watch.noRun'));
      return runView(run, d.words());
    },
    ...makeWatchHandlers(d, view),
    'watch:pause': async ({ watchId }) => {
      const watch = await patchWatch(d.dataDir, watchId, { state: 'paused' });
      changed(watchId);
      return view(watch);
    },
    'watch:resume': async ({ watchId }) => {
      const watch = await patchWatch(d.dataDir, watchId, { state: 'active' });
      changed(watchId);
      return view(watch);
    },
    'watch:remove': async ({ watchId }) => {
      const watch = await readWatch(d.dataDir, watchId);
      await requireConsent(d.shell.consent, { kind: 'watch-remove', name: watch.name });
      await removeWatch(d.dataDir, watchId);
      changed(watchId);
      return null;
    },
    'watch:run': async ({ watchId, retireOverCeiling }) => {
      const watch = await readWatch(d.dataDir, watchId);
      if (retireOverCeiling === true) {
        const last = (await readRuns(d.dataDir, watchId))[0];
        const source = watch.source;
        if (watch.retire === null || source.kind !== 'platform' || last?.question == null) {
          throw new AppError('invalid_input', message('error.watch.nothingToAnswer'));
        }
        await requireConsent(d.shell.consent, {
          kind: 'retire-members',
          platform: PLATFORM_NAMES[source.platform],
          listName: source.listName,
          count: last.question.retire,
          mode: watch.retire.mode,
        });
      }
      const result = await d.runner.runNow(watchId, { overCeiling: retireOverCeiling === true });
      if (!result.ran) {
        throw new AppError(
          'running_elsewhere',
          result.holder === null
            ? message('error.watch.notRun', { name: watch.name })
            : message('error.watch.busy', { name: watch.name, by: result.holder.by }),
        );
      }
      return runView(result.run, d.words());
    },
    'watch:scheduler': scheduler,
    'watch:switch': async ({ on }) => {
      const host = d.scheduler.host();
      if (on) await installScheduler(host, d.scheduler.command());
      else await uninstallScheduler(host);
      return scheduler();
    },
  };
}
