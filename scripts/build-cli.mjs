#!/usr/bin/env node
// `npm run build:cli` (and `prepare`, which npm ci runs): bundles the command
// line (electron/cli/main.ts) with esbuild into out/cli/: list-cleaner.js,
// the chunks it loads as a command needs them, the catalogs (locales/) and
// the list import's worker thread (classify-worker.js, where
// electron/lists/judge/classifier.ts looks for it at run time), so `list-cleaner`
// starts as plain JavaScript instead of compiling TypeScript through tsx at
// every start, and compiles only what the command it runs uses.
//
// Every file is written to a temporary name and renamed into place, and left
// alone when unchanged: a test run building here must never hand a command
// starting at the same moment half a bundle.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const cliOutDir = join(root, 'out', 'cli');

/**
 * Packages left out of the bundle: they have native parts (a .node binary
 * chosen per platform at run time), so they are installed, not bundled.
 * Each is loaded on first use, not at start: `list-cleaner --help` or `jobs`
 * never needs the keychain, and a keychain library that cannot load on this
 * system then fails where the code already handles it (opening the keychain).
 * lmdb (the outcome memory, electron/memory/) also finds its binary from its
 * own folder (import.meta.url), which a bundled copy would not have; a failure
 * to load it leaves the memory out (openOutcomeMemory). The names are those the
 * sources import; another one fails the build.
 */
export const nativeModules = { '@napi-rs/keyring': ['AsyncEntry'], lmdb: ['open'] };

function lazyNative() {
  const names = Object.keys(nativeModules);
  const filter = new RegExp(`^(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})$`);
  return {
    name: 'lazy-native',
    setup(build) {
      build.onResolve({ filter }, (args) =>
        args.namespace === 'lazy-native'
          ? { path: args.path, external: true }
          : { path: args.path, namespace: 'lazy-native' },
      );
      build.onLoad({ filter: /.*/, namespace: 'lazy-native' }, (args) => {
        const exports = nativeModules[args.path].map(
          (name) => `export const ${name} = lazy(${JSON.stringify(name)});`,
        );
        return {
          resolveDir: root,
          loader: 'js',
          contents: [
            "import { createRequire } from 'node:module';",
            'let loaded;',
            `const load = () => (loaded ??= createRequire(import.meta.url)(${JSON.stringify(args.path)}));`,
            // A stand-in that constructs, calls and reads through to the real export.
            'const lazy = (name) => new Proxy(function () {}, {',
            '  construct: (_, args) => Reflect.construct(load()[name], args),',
            '  apply: (_, self, args) => Reflect.apply(load()[name], self, args),',
            '  get: (_, key) => load()[name][key],',
            '});',
            ...exports,
          ].join('\n'),
        };
      });
    },
  };
}

/**
 * zod's index carries every locale of its error messages (a third of the
 * bundle's text, parsed at every start). The core never calls z.config with a
 * locale, and zod sets English itself from its own file, so z.locales keeps
 * English only.
 */
function englishOnlyZod() {
  return {
    name: 'english-only-zod',
    setup(build) {
      build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
          ? { path: join(dirname(args.importer), args.path), namespace: 'zod-locales' }
          : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
        resolveDir: dirname(args.path),
        loader: 'js',
        contents: "export { default as en } from './en.js';",
      }));
    },
  };
}

/**
 * The catalogs (locales/*.json): a megabyte and a half of messages, six
 * languages of which a run says one. Bundled as objects, every start parsed
 * them all. Here each is a file beside the bundle (out/cli/locales/), and
 * what imports it gets a stand-in that reads and parses it the first time a
 * message is looked up: `--help` in German reads German only, and English
 * (every message's fallback, and what errors say in logs) only when asked.
 * The stand-in answers what code does with a catalog (look up, `in`,
 * Object.hasOwn, Object.keys) from the parsed one. `used` is told the name of
 * each catalog the sources import, for the build to put beside the bundle.
 */
function lazyCatalogs(used) {
  const locales = join(root, 'locales');
  return {
    name: 'lazy-catalogs',
    setup(build) {
      build.onResolve({ filter: /\/locales\/[\w-]+\.json$/ }, (args) => {
        const path = join(args.resolveDir, args.path);
        return dirname(path) === locales ? { path, namespace: 'lazy-catalog' } : undefined;
      });
      build.onResolve({ filter: /^lazy-catalog:runtime$/ }, () => ({
        path: 'runtime',
        namespace: 'lazy-catalog',
      }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-catalog' }, (args) => {
        if (args.path !== 'runtime') {
          used.add(basename(args.path));
          const file = JSON.stringify(`./locales/${basename(args.path)}`);
          return {
            loader: 'js',
            contents: `import { lazyCatalog } from 'lazy-catalog:runtime'; export default lazyCatalog(${file});`,
          };
        }
        return {
          loader: 'js',
          resolveDir: root,
          contents: [
            "import { readFileSync } from 'node:fs';",
            // Every chunk sits beside the entry (out/cli/), so beside this one too.
            'export function lazyCatalog(file) {',
            '  let messages;',
            '  const load = () => (messages ??= JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")));',
            '  return new Proxy({}, {',
            '    get: (_, key) => Reflect.get(load(), key),',
            '    has: (_, key) => Reflect.has(load(), key),',
            '    ownKeys: () => Reflect.ownKeys(load()),',
            '    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(load(), key),',
            '  });',
            '}',
          ].join('\n'),
        };
      });
    },
  };
}

/** Writes `bytes` to `path` by a rename, unless the file already holds them. */
function putFile(path, bytes) {
  if (existsSync(path) && Buffer.compare(readFileSync(path), bytes) === 0) return false;
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
  return true;
}

/**
 * A chunk's name: esbuild's content hash in it, so a build never rewrites a
 * chunk that an older entry still imports (one file with the same name holds
 * the same code), and chunks of older builds can be told apart.
 */
const CHUNK = /^[\w-]+-[A-Z0-9]{8}\.js(\.map)?$/;

/** How long a chunk no build uses stays, for a command started before the build that dropped it. */
const STALE_FOR_MS = 24 * 3_600_000;

/**
 * Removes the chunks of older builds: each one when it has been out of use
 * for STALE_FOR_MS. A command started from the entry a build has just
 * replaced still imports that entry's chunks when it reaches a command or a
 * part of one (a team's store, a suppression list), possibly hours later;
 * out/cli/stale.json keeps since when each has been out of use.
 */
function pruneChunks(outDir, current, now = Date.now()) {
  const record = join(outDir, 'stale.json');
  let since = {};
  try {
    since = JSON.parse(readFileSync(record, 'utf8'));
  } catch {
    // No chunk was out of use (or the record is unreadable: each starts again now).
  }
  const stale = {};
  const removed = [];
  for (const name of readdirSync(outDir)) {
    if (!CHUNK.test(name) || current.has(name)) continue;
    const from = typeof since[name] === 'number' ? since[name] : now;
    if (now - from < STALE_FOR_MS) stale[name] = from;
    else {
      rmSync(join(outDir, name), { force: true });
      removed.push(join(outDir, name));
    }
  }
  if (Object.keys(stale).length)
    putFile(record, Buffer.from(`${JSON.stringify(stale, null, 2)}\n`));
  else rmSync(record, { force: true });
  return removed;
}

/**
 * Builds the command line into `outDir`. Returns the files written (those
 * that changed) and removed, relative to the repository.
 */
export async function buildCli({ outDir = cliOutDir } = {}) {
  const { build } = await import('esbuild');
  const catalogsUsed = new Set();
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      'list-cleaner': join(root, 'electron', 'cli', 'main.ts'),
      'classify-worker': join(root, 'electron', 'lists', 'judge', 'classify-worker.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Each command's module (main.ts imports them with import()), and what
    // they share, in chunks of their own: a start reads and compiles main.ts
    // and the words it says, and `--help` nothing more. All in one folder:
    // code finds its neighbours from where it runs (the list import's worker,
    // the catalogs) whichever chunk it lands in.
    splitting: true,
    // Less text to parse at every start; the source maps give stacks their
    // names back (LIST_CLEANER_DEBUG turns them on).
    minify: true,
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    logLevel: 'warning',
    plugins: [lazyNative(), englishOnlyZod(), lazyCatalogs(catalogsUsed)],
    // CommonJS dependencies bundled into ESM still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __cliRequire } from 'node:module'; const require = __cliRequire(import.meta.url);",
    },
  });
  // What the entries import is in place before them: the catalogs and the
  // chunks (new names beside the old ones), then the worker, the command's
  // entry last. A command starting meanwhile finds every file its entry
  // imports, and the new worker with the new entry, or the old with the old,
  // or the new with the old entry.
  const order = (f) => {
    const name = basename(f.path).replace(/\.map$/, '');
    if (name === 'list-cleaner.js') return 2;
    return name === 'classify-worker.js' ? 1 : 0;
  };
  const files = [...result.outputFiles].sort((a, b) => order(a) - order(b));
  // The bundle and its worker are ES modules by their .js name (the worker's
  // name is fixed by classifier.ts): the folder says so itself, wherever it is copied.
  const manifest = {
    path: join(outDir, 'package.json'),
    contents: Buffer.from('{ "type": "module" }\n'),
  };
  const catalogs = [...catalogsUsed].sort().map((name) => ({
    path: join(outDir, 'locales', name),
    contents: readFileSync(join(root, 'locales', name)),
  }));
  const written = [];
  for (const file of [manifest, ...catalogs, ...files]) {
    if (putFile(file.path, file.contents)) written.push(relative(root, file.path));
  }
  const current = new Set(files.map((f) => basename(f.path)));
  const removed = pruneChunks(outDir, current).map((path) => relative(root, path));
  return { written, removed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  try {
    await import('esbuild');
  } catch {
    // Installed without dev dependencies: `prepare` must not fail the install.
    const line = 'build:cli: esbuild is not installed (dev dependencies left out?); not built.';
    console.error(line);
    process.exit(process.env.npm_lifecycle_event === 'prepare' ? 0 : 1);
  }
  const { written, removed } = await buildCli();
  const ms = Math.round(performance.now() - started);
  const changes = [
    written.length ? `updated (${written.length} files)` : 'up to date',
    ...(removed.length ? [`${removed.length} unused chunk files removed`] : []),
  ];
  console.error(`build:cli: ${relative(root, cliOutDir)}/ ${changes.join(', ')} in ${ms} ms`);
}
