// bin/list-cleaner.mjs runs the built command line (out/cli, which Vitest's
// global setup has just built), and only a checkout that was never built runs
// the TypeScript source through tsx. Each case runs in a temporary copy that
// holds just what it claims to need.
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, repoRoot, run, tempDir } from './support';

async function binCopy(): Promise<string> {
  const dir = await tempDir('bin');
  await mkdir(join(dir, 'bin'));
  await cp(join(repoRoot, 'bin', 'list-cleaner.mjs'), join(dir, 'bin', 'list-cleaner.mjs'));
  return dir;
}

const cli = (dir: string, args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [join(dir, 'bin', 'list-cleaner.mjs'), ...args], {
    cwd: dir,
    env: cleanEnv(env),
  });

describe('the list-cleaner command as it ships', () => {
  it('runs from the build alone: no sources, no tsx, no node_modules', async () => {
    const dir = await binCopy();
    await cp(join(repoRoot, 'out', 'cli'), join(dir, 'out', 'cli'), { recursive: true });

    const help = await cli(dir, ['--help']);
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: list-cleaner <command>/);

    // A list import runs its worker thread, found next to the bundle.
    await writeFile(
      join(dir, 'list.csv'),
      'email,name\ndeliverable@provider1.test,A\nundeliverable@provider2.test,B\nnot an address,C\n',
    );
    const clean = await cli(dir, ['clean', 'list.csv', '--demo', '--json'], {
      LIST_CLEANER_DATA_DIR: join(dir, 'data'),
      LIST_CLEANER_POLL_SECONDS: '1',
    });
    expect(clean.code, clean.stderr).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({
      rows: 3,
      unique: 2,
      invalid: 1,
      deliverable: 1,
      undeliverable: 1,
    });
    const saved = await readFile(join(dir, 'list.cleaned.csv'), 'utf8');
    expect(saved.split(/\r?\n/)[0]).toBe('email,name,email_status,email_provider');
  });

  it('a checkout never built runs the sources through tsx: the same help, nothing on stderr', async () => {
    const dir = await binCopy();
    for (const entry of ['electron', 'node_modules', 'package.json', 'tsconfig.json']) {
      await symlink(join(repoRoot, entry), join(dir, entry));
    }
    const fromSource = await cli(dir, ['--help']);
    expect(fromSource.stderr).toBe('');
    expect(fromSource.code).toBe(0);
    const built = await cli(repoRoot, ['--help']);
    expect(fromSource.stdout).toBe(built.stdout);

    const usage = await cli(dir, ['frobnicate']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe(
      'list-cleaner: unknown command "frobnicate". See list-cleaner --help.\n',
    );
  });
});
