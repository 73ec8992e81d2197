// `list-cleaner watch install|uninstall`: `list-cleaner watch run --due`
// registered with this computer's own scheduler (a systemd user timer, a
// launchd agent, a Task Scheduler task), so watches run with the app closed
// while the user is logged in; or that entry removed.
import { resolve } from 'node:path';
import {
  installScheduler,
  uninstallScheduler,
  type SchedulerChange,
} from '../../../watches/scheduler/install';
import { schedulerHostOf } from '../../../watches/scheduler/host';
import { appDataDir } from '../../data-dir';
import { out } from '../../output/print';
import { t } from '../../output/say';

/** What is run: this very command (node and its script) with `watch run --due`. */
export const scheduledCommand = (): string[] => [
  process.execPath,
  resolve(process.argv[1] ?? 'list-cleaner'),
  'watch',
  'run',
  '--due',
];

export function changeLine(change: SchedulerChange): string {
  const files = change.files.join(', ');
  if (change.state === 'written') return t('cli.watch.installed', { kind: change.kind, files });
  if (change.state === 'unchanged') return t('cli.watch.installUnchanged', { files });
  if (change.state === 'removed') return t('cli.watch.uninstalled', { files });
  return t('cli.watch.nothingToRemove');
}

export async function install(uninstall: boolean): Promise<number> {
  const host = schedulerHostOf(appDataDir());
  const change = uninstall
    ? await uninstallScheduler(host)
    : await installScheduler(host, scheduledCommand());
  out(changeLine(change));
  return 0;
}
