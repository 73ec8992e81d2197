// `watch install` / `watch uninstall`: the scheduler entry written where the
// operating system reads it and registered with its own tool (systemctl,
// launchctl, schtasks). Both are idempotent and answer what they wrote or
// removed, where. The programs are run through `exec`, so tests record them.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import {
  LAUNCHD_LABEL,
  SYSTEMD_NAME,
  TASK_NAME,
  launchdPlist,
  systemdUnits,
  taskXml,
} from './entries';

export type SchedulerOs = 'linux' | 'darwin' | 'win32';

export interface SchedulerHost {
  os: SchedulerOs;
  home: string;
  dataDir: string;
  /** Linux: $XDG_CONFIG_HOME when set. */
  configHome?: string;
  /** macOS: the user's id, for launchctl's gui/<uid> domain. */
  uid?: number;
  user: string;
  exec(file: string, args: readonly string[]): Promise<{ code: number; stderr: string }>;
}

export interface SchedulerChange {
  /** What kind of entry: a systemd user timer, a launchd agent, a Task Scheduler task. */
  kind: 'systemd' | 'launchd' | 'task';
  /** 'unchanged': the same entry was there already; 'removed-none': nothing to remove. */
  state: 'written' | 'unchanged' | 'removed' | 'removed-none';
  files: string[];
}

interface Entry {
  kind: SchedulerChange['kind'];
  files: { path: string; body: string | Buffer }[];
  register: [string, string[]][];
  unregister: [string, string[]][];
}

function entryOf(host: SchedulerHost, command: readonly string[]): Entry {
  if (host.os === 'linux') {
    const dir = join(host.configHome ?? join(host.home, '.config'), 'systemd', 'user');
    const { service, timer } = systemdUnits(command);
    const timerName = `${SYSTEMD_NAME}.timer`;
    return {
      kind: 'systemd',
      files: [
        { path: join(dir, `${SYSTEMD_NAME}.service`), body: service },
        { path: join(dir, timerName), body: timer },
      ],
      register: [
        ['systemctl', ['--user', 'daemon-reload']],
        ['systemctl', ['--user', 'enable', '--now', timerName]],
      ],
      unregister: [
        ['systemctl', ['--user', 'disable', '--now', timerName]],
        ['systemctl', ['--user', 'daemon-reload']],
      ],
    };
  }
  if (host.os === 'darwin') {
    const path = join(host.home, 'Library', 'LaunchAgents', `${LAUNCHD_LABEL}.plist`);
    const domain = `gui/${host.uid ?? 0}`;
    const log = join(host.dataDir, 'watches', 'runner.log');
    return {
      kind: 'launchd',
      files: [{ path, body: launchdPlist(command, log) }],
      register: [['launchctl', ['bootstrap', domain, path]]],
      unregister: [['launchctl', ['bootout', `${domain}/${LAUNCHD_LABEL}`]]],
    };
  }
  const path = join(host.dataDir, 'watches', 'scheduler-task.xml');
  return {
    kind: 'task',
    // The task starts on the grid from a fixed day, so a second install writes the same bytes.
    files: [{ path, body: taskXml(command, host.user, '2020-01-01T00:00:00') }],
    register: [['schtasks', ['/Create', '/TN', TASK_NAME, '/XML', path, '/F']]],
    unregister: [['schtasks', ['/Delete', '/TN', TASK_NAME, '/F']]],
  };
}

async function readOr(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

async function run(host: SchedulerHost, steps: [string, string[]][], files: string[]) {
  for (const [file, args] of steps) {
    const { code, stderr } = await host.exec(file, args);
    if (code !== 0) {
      throw new AppError(
        'internal',
        message('error.watch.schedulerRefused', {
          command: [file, ...args].join(' '),
          detail: stderr.trim() || String(code),
          files: files.join(', '),
        }),
      );
    }
  }
}

/** Writes and registers the entry that runs `command`; nothing when the same is there already. */
export async function installScheduler(
  host: SchedulerHost,
  command: readonly string[],
): Promise<SchedulerChange> {
  const entry = entryOf(host, command);
  const files = entry.files.map((f) => f.path);
  const before = await Promise.all(entry.files.map((f) => readOr(f.path)));
  if (entry.files.every((f, i) => before[i]?.equals(Buffer.from(f.body)) ?? false)) {
    return { kind: entry.kind, state: 'unchanged', files };
  }
  // An agent or a task registered before is taken out first, so the new one replaces it.
  if (entry.kind !== 'systemd' && before.some((b) => b !== null)) {
    for (const [file, args] of entry.unregister) await host.exec(file, args);
  }
  for (const f of entry.files) {
    await mkdir(join(f.path, '..'), { recursive: true });
    await writeFile(f.path, f.body);
  }
  await run(host, entry.register, files);
  return { kind: entry.kind, state: 'written', files };
}

/** Unregisters and removes the entry; says so when there was none. */
export async function uninstallScheduler(host: SchedulerHost): Promise<SchedulerChange> {
  const entry = entryOf(host, []);
  const present = [];
  for (const f of entry.files) if ((await readOr(f.path)) !== null) present.push(f.path);
  if (present.length === 0) return { kind: entry.kind, state: 'removed-none', files: [] };
  // Whether it was still registered or not, the files go: a failure to unregister is said.
  for (const [file, args] of entry.unregister) await host.exec(file, args);
  for (const path of present) await rm(path, { force: true });
  return { kind: entry.kind, state: 'removed', files: present };
}

/** Whether this computer's scheduler holds the entry (its files are where the OS reads them). */
export async function schedulerState(
  host: SchedulerHost,
): Promise<{ on: boolean; kind: SchedulerChange['kind']; files: string[] }> {
  const entry = entryOf(host, []);
  const present: string[] = [];
  for (const f of entry.files) if ((await readOr(f.path)) !== null) present.push(f.path);
  return { on: present.length === entry.files.length, kind: entry.kind, files: present };
}
