// The test commands a newcomer runs: `npm test` on a machine that lacks a
// tool stops before any test with one line naming what is missing and the
// command that installs it; the README names every package `npm run test:all`
// installs, with its purpose; and CI is that command and nothing else.
import { chmod, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts, without types
import { tools } from '../../../scripts/test-tools.mjs';
import { cleanEnv, repoRoot, run, tempDir } from './support';

interface Tool {
  name: string;
  packages: string[];
  purpose: string;
  lanes: string[];
}
const table = tools as Tool[];

/** A PATH holding only `sh`, `node` and stand-ins (exit 0) for the given commands. */
async function pathWith(commands: string[]): Promise<string> {
  const dir = await tempDir('tools');
  await mkdir(join(dir, 'bin'));
  await symlink('/bin/sh', join(dir, 'bin', 'sh'));
  await symlink(process.execPath, join(dir, 'bin', 'node'));
  for (const command of commands) {
    await writeFile(join(dir, 'bin', command), '#!/bin/sh\nexit 0\n');
    await chmod(join(dir, 'bin', command), 0o755);
  }
  return join(dir, 'bin');
}

/** Tools found by a path rather than on PATH are named missing through their variables. */
const runTests = (path: string, lanes: string[], paths: Record<string, string> = {}) =>
  run(process.execPath, [join(repoRoot, 'scripts', 'run-tests.mjs'), ...lanes], {
    env: cleanEnv({
      PATH: path,
      CHROMIUM_PATH: '/nonexistent/chromium',
      ...paths,
      npm_lifecycle_event: 'test',
    }),
  });

describe('npm test on a machine that lacks a tool', () => {
  it('names every missing tool and the one command that installs them, before any test', async () => {
    const result = await runTests(await pathWith([]), ['unit', 'e2e'], {
      POSTGRES_BIN: '/nonexistent/postgresql/bin',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const wanted = table.filter((t) => t.lanes.includes('unit') || t.lanes.includes('e2e'));
    for (const tool of wanted) expect(lines[0]).toContain(tool.name);
    const install = /`((?:sudo )?apt-get install --no-install-recommends [^`]+)`/.exec(
      lines[0] ?? '',
    );
    expect(install?.[1]?.split(' ')).toEqual(
      expect.arrayContaining(wanted.flatMap((t) => t.packages)),
    );
    expect(lines[0]).not.toContain('wine64');
    expect(lines[0]).toMatch(/^npm test: .* are missing; install with `/);
  });

  it('names only what is missing for the lanes asked for', async () => {
    const present = [
      'xvfb-run',
      'dbus-run-session',
      'gnome-keyring-daemon',
      'secret-tool',
      'python3',
    ];
    const result = await runTests(await pathWith(present), ['unit']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^npm test: LibreOffice Calc is missing; install with `(sudo )?apt-get install --no-install-recommends libreoffice-calc-nogui` \(or run `npm run test:all`/,
    );
    expect(result.stderr).not.toContain('Chromium');
  });
});

describe('the one test command', () => {
  it('is what CI runs, and nothing else', async () => {
    const ci = await readFile(join(repoRoot, '.ci', 'run'), 'utf8');
    const commands = ci.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    expect(commands.at(-1)).toBe('exec npm run test:all');
    const pkg = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['test:all']).toBe('node scripts/test-all.mjs');
  });

  it('is in the README with every package it installs and why', async () => {
    const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
    const develop = readme.slice(readme.indexOf('## Develop'), readme.indexOf('### Installers'));
    expect(develop).toContain('npm run test:all');
    for (const tool of table) {
      for (const pkg of tool.packages) expect(develop).toContain(`\`${pkg}\``);
    }
  });
});
