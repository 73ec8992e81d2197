// The channels that make a watch: on the list a finished platform job read
// (main reads which list from the job; the window names none), or on a hot
// folder chosen in main's own dialogs. Retiring members on every run needs
// the user's yes in main's own dialog, naming what will happen.
import { PLATFORM_NAMES } from '../../common/catalogs/platforms';
import { message } from '../../common/i18n/message';
import { MAX_REUSE_DAYS } from '../../common/limits';
import { scheduleFrom } from '../../common/schedules/watch-schedule';
import type { WatchView } from '../../common/views/watch-views';
import { connectorOf } from '../../connectors/connectors';
import { localPathSaid } from '../../files/local-path';
import { AppError } from '../../lib/app-error';
import { requireConsent } from '../../lib/consent';
import { DEFAULT_RECHECK_DAYS, type Watch } from '../../watches/model';
import { newWatchId, saveWatch } from '../../watches/store';
import type { Handlers } from '../registry';
import type { WatchesHandlerDeps } from './handlers';

type MakeChannels = 'watch:draft' | 'watch:add' | 'watch:folder';

export function makeWatchHandlers(
  d: WatchesHandlerDeps,
  view: (watch: Watch) => Promise<WatchView>,
): Pick<Handlers, MakeChannels> {
  const now = d.now ?? Date.now;
  const changed = (watchId: string) => d.events.emit('watch:changed', { watchId });

  /** The finished platform job a watch is made from, and its list. */
  async function platformJob(jobId: string) {
    const jobs = await d.jobs();
    const job = await jobs.get(jobId);
    const source = await jobs.sourceOf(jobId);
    if (source === null || job.state !== 'done') {
      throw new AppError('invalid_input', message('error.watch.notPlatformJob'));
    }
    return { job, source };
  }

  return {
    'watch:draft': async ({ jobId }) => {
      const { job, source } = await platformJob(jobId);
      return {
        jobId,
        platform: source.platform,
        listName: source.listName,
        retireModes: [...connectorOf(source.platform).retireModes],
        retirable: job.undeliverable,
        members: job.rows,
        recheckDays: DEFAULT_RECHECK_DAYS,
        maxRecheckDays: MAX_REUSE_DAYS,
        accountLimitMicros: d.settings.get().maxSpendMicros,
      };
    },
    'watch:add': async (input) => {
      const { job, source } = await platformJob(input.jobId);
      const platform = PLATFORM_NAMES[source.platform];
      let retire: Watch['retire'] = null;
      if (input.retire !== null) {
        const mode = input.retire.mode;
        if (!connectorOf(source.platform).retireModes.includes(mode)) {
          throw new AppError(
            'invalid_input',
            message('error.cli.cannotRetire', { name: platform }),
          );
        }
        // Main's own words of what happens on every run; the window only asked.
        await requireConsent(d.shell.consent, {
          kind: 'watch-retire',
          platform,
          listName: source.listName,
          mode,
          ceilingBp: input.retire.ceilingBp,
        });
        retire = {
          mode,
          ceilingBp: input.retire.ceilingBp,
          agreedAt: new Date(now()).toISOString(),
        };
      }
      const made = now();
      const watch: Watch = {
        id: newWatchId(),
        name: `${source.listName} (${platform})`,
        source: {
          kind: 'platform',
          platform: source.platform,
          listId: source.listId,
          listName: source.listName,
          choice: source.choice,
        },
        product: job.product ?? 'email',
        schedule: scheduleFrom(input.every, input.at, made),
        recheckDays: input.recheckDays,
        retire,
        cap: input.cap,
        state: 'active',
        lastSlotDone: null,
        retryAt: null,
        createdAt: new Date(made).toISOString(),
      };
      await saveWatch(d.dataDir, watch);
      changed(watch.id);
      return view(watch);
    },
    'watch:folder': async ({ product, recheckDays }) => {
      const folder = await d.shell.chooseFolder('');
      if (folder === null) return null;
      const out = await d.shell.chooseFolder(folder);
      if (out === null) return null;
      for (const path of [folder, out]) {
        const refused = localPathSaid(path);
        if (refused !== null) throw new AppError('invalid_input', refused);
      }
      if (out === folder) throw new AppError('invalid_input', message('error.watch.sameFolder'));
      const made = now();
      const name = folder.split(/[\\/]/).filter(Boolean).at(-1) ?? folder;
      const watch: Watch = {
        id: newWatchId(),
        name,
        source: { kind: 'folder', folder, out },
        product,
        // A folder is looked into on every pass; its schedule only dates its passes.
        schedule: scheduleFrom({ count: 1, unit: 'days' }, null, made),
        recheckDays,
        retire: null,
        cap: { kind: 'none' },
        state: 'active',
        lastSlotDone: null,
        retryAt: null,
        createdAt: new Date(made).toISOString(),
      };
      await saveWatch(d.dataDir, watch);
      changed(watch.id);
      return view(watch);
    },
  };
}
