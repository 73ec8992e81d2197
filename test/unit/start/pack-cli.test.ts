// `npm run pack:cli`: the command line for people with the installed app, as
// an npm tarball. It must hold only the built command and a manifest whose
// dependencies are the native packages left out of the bundle, install with
// `npm install -g` into a prefix of its own, and run from there: help, and a
// list import (its worker thread is in the tarball too).
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, repoRoot, run, tempDir } from './support';

/** The environment for npm in a child: none of the settings of the npm that runs these tests. */
const npmEnv = () =>
  Object.fromEntries(Object.entries(cleanEnv()).filter(([k]) => !/^npm_/i.test(k)));

describe('npm run pack:cli', () => {
  it('makes a tarball that installs with npm install -g and runs list-cleaner', async (ctx) => {
    const dir = await tempDir('pack');
    const pack = await run(process.execPath, ['scripts/pack-cli.mjs', '--out', dir], {
      env: npmEnv(),
    });
    expect(pack.code, pack.stderr).toBe(0);
    const tarball = pack.stdout.trim();
    expect(tarball).toBe(join(dir, `list-cleaner-${appManifest().version}.tgz`));

    const listing = (await run('tar', ['-tzf', tarball])).stdout.trim().split('\n').sort();
    // The command's chunks (esbuild names each by its hash) and nothing else beside them.
    const chunk = /^package\/out\/cli\/[\w-]+-[A-Z0-9]{8}\.js(\.map)?$/;
    expect(listing.filter((file) => !chunk.test(file))).toEqual([
      'package/bin/list-cleaner.mjs',
      'package/out/cli/classify-worker.js',
      'package/out/cli/classify-worker.js.map',
      'package/out/cli/list-cleaner.js',
      'package/out/cli/list-cleaner.js.map',
      ...['de', 'en', 'es', 'fr', 'pt-BR', 'ru'].map((l) => `package/out/cli/locales/${l}.json`),
      'package/out/cli/package.json',
      'package/package.json',
    ]);
    // Each chunk with its source map, as the entries have theirs.
    const chunks = listing.filter((file) => chunk.test(file));
    expect(chunks.length).toBeGreaterThan(0);
    for (const file of chunks.filter((f) => f.endsWith('.js'))) {
      expect(chunks).toContain(`${file}.map`);
    }
    const manifest = JSON.parse(
      (await run('tar', ['-xzOf', tarball, 'package/package.json'])).stdout,
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'list-cleaner',
      type: 'module',
      bin: { 'list-cleaner': 'bin/list-cleaner.mjs' },
      engines: appManifest().engines,
      dependencies: {
        '@napi-rs/keyring': appManifest().dependencies['@napi-rs/keyring'],
        lmdb: appManifest().dependencies.lmdb,
      },
    });
    // Only the native modules the bundle cannot hold: the keychain and the outcome memory.
    expect(Object.keys(manifest.dependencies as object).sort()).toEqual([
      '@napi-rs/keyring',
      'lmdb',
    ]);

    const prefix = join(dir, 'prefix');
    const install = await run(
      'npm',
      ['install', '-g', '--prefix', prefix, tarball, '--no-audit', '--no-fund'],
      { cwd: dir, env: npmEnv(), timeoutMs: 180_000 },
    );
    if (install.code !== 0) {
      const ping = await run('npm', ['ping'], { cwd: dir, env: npmEnv(), timeoutMs: 60_000 });
      if (ping.code !== 0) return ctx.skip('the npm registry is unreachable (npm ping failed)');
    }
    expect(install.code, install.stderr).toBe(0);
    const installed = join(prefix, 'lib', 'node_modules', 'list-cleaner');
    expect(existsSync(join(installed, 'node_modules', '@napi-rs', 'keyring', 'package.json'))).toBe(
      true,
    );

    const command = join(prefix, 'bin', 'list-cleaner');
    const help = await run(command, ['--help'], { cwd: dir, env: cleanEnv() });
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: list-cleaner <command>/);

    await writeFile(join(dir, 'list.csv'), 'deliverable@provider1.test\nnoavatar@provider5.test\n');
    const clean = await run(command, ['clean', 'list.csv', '--demo', '--json'], {
      cwd: dir,
      env: cleanEnv({ LIST_CLEANER_DATA_DIR: join(dir, 'data') }),
    });
    expect(clean.code, clean.stderr).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ rows: 2, unique: 2, deliverable: 2 });
  }, 300_000);
});

function appManifest(): {
  version: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
} {
  return JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
}
