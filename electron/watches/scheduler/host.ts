// This computer as the scheduler's install sees it: its OS, the user's home
// and name, and its programs (systemctl, launchctl, schtasks) run for real.
// `list-cleaner watch install` and the app's switch "Run watches when List
// Cleaner is closed" both install through it.
import { execFile } from 'node:child_process';
import { homedir, userInfo } from 'node:os';
import type { SchedulerHost } from './install';

export function schedulerHostOf(dataDir: string): SchedulerHost {
  const os =
    process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux';
  return {
    os,
    home: homedir(),
    dataDir,
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
