// Vitest's global setup: builds the command line (out/cli) once before any
// suite, so the tests that spawn `list-cleaner` run what ships, never a build
// older than the sources they test. The build writes each file by a rename, so
// a command started by another test run at that moment reads whole files.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const build = spawnSync(process.execPath, ['scripts/build-cli.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    throw new Error('npm run build:cli failed: the command line tests would run an old build');
  }
}
