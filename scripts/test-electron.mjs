// `npm run test:electron`: the e2e specs against the built app in a real
// Electron, for a machine that has Electron's binary (a maintainer's, a
// release pipeline); `npm test` runs the same specs through the test bridge.
// The specs import './fixtures': they are copied to out/e2e-electron/ (at the
// same depth as test/e2e/, so their other imports hold) beside a fixtures.ts
// that re-exports test/electron/fixtures.ts. Extra arguments go to Playwright.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const KEYCHAIN_ENV = 'LIST_CLEANER_KEYCHAIN_SERVICE';

const say = (line) => console.error(`test:electron: ${line}`);

/** Where Electron's own index.js looks for the binary it runs. */
function electronBinaryPresent() {
  let dir;
  try {
    dir = dirname(require.resolve('electron/package.json'));
  } catch {
    return false;
  }
  const pathFile = join(dir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return existsSync(join(override, executable || 'electron'));
  return executable !== null && existsSync(join(dir, 'dist', executable));
}

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  return result.status ?? 1;
}

if (!electronBinaryPresent()) {
  say(
    "Electron's binary is not installed, so the app cannot be launched here; `npm start` fetches it (it needs internet access), then run `npm run test:electron` again.",
  );
  process.exit(1);
}

if (run('npm', ['run', 'build']) !== 0) process.exit(1);

// Every test saves and clears keys: with a main that ignores the test's
// keychain service, that would be the user's own entry.
const mainJs = readFileSync(join(root, 'out/main/main.js'), 'utf8');
if (!mainJs.includes(KEYCHAIN_ENV)) {
  say(
    `the built main does not read ${KEYCHAIN_ENV}, so the tests would use your own keychain entry; not running them.`,
  );
  process.exit(1);
}

const specs = join(root, 'out/e2e-electron');
rmSync(specs, { recursive: true, force: true });
cpSync(join(root, 'test/e2e'), specs, {
  recursive: true,
  filter: (path) => !['fixtures.ts', 'global-setup.ts'].includes(basename(path)),
});
writeFileSync(
  join(specs, 'fixtures.ts'),
  "// Written by scripts/test-electron.mjs: the specs' app, in Electron.\nexport * from '../../test/electron/fixtures';\n",
);

process.exit(
  run('npx', [
    'playwright',
    'test',
    '-c',
    'test/electron/playwright.config.ts',
    ...process.argv.slice(2),
  ]),
);
