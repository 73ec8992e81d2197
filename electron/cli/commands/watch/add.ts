// `list-cleaner watch add <platform>:<list-id> --every <period>`: a watch made
// on a platform list. The list's name is read once (which proves the key
// works before anything is kept), and members are retired on its runs only
// once the person at the terminal agreed to what will happen on every run
// (or --yes said it for them).
import { PLATFORM_NAMES, type MemberChoice } from '../../../common/catalogs/platforms';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { message } from '../../../common/i18n/message';
import { platformListName } from '../../../common/words/platform-list-name';
import {
  nextRunAt,
  parseAgeDays,
  parseEvery,
  parseTimeOfDay,
  scheduleFrom,
} from '../../../common/schedules/watch-schedule';
import { connectorOf } from '../../../connectors/connectors';
import { AppError } from '../../../lib/app-error';
import {
  DEFAULT_RECHECK_DAYS,
  DEFAULT_RETIRE_CEILING_BP,
  type Watch,
} from '../../../watches/model';
import { newWatchId, saveWatch } from '../../../watches/store';
import { UsageError, type Values } from '../../args/args';
import { parseMaxSpend } from '../../args/cost-options';
import { appDataDir } from '../../data-dir';
import { err, out } from '../../output/print';
import { t } from '../../output/say';
import { askYes, connectorsFor, platformListOf } from '../../platforms';
import { parseProduct } from '../clean/clean-start';
import { everyWords, when } from './report';

export const USAGE = 'list-cleaner watch add|list|show|pause|resume|remove|run|install|uninstall';

function parseMembers(value: string | undefined): MemberChoice {
  if (value === undefined || value === 'subscribed') return 'subscribed';
  if (value === 'all') return 'all';
  throw new UsageError(message('cli.usage.members'));
}

/** --ceiling: the share of the list one run may retire, in percent (default 2). */
function parseCeiling(value: string | undefined): number {
  if (value === undefined) return DEFAULT_RETIRE_CEILING_BP;
  const percent = Number(value.trim().replace(/%$/, ''));
  if (!(percent > 0 && percent <= 100)) throw new UsageError(message('cli.usage.watchCeiling'));
  return Math.max(1, Math.round(percent * 100));
}

/** `watch add <folder> --out <folder>`: a hot folder, looked into on every pass. */
async function addFolder(values: Values, target: string, outDir: string): Promise<number> {
  const folder = resolve(target);
  const cleanedInto = resolve(outDir);
  for (const dir of [folder, cleanedInto]) {
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory()) {
      throw new AppError('invalid_input', message('error.watch.noFolder', { folder: dir }));
    }
  }
  const recheckDays =
    values['recheck-after'] === undefined
      ? DEFAULT_RECHECK_DAYS
      : parseAgeDays(values['recheck-after']);
  if (recheckDays === null) throw new UsageError(message('cli.usage.watchRecheck'));
  const now = Date.now();
  const watch: Watch = {
    id: newWatchId(),
    name: basename(folder) || folder,
    source: { kind: 'folder', folder, out: cleanedInto },
    product: parseProduct(values.product),
    // A folder is looked into whenever the scheduler asks; its schedule only dates its passes.
    schedule: scheduleFrom({ count: 1, unit: 'days' }, null, now),
    recheckDays,
    retire: null,
    cap: { kind: 'none' },
    state: 'active',
    lastSlotDone: null,
    retryAt: null,
    createdAt: new Date(now).toISOString(),
  };
  await saveWatch(appDataDir(), watch);
  if (values.json) out(JSON.stringify(watch));
  else
    out(t('cli.watch.addedFolder', { id: watch.id, folder, out: cleanedInto, days: recheckDays }));
  return 0;
}

export async function add(values: Values, target: string | undefined): Promise<number> {
  const source = target === undefined ? null : platformListOf(target);
  if (source === null && target !== undefined && values.out !== undefined) {
    return addFolder(values, target, values.out);
  }
  if (source === null) {
    throw new UsageError(
      message('cli.usage.watchSource', {
        usage: USAGE,
        form: '<platform>:<list-id>',
        example: 'mailchimp:abc123',
        lists: 'list-cleaner lists <platform>',
      }),
    );
  }
  const every = values.every === undefined ? null : parseEvery(values.every);
  if (every === null) throw new UsageError(message('cli.usage.watchEvery'));
  const at = values.at === undefined ? null : parseTimeOfDay(values.at);
  if (values.at !== undefined && at === null) throw new UsageError(message('cli.usage.watchAt'));
  const recheckDays =
    values['recheck-after'] === undefined
      ? DEFAULT_RECHECK_DAYS
      : parseAgeDays(values['recheck-after']);
  if (recheckDays === null) throw new UsageError(message('cli.usage.watchRecheck'));
  const product = parseProduct(values.product);
  const choice = parseMembers(values.members);
  const capMicros = parseMaxSpend(values.cap);
  const ceilingBp = parseCeiling(values.ceiling);
  const { platform, listId } = source;
  const name = PLATFORM_NAMES[platform];
  const mode = values['archive-undeliverable']
    ? (connectorOf(platform).retireModes.find((m) => m === 'archive') ??
      connectorOf(platform).retireModes[0])
    : undefined;
  if (values['archive-undeliverable'] && mode === undefined) {
    throw new AppError('invalid_input', message('error.cli.cannotRetire', { name }));
  }
  const dataDir = appDataDir();
  // The list is read once now: its name, and a key that works, before anything is kept.
  const list = (await connectorsFor(dataDir).lists(platform)).find((l) => l.id === listId);
  if (list === undefined) {
    throw new AppError(
      'invalid_input',
      message('error.connector.noSuchList', { platform, name, listId }),
    );
  }
  const listName = platformListName(t, platform, list.name);
  let retire: Watch['retire'] = null;
  if (mode !== undefined) {
    const question = t('cli.watch.askRetire', {
      mode,
      list: listName,
      platform: name,
      ceiling: ceilingBp / 100,
    });
    if (!(values.yes || (await askYes(question)))) {
      err(t('cli.watch.retireNotAgreed'));
      return 1;
    }
    retire = { mode, ceilingBp, agreedAt: new Date().toISOString() };
  }
  const now = Date.now();
  const watch: Watch = {
    id: newWatchId(),
    name: `${list.name} (${name})`,
    source: { kind: 'platform', platform, listId, listName: list.name, choice },
    product,
    schedule: scheduleFrom(every, at, now),
    recheckDays,
    retire,
    cap:
      capMicros === undefined
        ? { kind: 'account' }
        : capMicros === null
          ? { kind: 'none' }
          : { kind: 'usd', micros: capMicros },
    state: 'active',
    lastSlotDone: null,
    retryAt: null,
    createdAt: new Date(now).toISOString(),
  };
  await saveWatch(dataDir, watch);
  if (values.json) out(JSON.stringify(watch));
  else {
    out(
      t('cli.watch.added', {
        id: watch.id,
        list: listName,
        platform: name,
        every: everyWords(every),
        days: recheckDays,
        next: when(nextRunAt(watch.schedule, watch)),
      }),
    );
    out(t('cli.watch.runItNow', { command: `list-cleaner watch run ${watch.id}` }));
  }
  return 0;
}
