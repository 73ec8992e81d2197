// `npm start`: builds the app and opens it. Electron 45's package has no
// install script, so after `npm install` its binary is not there yet: the
// first start fetches it with Electron's own installer
// (node_modules/electron/install.js, through @electron/get, which reads
// ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR and its other settings from the
// environment passed through here), its progress shown as it prints it. A
// Node too old for that installer, or a download that fails, is one line
// saying what to do, and a non-zero exit.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

// What Electron's package (and with it @electron/get and its zip extractor,
// ESM packages loaded by the CommonJS installer) declares it needs. Read from
// its package.json, so a newer Electron's requirement is the one checked.
const FALLBACK_NODE = '22.12.0';

const say = (line) => console.error(`List Cleaner: ${line}`);

function electronDir() {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/** Where Electron's own index.js looks for the binary it would run. */
function binaryPresent(dir) {
  const pathFile = join(dir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return existsSync(join(override, executable || 'electron'));
  return executable !== null && existsSync(join(dir, 'dist', executable));
}

function nodeNeeded(dir) {
  try {
    const { engines } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const match = /^\s*>=\s*(\d+\.\d+\.\d+)\s*$/.exec(engines?.node ?? '');
    return match ? match[1] : FALLBACK_NODE;
  } catch {
    return FALLBACK_NODE;
  }
}

const parts = (version) => version.replace(/^v/, '').split('.').map(Number);

function atLeast(version, needed) {
  const [a, b] = [parts(version), parts(needed)];
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

/**
 * Runs Electron's installer with the terminal as its output. A failure comes
 * back from the hook (on fd 3) as its reason, instead of the stack trace the
 * installer would print.
 */
function install(dir) {
  const hook = new URL('./electron-install-hook.mjs', import.meta.url);
  const child = spawn(process.execPath, ['--import', hook.href, join(dir, 'install.js')], {
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    env: process.env,
  });
  let reported = '';
  child.stdio[3].setEncoding('utf8').on('data', (chunk) => (reported += chunk));
  return new Promise((resolve) => {
    child.once('error', (err) => resolve({ ok: false, reason: err.message }));
    child.once('close', (code, signal) => {
      const last = reported.trim().split('\n').filter(Boolean).pop();
      let reason = signal ? `stopped by ${signal}` : `the installer exited with code ${code}`;
      try {
        if (last) reason = JSON.parse(last).reason;
      } catch {
        // Not what the hook writes: the exit code says it.
      }
      resolve({ ok: code === 0, reason });
    });
  });
}

const dir = electronDir();
if (!dir) {
  say('Electron is not installed; run `npm install` first, then `npm start`.');
  process.exit(1);
}

if (!binaryPresent(dir)) {
  const needed = nodeNeeded(dir);
  if (!atLeast(process.version, needed)) {
    say(
      `Electron's installer, which fetches its binary on the first start, needs Node.js ${needed} or later; this is Node.js ${process.version.slice(1)}. Install Node.js 22 (https://nodejs.org, or \`nvm install 22\`), then run \`npm start\` again.`,
    );
    process.exit(1);
  }
  const { ok, reason } = await install(dir);
  if (!ok || !binaryPresent(dir)) {
    say(
      `could not download Electron's binary (${ok ? 'the installer finished, but the binary is not there' : reason}). Check the internet connection, or set ELECTRON_MIRROR to a mirror of Electron's releases you can reach, then run \`npm start\` again.`,
    );
    process.exit(1);
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn('npx', ['electron-vite', 'preview', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
child.on('exit', (code) => process.exit(code ?? 1));
