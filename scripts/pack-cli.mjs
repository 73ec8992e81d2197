#!/usr/bin/env node
// `npm run pack:cli [-- --out <folder>]`: the `list-cleaner` command as an npm
// tarball (dist/list-cleaner-<version>.tgz by default) for people who use the
// installed app: its fuses forbid running the app's binary as plain Node, so
// the command runs on a Node.js 20.19+ of their own:
//
//   npm install -g dist/list-cleaner-<version>.tgz
//
// It holds the built command (out/cli: the entry, the chunks it loads as it
// needs them, the catalogs and the list import's worker beside them),
// bin/list-cleaner.mjs and a package.json whose only
// dependencies are the packages left out of the bundle for their native parts;
// npm installs those for the user's own platform.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCli, nativeModules } from './build-cli.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const fail = (line) => {
  console.error(`pack:cli: ${line}`);
  process.exit(1);
};

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = resolve(values.out ?? join(root, 'dist'));
const app = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const dependencies = {};
for (const name of Object.keys(nativeModules)) {
  const range = app.dependencies?.[name];
  if (!range) fail(`${name} is left out of the bundle but is not in package.json "dependencies".`);
  dependencies[name] = range;
}

const stage = mkdtempSync(join(tmpdir(), 'list-cleaner-pack-'));
try {
  // Built afresh for the tarball, whatever out/cli holds.
  await buildCli({ outDir: join(stage, 'out', 'cli') });
  mkdirSync(join(stage, 'bin'));
  copyFileSync(join(root, 'bin', 'list-cleaner.mjs'), join(stage, 'bin', 'list-cleaner.mjs'));
  const manifest = {
    name: app.name,
    version: app.version,
    description:
      'The List Cleaner command line: clean email lists through the verification service.',
    // Never published: the tarball is handed out, or installed from a clone.
    private: true,
    license: app.license,
    type: 'module',
    bin: { 'list-cleaner': 'bin/list-cleaner.mjs' },
    engines: app.engines,
    dependencies,
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(outDir, { recursive: true });
  const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', outDir], {
    cwd: stage,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (pack.status !== 0) fail('npm pack failed');
  const [{ filename }] = JSON.parse(pack.stdout);
  const tarball = join(outDir, filename);
  console.log(tarball);
  console.error(`pack:cli: install it with: npm install -g ${tarball}`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
