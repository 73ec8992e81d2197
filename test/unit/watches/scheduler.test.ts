// The scheduler entries `watch install` writes, read back by what reads them:
// the systemd units checked by systemd-analyze itself (any complaint fails),
// the launchd plist parsed with `plist`, the Task Scheduler XML decoded from
// UTF-16 and parsed with @xmldom/xmldom in its namespace, field by field.
// Paths hold spaces, %, &, <, $ and letters beyond ASCII. Install and
// uninstall run against a temporary home with the programs recorded.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import plist from 'plist';
import { afterEach, describe, expect, it } from 'vitest';
import { launchdPlist, systemdUnits, taskXml } from '../../../electron/watches/scheduler/entries';
import {
  installScheduler,
  uninstallScheduler,
  type SchedulerHost,
  type SchedulerOs,
} from '../../../electron/watches/scheduler/install';

const WEIRD = 'List Cleaner 100% & <ü> $HOME';
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-scheduler-'));
  dirs.push(dir);
  return dir;
}

/** A real executable under a path with every awkward character, and a script beside it. */
async function awkwardCommand(): Promise<string[]> {
  const dir = join(await tempDir(), WEIRD);
  await mkdir(dir, { recursive: true });
  const node = join(dir, 'node');
  await symlink(process.execPath, node);
  return [node, join(dir, 'list-cleaner "x".mjs'), 'watch', 'run', '--due'];
}

const hasSystemd = spawnSync('systemd-analyze', ['--version']).status === 0;

describe.skipIf(!hasSystemd)('the systemd user units', () => {
  it('pass systemd-analyze verify with nothing said', async () => {
    const command = await awkwardCommand();
    const dir = join(await tempDir(), 'units');
    const host = recordingHost('linux', dir);
    const change = await installScheduler(host.host, command);
    const [service, timer] = change.files;
    if (service === undefined || timer === undefined) throw new Error('no units');
    const runtime = await tempDir();
    const verified = spawnSync('systemd-analyze', ['verify', '--user', service, timer], {
      env: { ...process.env, XDG_RUNTIME_DIR: runtime, HOME: dir, SYSTEMD_LOG_LEVEL: 'notice' },
      encoding: 'utf8',
    });
    // verify exits 0 for an unknown key or a misspelt value: only silence is a pass.
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    const units = systemdUnits(command);
    expect(units.timer).toMatch(/^OnCalendar=\*:0\/15$/m);
    expect(units.timer).toMatch(/^Persistent=true$/m);
    expect(units.service).toMatch(/^Type=oneshot$/m);
    expect(units.service).toContain('100%% & <ü> $$HOME');
  });

  it('fails verify when the program named does not exist, so the check above means something', async () => {
    const dir = await tempDir();
    const host = recordingHost('linux', dir);
    const missing = join(dir, WEIRD, 'node');
    const change = await installScheduler(host.host, [missing, 'watch', 'run', '--due']);
    const verified = spawnSync('systemd-analyze', ['verify', '--user', ...change.files], {
      env: { ...process.env, XDG_RUNTIME_DIR: await tempDir(), HOME: dir },
      encoding: 'utf8',
    });
    // The path systemd looked for is the one given, unescaped whole.
    expect(verified.stderr).toContain(missing);
  });
});

describe('the launchd agent', () => {
  it('parses back to its label, its arguments and its schedule', async () => {
    const command = await awkwardCommand();
    const parsed = plist.parse(launchdPlist(command, `/Users/ü/${WEIRD}/runner.log`)) as Record<
      string,
      unknown
    >;
    expect(parsed).toEqual({
      Label: 'com.listcleaner.watches',
      ProgramArguments: command,
      StartInterval: 900,
      RunAtLoad: true,
      ProcessType: 'Background',
      StandardOutPath: `/Users/ü/${WEIRD}/runner.log`,
      StandardErrorPath: `/Users/ü/${WEIRD}/runner.log`,
    });
  });
});

/** Windows' own rules for splitting a command line (CommandLineToArgvW), written from its documentation. */
function argvOf(line: string): string[] {
  const args: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (i >= line.length) break;
    let arg = '';
    let quoted = false;
    for (; i < line.length; i++) {
      const c = line[i];
      if (c === '\\') {
        let n = 0;
        while (line[i] === '\\') {
          n++;
          i++;
        }
        if (line[i] === '"') {
          arg += '\\'.repeat(Math.floor(n / 2));
          if (n % 2 === 1) arg += '"';
          else quoted = !quoted;
        } else {
          arg += '\\'.repeat(n);
          i--;
        }
      } else if (c === '"') quoted = !quoted;
      else if (!quoted && (c === ' ' || c === '\t')) break;
      else arg += c;
    }
    args.push(arg);
  }
  return args;
}

describe('the Task Scheduler task', () => {
  it('is UTF-16 with its mark, in the task namespace, with every setting it needs', () => {
    const command = [
      `C:\\Program Files\\${WEIRD}\\node.exe`,
      `C:\\Users\\Zoë\\${WEIRD}\\list-cleaner "x".mjs`,
      'C:\\ends with\\',
      'watch',
      'run',
      '--due',
    ];
    const bytes = taskXml(command, 'zoë', '2020-01-01T00:00:00');
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const doc = new DOMParser().parseFromString(bytes.subarray(2).toString('utf16le'), 'text/xml');
    const ns = 'http://schemas.microsoft.com/windows/2004/02/mit/task';
    const task = doc.documentElement;
    expect(task?.namespaceURI).toBe(ns);
    expect(task?.getAttribute('version')).toBe('1.4');
    const one = (name: string) => {
      const found = doc.getElementsByTagNameNS(ns, name);
      expect(found.length).toBe(1);
      return found.item(0)?.textContent ?? '';
    };
    expect(one('StartWhenAvailable')).toBe('true');
    expect(one('MultipleInstancesPolicy')).toBe('IgnoreNew');
    expect(one('Interval')).toBe('PT15M');
    expect(one('LogonType')).toBe('InteractiveToken');
    expect(one('Author')).toBe('zoë');
    expect(one('Command')).toBe(command[0]);
    expect(argvOf(one('Arguments'))).toEqual(command.slice(1));
    expect(doc.getElementsByTagNameNS(ns, 'LogonTrigger').length).toBe(1);
  });
});

function recordingHost(os: SchedulerOs, home: string) {
  const ran: string[] = [];
  const host: SchedulerHost = {
    os,
    home,
    dataDir: join(home, 'data'),
    uid: 501,
    user: 'tester',
    exec: async (file, args) => {
      ran.push([file, ...args].join(' '));
      return { code: 0, stderr: '' };
    },
  };
  return { host, ran };
}

describe.each(['linux', 'darwin', 'win32'] as const)('install and uninstall on %s', (os) => {
  it('writes and registers once, says when nothing changed, and removes what it wrote', async () => {
    const { host, ran } = recordingHost(os, await tempDir());
    const command = ['/opt/node', '/opt/list-cleaner.mjs', 'watch', 'run', '--due'];
    const first = await installScheduler(host, command);
    expect(first.state).toBe('written');
    for (const f of first.files) expect(existsSync(f)).toBe(true);
    expect(ran.length).toBeGreaterThan(0);
    const registered = [...ran];

    const again = await installScheduler(host, command);
    expect(again).toEqual({ ...first, state: 'unchanged' });
    expect(ran).toEqual(registered);

    // Another command (an update moved it): replaced, and said as written.
    const moved = await installScheduler(host, ['/usr/bin/node', ...command.slice(1)]);
    expect(moved.state).toBe('written');
    expect(await readFile(moved.files[0] ?? '', os === 'win32' ? 'utf16le' : 'utf8')).toContain(
      '/usr/bin/node',
    );

    const removed = await uninstallScheduler(host);
    expect(removed.state).toBe('removed');
    expect(removed.files.sort()).toEqual([...first.files].sort());
    for (const f of first.files) expect(existsSync(f)).toBe(false);
    expect(await uninstallScheduler(host)).toEqual({
      kind: first.kind,
      state: 'removed-none',
      files: [],
    });
    expect(ran.join('\n')).toMatch(
      {
        linux: /systemctl --user enable --now list-cleaner-watches\.timer/,
        darwin: /launchctl bootstrap gui\/501 /,
        win32: /schtasks \/Create \/TN List Cleaner watches \/XML /,
      }[os],
    );
  });
});
