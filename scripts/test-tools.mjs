// The system tools the test lanes need, in one table: `npm run test:all`
// installs their Debian packages, and every narrower script checks the ones
// its lanes need before any test runs (scripts/preflight.mjs), so a missing
// tool is one line with the command that installs it, never a failure deep
// in a run. The README's Develop section lists the same packages with these
// purposes; test/unit/start/test-tools.test.ts keeps the two in step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Whether a command starts and exits 0 (a probe, never a test). */
function runs(command, args) {
  try {
    return spawnSync(command, args, { stdio: 'ignore', timeout: 60_000 }).status === 0;
  } catch {
    return false;
  }
}

/** The first of these commands found on PATH, or as a path that exists. */
export function firstCommand(candidates) {
  for (const candidate of candidates) {
    if (candidate.includes('/')) {
      if (existsSync(candidate)) return candidate;
    } else if (runs('sh', ['-c', `command -v ${candidate}`])) {
      return candidate;
    }
  }
  return null;
}

/** Chromium as Playwright is pointed at it (playwright.config.ts reads the same variable). */
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The folder of PostgreSQL's server programs (initdb, pg_ctl, postgres), or
 * null: POSTGRES_BIN when set, else Debian's newest /usr/lib/postgresql/<N>/bin.
 * test/unit/team/pg-server.ts starts its throwaway server from the same one.
 */
export function postgresBin() {
  const named = process.env.POSTGRES_BIN;
  if (named) return existsSync(join(named, 'initdb')) ? named : null;
  const root = '/usr/lib/postgresql';
  let versions;
  try {
    versions = readdirSync(root).filter((v) => /^\d+$/.test(v));
  } catch {
    return null;
  }
  const found = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(root, v, 'bin'))
    .find((dir) => existsSync(join(dir, 'initdb')));
  return found ?? null;
}

/**
 * Each tool: what a person calls it, how it is found, the Debian packages that
 * bring it, why the tests need it, and which lanes need it (unit, e2e,
 * windows: as in scripts/run-tests.mjs and scripts/test-windows.mjs).
 */
export const tools = [
  {
    name: 'Chromium',
    find: () => (existsSync(chromiumPath()) ? chromiumPath() : null),
    packages: ['chromium'],
    purpose: 'the browser Playwright drives in the end-to-end suite (it never downloads one)',
    lanes: ['e2e'],
  },
  {
    name: 'Xvfb',
    find: () => firstCommand(['xvfb-run']),
    packages: ['xvfb', 'xauth'],
    purpose: 'a virtual display, so the suites run as on a desktop on a machine with no screen',
    lanes: ['unit', 'e2e'],
  },
  {
    name: 'D-Bus',
    find: () => firstCommand(['dbus-run-session']),
    packages: ['dbus', 'dbus-x11'],
    purpose: 'a private session bus for the tests, so they never touch your own keychain',
    lanes: ['unit', 'e2e'],
  },
  {
    name: 'GNOME Keyring',
    find: () => firstCommand(['gnome-keyring-daemon']),
    packages: ['gnome-keyring'],
    purpose: "a real Secret Service: the key store's tests save and read keys in it",
    lanes: ['unit', 'e2e'],
  },
  {
    name: 'secret-tool',
    find: () => firstCommand(['secret-tool']),
    packages: ['libsecret-tools'],
    purpose: 'reads the keyring behind the app’s back, to prove where a key was kept',
    lanes: ['unit'],
  },
  {
    name: 'LibreOffice Calc',
    find: () => firstCommand(['soffice', 'libreoffice']),
    packages: ['libreoffice-calc-nogui'],
    purpose:
      'a second reader of the workbooks and CSV files the app writes, and the maker of its fixtures',
    lanes: ['unit'],
  },
  {
    name: 'Python 3',
    find: () => firstCommand(['python3']),
    packages: ['python3'],
    purpose: 'its csv module, a third reader of the CSV files the app writes',
    lanes: ['unit'],
  },
  {
    name: 'PostgreSQL',
    find: postgresBin,
    packages: ['postgresql'],
    purpose: "a real PostgreSQL the team store's tests start for themselves",
    lanes: ['unit'],
  },
  {
    name: 'Wine',
    find: () => firstCommand(['wine64', '/usr/lib/wine/wine64', 'wine']),
    packages: ['wine64'],
    purpose: "runs Windows' own Node (from the npm registry) for the file layer's tests",
    lanes: ['windows'],
  },
];

/** The tools the given lanes need that this machine lacks. */
export function missingTools(lanes) {
  return tools.filter((tool) => tool.lanes.some((l) => lanes.includes(l)) && !tool.find());
}

/** Every Debian package of the given tools, once each, in table order. */
export function packagesOf(list) {
  return [...new Set(list.flatMap((tool) => tool.packages))];
}

/** The install command as a person types it here (sudo unless root). */
export function installCommand(packages) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `${sudo}apt-get install --no-install-recommends ${packages.join(' ')}`;
}

/**
 * Stops the run before any test when a tool its lanes need is missing: one
 * line naming what is missing and the command that installs it.
 */
export function requireTools(lanes, label) {
  const missing = missingTools(lanes);
  if (missing.length === 0) return;
  const names = missing.map((tool) => tool.name).join(', ');
  console.error(
    `${label}: ${names} ${missing.length === 1 ? 'is' : 'are'} missing; install with ` +
      `\`${installCommand(packagesOf(missing))}\` (or run \`npm run test:all\`, which installs every tool the tests need)`,
  );
  process.exit(1);
}
