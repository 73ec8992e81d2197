// `npm run bench -- bundle`: how much JavaScript and CSS the window loads
// before it can show anything, and how much there is in all. The renderer is
// built with the app's own electron-vite config (so minifying, chunking and
// plugins are exactly what ships) into a temporary folder: never over
// out/renderer, which the e2e suite may be serving at the same time, and
// never elsewhere under out/, which electron-builder packs.
//
// "Initial" is everything index.html loads before any lazy chunk: its module
// script, its modulepreload links and stylesheets, and every chunk those
// import statically. Sizes are gzip level 9 in kB of 1,000 bytes, as Vite
// reports them. A size has no same-run baseline, so every figure's ratio is to
// the window's budget (issue 14): 250 kB of initial JavaScript.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { resolveConfig } from 'electron-vite';
import { build, type Rolldown } from 'vite';
import { repoRoot } from './children';
import { emit, log } from './report';

const KB = 1000;
const INITIAL_JS_TARGET_KB = 250;

interface Chunk {
  fileName: string;
  imports: string[];
  packages: Map<string, number>;
}

interface Sized {
  fileName: string;
  raw: number;
  gzip: number;
}

/** Builds the renderer as `npm run build` does, into outDir; its chunks by file name. */
async function buildRenderer(outDir: string): Promise<Map<string, Chunk>> {
  // electron-vite's presets read this to choose production defaults.
  process.env.NODE_ENV_ELECTRON_VITE = 'production';
  const { config } = await resolveConfig(
    { configFile: join(repoRoot, 'electron.vite.config.ts'), logLevel: 'warn' },
    'build',
    'production',
  );
  const renderer = config?.renderer;
  if (!renderer) throw new Error('electron.vite.config.ts has no renderer config');
  const result = await build({
    ...renderer,
    configFile: false,
    logLevel: 'warn',
    build: { ...renderer.build, outDir, emptyOutDir: true },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = new Map<string, Chunk>();
  for (const output of outputs) {
    if (!('output' in output)) throw new Error('the renderer build started watching');
    for (const item of output.output) {
      if (item.type === 'chunk') chunks.set(item.fileName, describe(item));
    }
  }
  return chunks;
}

function describe(chunk: Rolldown.OutputChunk): Chunk {
  const packages = new Map<string, number>();
  for (const id of chunk.moduleIds) {
    const name = packageOf(id);
    packages.set(name, (packages.get(name) ?? 0) + 1);
  }
  return { fileName: chunk.fileName, imports: chunk.imports, packages };
}

/** The npm package a module comes from; "app" for our own source, "vite" for its helpers. */
function packageOf(id: string): string {
  const marker = 'node_modules/';
  const path = id.replaceAll('\\', '/');
  const at = path.lastIndexOf(marker);
  if (at < 0) return path.startsWith('\0') ? 'vite' : 'app';
  const [scope = '', name = ''] = path.slice(at + marker.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/** The JS and CSS files index.html names (script, modulepreload, stylesheet). */
function namedByHtml(html: string): string[] {
  const files: string[] = [];
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const tag = match[0];
    if (/\brel="(?:icon|preload)"/.test(tag)) continue;
    const ref = /\b(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/.exec(tag)?.[1];
    if (ref) files.push(ref);
  }
  return files;
}

/** The files named by index.html plus every chunk they import statically, transitively. */
function initialFiles(html: string, chunks: Map<string, Chunk>): Set<string> {
  const initial = new Set<string>();
  const queue = namedByHtml(html);
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (initial.has(file)) continue;
    initial.add(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return initial;
}

async function size(outDir: string, fileName: string): Promise<Sized> {
  const bytes = await readFile(join(outDir, fileName));
  return { fileName, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kb = (bytes: number): number => Math.round((bytes / KB) * 10) / 10;
const sum = (files: Sized[], key: 'raw' | 'gzip'): number =>
  files.reduce((total, f) => total + f[key], 0);

function report(kind: 'js' | 'css', initial: Sized[], all: Sized[], zod: boolean): void {
  const lazy = all.filter((f) => !initial.some((i) => i.fileName === f.fileName));
  emit({
    name: `bundle.${kind}.initial_gzip`,
    value: sum(initial, 'gzip') / KB,
    unit: 'kB',
    baseline: INITIAL_JS_TARGET_KB,
    better: 'lower',
    ...(kind === 'js' ? { target: INITIAL_JS_TARGET_KB } : {}),
    extra: {
      files: initial.length,
      rawKb: kb(sum(initial, 'raw')),
      ...(kind === 'js' ? { zod } : {}),
    },
  });
  emit({
    name: `bundle.${kind}.total_gzip`,
    value: sum(all, 'gzip') / KB,
    unit: 'kB',
    baseline: INITIAL_JS_TARGET_KB,
    better: 'lower',
    extra: {
      files: all.length,
      lazyFiles: lazy.length,
      lazyGzipKb: kb(sum(lazy, 'gzip')),
      rawKb: kb(sum(all, 'raw')),
    },
  });
}

export async function run(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'list-cleaner-bundle-'));
  try {
    log(`bundle: building the renderer into ${outDir}`);
    await measure(outDir, await buildRenderer(outDir));
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

async function measure(outDir: string, chunks: Map<string, Chunk>): Promise<void> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const initial = initialFiles(html, chunks);
  const files = (await readdir(outDir, { recursive: true })).map((f) => f.replaceAll('\\', '/'));
  const maps = files.filter((f) => f.endsWith('.map'));
  if (maps.length > 0) log(`bundle: source maps in the output: ${maps.join(', ')}`);

  const zodChunks = [...chunks.values()].filter((c) => c.packages.has('zod'));
  for (const c of zodChunks) log(`bundle: zod is in ${c.fileName}`);
  const zod = zodChunks.length > 0;

  for (const kind of ['js', 'css'] as const) {
    const named = files.filter((f) => f.endsWith(`.${kind}`));
    const all = await Promise.all(named.map((f) => size(outDir, f)));
    all.sort((a, b) => b.gzip - a.gzip);
    for (const f of all) {
      const where = initial.has(f.fileName) ? 'initial' : 'lazy';
      const top = [...(chunks.get(f.fileName)?.packages ?? [])]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name]) => name);
      log(
        `bundle: ${where.padEnd(7)} ${kb(f.gzip).toFixed(1).padStart(7)} kB gzip ` +
          `${f.fileName}${top.length > 0 ? ` (${top.join(', ')})` : ''}`,
      );
    }
    report(
      kind,
      all.filter((f) => initial.has(f.fileName)),
      all,
      zod,
    );
  }
}
