#!/usr/bin/env node
// `npm test`, `npm run test:unit` and `npm run test:e2e`: the suites, each run
// as CI runs it. First the tools the lanes need are checked (one line naming
// what is missing, before any test); then the run moves into a private D-Bus
// session with an unlocked GNOME keyring of its own, under Xvfb, so the
// keychain tests use a real Secret Service and never the developer's own
// keychain. Arguments after the lanes go to the runners unchanged, so one file
// runs with `npm run test:unit -- test/unit/jobs/run/plan.test.ts`.
//
//   node scripts/run-tests.mjs <unit|e2e>... [arguments for Vitest / Playwright]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireTools } from './test-tools.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const SESSION = 'LIST_CLEANER_TEST_SESSION';

const LANES = {
  unit: [[bin('vitest'), ['run']]],
  e2e: [
    [bin('electron-vite'), ['build'], { noArgs: true }],
    [bin('playwright'), ['test']],
  ],
};

const argv = process.argv.slice(2);
const lanes = [];
while (argv.length > 0 && argv[0] in LANES) lanes.push(argv.shift());
if (argv[0] === '--') argv.shift();
if (lanes.length === 0) {
  console.error(`run-tests: name a lane first (${Object.keys(LANES).join(', ')})`);
  process.exit(2);
}
const event = process.env.npm_lifecycle_event;
const label = event === 'test' ? 'npm test' : event ? `npm run ${event}` : 'run-tests';

/** The output of `gnome-keyring-daemon` is NAME=value lines for the environment. */
function exportLines(output) {
  for (const line of output.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) process.env[match[1]] = match[2];
  }
}

/** An unlocked login keyring of its own each run: none left by an earlier run can prompt. */
function startKeyring() {
  const data = mkdtempSync(join(tmpdir(), 'lc-keyring-'));
  process.env.XDG_DATA_HOME = data;
  const login = spawnSync('gnome-keyring-daemon', ['--daemonize', '--login'], {
    input: 'test-keyring',
    encoding: 'utf8',
  });
  if (login.status !== 0) throw new Error(`gnome-keyring-daemon --login failed: ${login.stderr}`);
  exportLines(login.stdout);
  const secrets = spawnSync('gnome-keyring-daemon', ['--start', '--components=secrets'], {
    encoding: 'utf8',
  });
  if (secrets.status !== 0)
    throw new Error(`gnome-keyring-daemon --start failed: ${secrets.stderr}`);
  exportLines(secrets.stdout);
  return data;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function insideSession() {
  const keyringData = startKeyring();
  try {
    for (const lane of lanes) {
      const started = Date.now();
      for (const [command, fixed, options] of LANES[lane]) {
        const status = run(command, [...fixed, ...(options?.noArgs ? [] : argv)]);
        if (status !== 0) return status;
      }
      console.log(`${label}: ${lane} passed in ${Math.round((Date.now() - started) / 1000)} s`);
    }
    return 0;
  } finally {
    rmSync(keyringData, { recursive: true, force: true });
  }
}

if (process.env[SESSION] === '1') {
  process.exit(insideSession());
} else {
  requireTools(lanes, label);
  const self = fileURLToPath(import.meta.url);
  const status = spawnSync(
    'dbus-run-session',
    [
      '--',
      'xvfb-run',
      '--auto-servernum',
      '--server-args=-screen 0 1280x800x24',
      process.execPath,
      self,
      ...lanes,
      '--',
      ...argv,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, [SESSION]: '1' } },
  );
  process.exit(status.status ?? 1);
}
