// `npm run check:package`: packs the Linux app exactly as `npm run dist` would
// (electron-builder.yml, asar, fuses, publish), but with a stand-in for
// Electron's binary, which cannot be downloaded here, then reads what the
// package holds and fails on anything missing or anything that must not ship.
// Options: --keep (leave the packed app and print where), --no-build (use out/ as is).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import asar from '@electron/asar';
import { parse as parseYaml } from 'yaml';
import {
  FUSES,
  SAFE_FUSES,
  bareImports,
  filesUnder,
  makeStandIn,
  productionTree,
  readWire,
} from './check-package-lib.mjs';

import { windowsPinCheck } from './windows-update-pin.mjs';

const { feedProblem, RELEASE_FEED } = createRequire(import.meta.url)('./release-feed.cjs');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const keep = process.argv.includes('--keep');
const build = !process.argv.includes('--no-build');

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const config = parseYaml(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
const electronVersion = JSON.parse(
  readFileSync(require.resolve('electron/package.json'), 'utf8'),
).version;

let passed = 0;
let failed = 0;
function check(ok, what, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}${!ok && detail ? `: ${detail}` : ''}`);
}
function few(list) {
  return list.length > 5 ? `${list.slice(0, 5).join(', ')} … (${list.length})` : list.join(', ');
}

function run(label, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.log(`${label}: failed (${seconds} s)`);
    console.log(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error ?? ''}`);
    console.log('check:package: 0 passed, 1 failed');
    process.exit(1);
  }
  console.log(`${label}: done (${seconds} s)`);
}

console.log('check:package: packs the Linux app with a stand-in Electron and reads what it holds');
// The package takes this machine's installed native modules, so only a
// Linux x64 install makes a Linux x64 app.
if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(
    `check:package runs on Linux x64 only (this is ${process.platform} ${process.arch}).`,
  );
  process.exit(1);
}
if (build) run('build (npm run build)', 'npm', ['run', 'build']);

const work = mkdtempSync(join(tmpdir(), 'list-cleaner-package-'));
const standIn = join(work, 'electron-dist');
const output = join(work, 'dist');
makeStandIn(standIn);
const builderBin = join(
  dirname(require.resolve('electron-builder/package.json')),
  JSON.parse(readFileSync(require.resolve('electron-builder/package.json'), 'utf8')).bin[
    'electron-builder'
  ],
);
/** electron-builder packing the Linux app into `out` with the stand-in: no download, signing or upload. */
const packArgs = (out) => [
  builderBin,
  '--dir',
  '--linux',
  '--x64',
  '--publish',
  'never',
  `-c.electronDist=${standIn}`,
  `-c.electronVersion=${electronVersion}`,
  `-c.directories.output=${out}`,
];
run(
  `pack (electron-builder --dir --linux --x64, Electron ${electronVersion} stand-in, no download, signing or upload)`,
  process.execPath,
  packArgs(output),
);

const appDir = join(output, 'linux-unpacked');
const resources = join(appDir, 'resources');
const archive = join(resources, 'app.asar');
const unpackedDir = `${archive}.unpacked`;
if (!existsSync(archive)) {
  console.log(`  FAIL resources/app.asar was not made (asar: ${config.asar})`);
  console.log(`check:package: ${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}
const entries = asar
  .listPackage(archive, { isPack: false })
  .map((path) => path.split(sep).join('/').replace(/^\//, ''));
const inside = new Set(entries);
const files = entries.filter((path) => {
  try {
    return 'size' in asar.statFile(archive, path);
  } catch {
    return false;
  }
});
const isUnpacked = (path) => asar.statFile(archive, path).unpacked === true;
console.log(
  `app.asar: ${files.length} files, ${(statSync(archive).size / 1024 / 1024).toFixed(1)} MiB`,
);

console.log('The app, inside app.asar:');
const top = [...new Set(entries.map((path) => path.split('/')[0]))].sort();
check(
  top.join() === 'node_modules,out,package.json',
  'holds only node_modules/, out/ and package.json',
  top.join(', '),
);
const outDirs = [
  ...new Set(entries.filter((p) => p.startsWith('out/')).map((p) => p.split('/')[1])),
];
check(
  outDirs.sort().join() === 'main,preload,renderer',
  'out/ holds only main, preload and renderer (no e2e bridge or Windows lane builds)',
  outDirs.join(', '),
);
for (const path of [
  'out/main/main.js',
  'out/main/classify-worker.js',
  'out/preload/preload.cjs',
  'out/renderer/index.html',
]) {
  check(inside.has(path) && !isUnpacked(path), `${path} is inside`);
}
const built = ['out/main', 'out/preload', 'out/renderer']
  .flatMap((dir) => filesUnder(root, dir))
  .filter((path) => !path.endsWith('.map'));
const absent = built.filter((path) => !inside.has(path));
check(
  absent.length === 0,
  `all ${built.length} built files of main, preload and renderer`,
  few(absent),
);
const html = readFileSync(join(root, 'out/renderer/index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map(
  ([, p]) => `out/renderer/${p}`,
);
check(
  assets.length > 0 && assets.every((path) => inside.has(path)),
  `index.html's ${assets.length} scripts and styles`,
  few(assets.filter((path) => !inside.has(path))),
);
// Files main opens beside itself: new URL('./x', import.meta.url). The .ts
// one is the dev fallback for the worker, used only when the .js is absent.
const mainFiles = built.filter((path) => path.startsWith('out/main/') && path.endsWith('.js'));
const siblings = mainFiles.flatMap((file) =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/new URL\(\s*["'](\.[^"']+)["']/g)]
    .map(([, spec]) => posix.join(posix.dirname(file), spec))
    .filter((path) => !path.endsWith('.ts')),
);
check(
  siblings.length > 0 && siblings.every((path) => inside.has(path)),
  `files main loads by URL (${few(siblings)})`,
  few(siblings.filter((path) => !inside.has(path))),
);
const appPackage = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8'));
check(
  appPackage.main === 'out/main/main.js' && appPackage.type === 'module',
  'package.json: main is out/main/main.js, type module',
  `${appPackage.main}, ${appPackage.type}`,
);

console.log('Production dependencies:');
const needed = new Set(
  mainFiles.flatMap((file) => [...bareImports(readFileSync(join(root, file), 'utf8'))]),
);
needed.delete('electron');
// Imported only on the dev fallback above (the worker run from its .ts).
needed.delete('tsx');
const undeclared = [...needed].filter((name) => !(name in (pkg.dependencies ?? {})));
check(
  undeclared.length === 0,
  `main's run-time imports are dependencies (${[...needed].sort().join(', ')})`,
  `not in dependencies: ${few(undeclared)}`,
);
const tree = productionTree(root, pkg, inside, (path) =>
  JSON.parse(asar.extractFile(archive, path).toString('utf8')),
);
check(tree.missing.length === 0, 'the production tree is installed', few(tree.missing));
check(
  tree.notPacked.length === 0,
  `all ${tree.found.size} packages of the production tree are inside`,
  few(tree.notPacked),
);
check(
  tree.otherVersion.length === 0,
  'each resolves inside the archive to the version installed',
  few(tree.otherVersion),
);

// Each native module: its platform package's binary for linux x64 is packaged,
// and unpacked into app.asar.unpacked, where Electron can load it.
const nativeFiles = files.filter((path) => path.endsWith('.node'));
function checkNative(title, prefix) {
  console.log(`${title}:`);
  const binaries = nativeFiles.filter((path) => path.startsWith(`node_modules/${prefix}`));
  check(binaries.length > 0, `its native binary for linux x64 is packaged (${few(binaries)})`);
  check(
    binaries.length > 0 &&
      binaries.every((path) => isUnpacked(path) && existsSync(join(unpackedDir, path))),
    'it sits in app.asar.unpacked, where it can be loaded',
  );
}
checkNative('The keychain module', '@napi-rs/keyring-linux-x64');
checkNative("The outcome memory's database (lmdb)", '@lmdb/lmdb-linux-x64/');
checkNative(
  "lmdb's msgpackr extractor (msgpackr-extract)",
  '@msgpackr-extract/msgpackr-extract-linux-x64/',
);
const compiledHere = nativeFiles.filter((path) => /\/build\/(Release|Debug)\//.test(path));
check(
  compiledHere.length === 0,
  'only prebuilt binaries, none compiled on this machine (npmRebuild is off)',
  `${few(compiledHere)}: delete each package's build/ folder in node_modules`,
);
const packedNative = nativeFiles.filter((path) => !isUnpacked(path));
check(packedNative.length === 0, 'no .node file is left inside the archive', few(packedNative));

console.log('What must not ship:');
const bad = (test) => files.filter(test);
const maps = bad((path) => path.endsWith('.map'));
check(maps.length === 0, 'no source maps', few(maps));
const sources = bad((path) => /\.(ts|tsx|mts|cts)$/.test(path));
check(sources.length === 0, 'no TypeScript (sources or declarations)', few(sources));
const tests = bad(
  (path) =>
    /(^|\/)(test|tests|__tests__)\//.test(path) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(path),
);
check(tests.length === 0, 'no tests', few(tests));
const appSources = bad((path) => /^(electron|renderer|test|scripts|bin|assets|spec)\//.test(path));
check(appSources.length === 0, "none of the repository's own sources", few(appSources));
const treeNames = new Set([...tree.found.values()].map((manifest) => manifest.name));
const devOnly = Object.keys(pkg.devDependencies ?? {}).filter((name) => !treeNames.has(name));
const named = ['react', 'react-dom', 'recharts', 'vitest', 'playwright', 'playwright-core'];
const forbidden = [...new Set([...devOnly, ...named, 'typescript', 'electron'])];
const shipped = forbidden.filter((name) => inside.has(`node_modules/${name}`));
check(
  shipped.length === 0,
  `no devDependencies (${forbidden.length}: electron, react, recharts, vitest, playwright, typescript …)`,
  few(shipped),
);

console.log('Fuses and updates:');
const binary = join(appDir, pkg.name);
const wire = readWire(binary);
const wanted = config.electronFuses ?? {};
const wrong = Object.entries(wanted).filter(([name, on]) => {
  const index = FUSES.indexOf(name);
  return index < 0 || wire?.[index] !== (on ? '1' : '0');
});
check(
  wire !== null && wrong.length === 0,
  `electron-builder flips the ${Object.keys(wanted).length} fuses of electron-builder.yml (on the stand-in's wire: ${wire})`,
  few(wrong.map(([name]) => name)),
);
const unsafe = Object.entries(SAFE_FUSES).filter(([name, on]) => wanted[name] !== on);
check(
  unsafe.length === 0,
  'no running as Node, no NODE_OPTIONS or inspector, app.asar only and integrity-checked',
  few(unsafe.map(([name]) => name)),
);
const updateFile = join(resources, 'app-update.yml');
const update = existsSync(updateFile) ? parseYaml(readFileSync(updateFile, 'utf8')) : null;
check(
  update !== null &&
    feedProblem(update) === null &&
    update.provider === RELEASE_FEED.provider &&
    update.owner === RELEASE_FEED.owner &&
    update.repo === RELEASE_FEED.repo,
  `resources/app-update.yml names List Cleaner's release repository (${RELEASE_FEED.owner}/${RELEASE_FEED.repo} on GitHub)`,
  update ? JSON.stringify(update) : 'missing',
);
// The same pack with the feed the audit found (owner: OWNER) must be refused before anything is packed.
const placeholder = spawnSync(
  process.execPath,
  [...packArgs(join(work, 'dist-placeholder')), '-c.publish.owner=OWNER'],
  { cwd: root, encoding: 'utf8', env: process.env },
);
check(
  placeholder.status !== 0 &&
    /update feed is refused/.test(`${placeholder.stdout}${placeholder.stderr}`) &&
    !existsSync(join(work, 'dist-placeholder', 'linux-unpacked', 'resources', 'app.asar')),
  'a build whose feed names a placeholder owner is refused before packing',
  `exit ${placeholder.status}`,
);

// The Windows update pin against the certificate this release is signed with, when one is configured.
const pin = windowsPinCheck(
  process.env,
  readFileSync(join(root, 'electron', 'shell', 'update-pins.ts'), 'utf8'),
);
if (pin.configured)
  check(pin.ok, "Windows updates pin this release's signing certificate", pin.said);
else console.log(`  note ${pin.said}`);

console.log('Not checked here (needs the real Electron binary, another OS or a release):');
for (const line of [
  "that the app starts: the stand-in binary cannot run (npm run test:electron, where Electron's binary is installed)",
  "fuses in Electron's real binary: here only electron-builder's flipping on the stand-in's wire (on a real build: npx @electron/fuses read --app <app>)",
  'the classify worker loading from inside app.asar in a real Electron',
  "code signing and the asar integrity hash (macOS, Windows), Apple's notarization, the hardened runtime's entitlements",
  'the macOS (dmg, zip) and Windows (NSIS) targets, and the Linux AppImage and deb files (their desktop entry and icons)',
  "the native modules' binaries for other platforms (keychain, lmdb, msgpackr-extract: each OS's install has only its own)",
  'auto-update against a real feed (GitHub Releases or a generic server)',
]) {
  console.log(`  - ${line}`);
}

if (keep) console.log(`Packed app kept in ${appDir}`);
else rmSync(work, { recursive: true, force: true });
console.log(`check:package: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
