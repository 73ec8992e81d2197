// Helpers of scripts/check-package.mjs: the stand-in Electron, its fuse wire,
// and the walks over what was built and what is installed.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, posix, relative, sep } from 'node:path';

// Electron's fuses as @electron/fuses numbers them (FuseV1Options), and the
// byte that marks their wire in the binary.
export const FUSES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
];
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// The fuses that keep another program from running the signed app's binary
// to reach the keychain entry that trusts it.
export const SAFE_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
};
// Electron's defaults, so a fuse the config forgets stays visibly unflipped.
const DEFAULT_WIRE = '10110001';

// What electron-builder takes for an unpacked Electron for linux x64: the
// `electron` executable (renamed to the app's) and its resources/ folder. The
// executable is a script that refuses to run, carrying a fuse wire so the
// config's fuses are flipped on it as they would be on the real binary.
export function makeStandIn(dir) {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const executable = join(dir, 'electron');
  writeFileSync(
    executable,
    `#!/bin/sh\necho 'Stand-in Electron of npm run check:package: not runnable.' >&2\nexit 1\n` +
      `# ${SENTINEL}\x01${String.fromCharCode(DEFAULT_WIRE.length)}${DEFAULT_WIRE}\n`,
    'latin1',
  );
  chmodSync(executable, 0o755);
}

export function readWire(binary) {
  const bytes = readFileSync(binary);
  const at = bytes.indexOf(SENTINEL);
  if (at < 0) return null;
  const length = bytes[at + SENTINEL.length + 1];
  const start = at + SENTINEL.length + 2;
  return bytes.toString('latin1', start, start + length);
}

// Every file under a folder, as paths relative to root with forward slashes.
export function filesUnder(root, dir) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

// The installed package `name` as Node would resolve it from `fromDir`.
function resolvePackage(root, name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === dirname(dir)) return null;
  }
}

// The production dependency tree, walked as installed and, beside it, as Node
// would resolve each package inside the archive (electron-builder may hoist a
// nested copy): what is not found there, or found at another version, fails.
export function productionTree(root, pkg, packed, readPacked) {
  const found = new Map();
  const problems = { missing: [], notPacked: [], otherVersion: [] };
  const resolvePacked = (name, fromDir) => {
    for (let dir = fromDir; ; dir = posix.dirname(dir)) {
      if (dir === '.') dir = '';
      if (posix.basename(dir) !== 'node_modules') {
        const candidate = posix.join(dir, 'node_modules', name);
        if (packed.has(`${candidate}/package.json`)) return candidate;
      }
      if (dir === '') return null;
    }
  };
  const seen = new Set();
  const visit = (name, fromDisk, fromPacked, optional) => {
    const dir = resolvePackage(root, name, fromDisk);
    if (!dir) {
      if (!optional) problems.missing.push(name);
      return;
    }
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    found.set(relative(root, dir).split(sep).join('/'), manifest);
    const packedDir = resolvePacked(name, fromPacked);
    if (!packedDir) {
      problems.notPacked.push(`${name}@${manifest.version}`);
      return;
    }
    const version = readPacked(`${packedDir}/package.json`).version;
    if (version !== manifest.version) {
      problems.otherVersion.push(`${name}@${manifest.version} (packed ${version})`);
    }
    if (seen.has(`${dir}|${packedDir}`)) return;
    seen.add(`${dir}|${packedDir}`);
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir, packedDir, false);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) {
      visit(dep, dir, packedDir, true);
    }
  };
  for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, root, '', false);
  return { found, ...problems };
}

// Bare module names the built main side imports at run time: rollup writes
// static imports at the top of each file, one statement each.
export function bareImports(source) {
  const names = new Set();
  const spec = `["']([@\\w][\\w.@/-]*)["']`;
  const patterns = [
    new RegExp(`^(?:import|export)\\b[^;]*?\\bfrom\\s*${spec}`, 'gm'),
    new RegExp(`^import\\s*${spec}`, 'gm'),
    new RegExp(`\\bimport\\(\\s*${spec}\\s*\\)`, 'g'),
    new RegExp(`\\brequire\\(\\s*${spec}\\s*\\)`, 'g'),
  ];
  for (const pattern of patterns) {
    for (const [, name] of source.matchAll(pattern)) {
      if (isBuiltin(name)) continue;
      const parts = name.split('/');
      names.add(name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
    }
  }
  return names;
}
