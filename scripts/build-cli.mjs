#!/usr/bin/env node
// `npm run build:cli` (and `prepare`, which npm ci runs): bundles the command
// line (electron/cli/main.ts) with esbuild into out/cli/list-cleaner.js, the
// list import's worker thread next to it (out/cli/classify-worker.js, where
// electron/lists/classifier.ts looks for it at run time) and the catalogs
// (out/cli/locales/), so `list-cleaner` starts as plain JavaScript instead of
// compiling TypeScript through tsx at every start.
//
// Every file is written to a temporary name and renamed into place, and left
// alone when unchanged: a test run building here must never hand a command
// starting at the same moment half a bundle.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
            // The bundle and its worker sit beside locales/ (out/cli/).
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
 * Builds the command line into `outDir`. Returns the files written (those
 * that changed) relative to the repository.
 */
export async function buildCli({ outDir = cliOutDir } = {}) {
  const { build } = await import('esbuild');
  const catalogsUsed = new Set();
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      'list-cleaner': join(root, 'electron', 'cli', 'main.ts'),
      'classify-worker': join(root, 'electron', 'lists', 'classify-worker.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
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
  // The worker first: a command starting meanwhile finds the new worker with
  // the new bundle, or the old with the old, or the new with the old bundle.
  const files = [...result.outputFiles].sort((a, b) => {
    const worker = (f) => (f.path.includes('classify-worker') ? 0 : 1);
    return worker(a) - worker(b);
  });
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
  return written;
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
  const written = await buildCli();
  const ms = Math.round(performance.now() - started);
  console.error(
    `build:cli: ${relative(root, cliOutDir)}/ ${written.length ? `updated (${written.length} files)` : 'up to date'} in ${ms} ms`,
  );
}
