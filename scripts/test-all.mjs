#!/usr/bin/env node
// `npm run test:all`: everything CI runs, from a fresh clone on a fresh Debian
// or Ubuntu machine. It installs the system packages the tests need
// (scripts/test-tools.mjs, with apt-get; sudo when not root), installs the
// npm packages (`npm ci`), then runs the type check, lint, the unit and e2e
// suites in a private D-Bus session with an unlocked keyring under Xvfb
// (scripts/run-tests.mjs), the Windows lane under Wine, the packaging check
// and the quick benchmarks against their budgets (`npm run bench:check`).
// `.ci/run` is this command and nothing else, so CI and the README
// cannot drift apart. Needs only Node and npm; no package of the project.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstCommand, installCommand, missingTools, packagesOf } from './test-tools.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`test:all: ${line}`);

// Electron's binary is fetched by `npm start`, never by an install; the
// tests run without it (test/electron runs where one is present).
const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', CI: process.env.CI ?? 'true' };

class StepFailed extends Error {}

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...extraEnv },
  });
  if (result.error) throw new StepFailed(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0)
    throw new StepFailed(`${[command, ...args].join(' ')} exited ${result.status}`);
}

/**
 * Runs commands side by side (the machine's cores are otherwise idle through
 * a type check or a lint), each one's output shown whole when it ends, so
 * the two never interleave; fails once all have ended if any did.
 */
async function together(...commands) {
  const ended = await Promise.all(
    commands.map(
      (args) =>
        new Promise((done) => {
          const child = spawn('npm', args, { cwd: root, env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => done({ args, status: null, error }));
          child.on('close', (status) => {
            process.stdout.write(Buffer.concat(output));
            done({ args, status });
          });
        }),
    ),
  );
  const failed = ended.filter((e) => e.status !== 0);
  if (failed.length > 0) {
    throw new StepFailed(
      failed
        .map(
          (e) =>
            `npm ${e.args.join(' ')} ${e.error ? `could not start: ${e.error.message}` : `exited ${e.status}`}`,
        )
        .join('; '),
    );
  }
}

function installSystemPackages() {
  const missing = missingTools(['unit', 'e2e', 'windows']);
  if (missing.length === 0) {
    say('every system tool is here');
    return;
  }
  const packages = packagesOf(missing);
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !firstCommand(['sudo'])) {
    throw new StepFailed(
      `${packages.join(', ')} must be installed and this user cannot: as root, run \`${installCommand(packages)}\``,
    );
  }
  if (!firstCommand(['apt-get'])) {
    throw new StepFailed(
      `no apt-get here: install ${missing.map((t) => t.name).join(', ')} with your system's packages, then run \`npm test\``,
    );
  }
  say(`installing ${packages.join(' ')}`);
  const sudo = asRoot ? [] : ['sudo'];
  const aptEnv = { DEBIAN_FRONTEND: 'noninteractive' };
  const [first, ...rest] = [...sudo, 'apt-get'];
  run(first, [...rest, 'update', '-qq'], aptEnv);
  run(first, [...rest, 'install', '-y', '-qq', '--no-install-recommends', ...packages], aptEnv);
  const still = missingTools(['unit', 'e2e', 'windows']);
  if (still.length > 0) {
    throw new StepFailed(`installed, yet still missing: ${still.map((t) => t.name).join(', ')}`);
  }
}

const npm =
  (...args) =>
  () =>
    run('npm', args);

const steps = [
  ['system packages', installSystemPackages],
  ['npm ci', npm('ci', '--no-audit', '--no-fund')],
  ['type check and lint', () => together(['run', 'typecheck'], ['run', 'lint'])],
  ['unit and e2e suites', npm('test')],
  [
    'Windows lane and packaging check',
    () => together(['run', 'test:windows'], ['run', 'check:package']),
  ],
  // Last, on a machine the suites have left idle: the hot path's speed against its budgets.
  ['benchmark budgets', npm('run', 'bench:check')],
];

const started = Date.now();
const times = [];
const seconds = (since) => Math.round((Date.now() - since) / 1000);
try {
  for (const [name, step] of steps) {
    const at = Date.now();
    say(`${name}…`);
    await step();
    times.push(`${name} ${seconds(at)} s`);
  }
  say(`passed in ${Math.round(seconds(started) / 6) / 10} min (${times.join(', ')})`);
} catch (err) {
  if (!(err instanceof StepFailed)) throw err;
  say(`failed: ${err.message}`);
  process.exit(1);
}
