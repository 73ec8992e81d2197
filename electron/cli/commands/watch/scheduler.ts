// `list-cleaner watch install|uninstall`: `list-cleaner watch run --due`
// registered with this computer's own scheduler (a systemd user timer, a
// launchd agent, a Task Scheduler task), so watches run with the app closed
// while the user is logged in; or that entry removed.
import { execFile } from 'node:child_process';
import { homedir, userInfo } from 'node:os';
import { resolve } from 'node:path';
import {
  installScheduler,
  uninstallScheduler,
  type SchedulerChange,
  type SchedulerHost,
} from '../../../watches/scheduler/install';
import { appDataDir } from '../../data-dir';
import { out } from '../../output/print';
import { t } from '../../output/say';

function hostOf(): SchedulerHost {
  const os =
    process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux';
  return {
    os,
    home: homedir(),
    dataDir: appDataDir(),
    ...(process.env.XDG_CONFIG_HOME ? { configHome: process.env.XDG_CONFIG_HOME } : {}),
    uid: process.getuid?.() ?? 0,
    user: userInfo().username,
    exec: (file, args) =>
      new Promise((done) => {
        execFile(file, [...args], { windowsHide: true }, (err, _stdout, stderr) => {
          const code = err === null ? 0 : typeof err.code === 'number' ? err.code : 1;
          done({ code, stderr: err !== null && stderr === '' ? err.message : stderr });
        });
      }),
  };
}

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
  const host = hostOf();
  const change = uninstall
    ? await uninstallScheduler(host)
    : await installScheduler(host, scheduledCommand());
  out(changeLine(change));
  return 0;
}
