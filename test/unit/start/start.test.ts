// `npm start` on a fresh install, run as a user runs it (scripts/start.mjs in
// a child process), in a temporary copy of the project's layout whose
// Electron package has no binary yet. Electron's installer talks to a mirror
// on loopback (ELECTRON_MIRROR), never to the internet.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, fakeNpx, node22, repoRoot, run, startLayout, tempDir } from './support';

const electron = JSON.parse(
  readFileSync(join(repoRoot, 'node_modules', 'electron', 'package.json'), 'utf8'),
) as { version: string; engines: { node: string } };
const needed = /(\d+\.\d+\.\d+)/.exec(electron.engines.node)?.[1] ?? '22.12.0';
const release = `electron-v${electron.version}-linux-x64.zip`;

const olderThan = (version: string, than: string): boolean => {
  const [a, b] = [version, than].map((v) => v.replace(/^v/, '').split('.').map(Number));
  for (let i = 0; i < 3; i++) {
    if ((a?.[i] ?? 0) !== (b?.[i] ?? 0)) return (a?.[i] ?? 0) < (b?.[i] ?? 0);
  }
  return false;
};

/** A mirror of Electron's releases on loopback, holding a stand-in release for Linux x64. */
interface Mirror {
  url: string;
  requests: string[];
  zip: Buffer;
}

let server: Server | null = null;
const mirror: Mirror = { url: '', requests: [], zip: Buffer.alloc(0) };

beforeAll(async () => {
  mirror.zip = Buffer.from(
    zipSync({
      electron: strToU8('#!/bin/sh\necho stand-in\n'),
      version: strToU8(electron.version),
    }),
  );
  server = createServer((req, res) => {
    mirror.requests.push(req.url ?? '');
    if (req.url?.endsWith(`/${release}`)) {
      res.setHeader('content-length', mirror.zip.length);
      res.end(mirror.zip);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  mirror.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A port nothing listens on: one the system just handed out, closed again. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function start(node: string, dir: string, env: Record<string, string> = {}) {
  const npx = await fakeNpx();
  const cache = await tempDir('electron-cache');
  return run(node, [join(dir, 'scripts', 'start.mjs')], {
    cwd: dir,
    env: cleanEnv({
      // Electron's installer keeps downloads here, not in the user's cache.
      electron_config_cache: cache,
      ELECTRON_MIRROR: mirror.url,
      PATH: `${npx}:${process.env.PATH ?? ''}`,
      ...env,
    }),
  });
}

const lines = (text: string) => text.split('\n').filter((l) => l.length > 0);

describe('npm start, before Electronʼs binary is there', () => {
  it('says in one line to run npm install when Electron is not installed at all', async () => {
    const dir = await startLayout({ electron: false });
    const result = await start(process.execPath, dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(lines(result.stderr)).toEqual([
      'List Cleaner: Electron is not installed; run `npm install` first, then `npm start`.',
    ]);
  });

  it('on a Node too old for Electronʼs installer: one line naming both versions, no download tried', async (ctx) => {
    ctx.skip(!olderThan(process.version, needed), `this Node (${process.version}) is new enough`);
    const dir = await startLayout();
    const before = mirror.requests.length;
    const result = await start(process.execPath, dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const [line, ...rest] = lines(result.stderr);
    expect(rest).toEqual([]);
    expect(line).toContain(
      `needs Node.js ${needed} or later; this is Node.js ${process.version.slice(1)}.`,
    );
    expect(line).toContain('then run `npm start` again');
    expect(mirror.requests.length).toBe(before);
  });

  describe('on Node 22', () => {
    let node: string | null = null;
    let skip = '';
    beforeAll(async () => {
      const found = await node22();
      if ('node' in found) node = found.node;
      else skip = found.skip;
    }, 600_000);

    it('runs Electronʼs installer; a mirror it cannot reach is one line saying what to do', async (ctx) => {
      if (!node) return ctx.skip(skip);
      const dir = await startLayout();
      const port = await closedPort();
      const result = await start(node, dir, { ELECTRON_MIRROR: `http://127.0.0.1:${port}/` });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      const [line, ...rest] = lines(result.stderr);
      expect(rest).toEqual([]);
      // The installer itself tried the mirror it was given.
      expect(line).toContain(
        `could not download Electron's binary (http://127.0.0.1:${port}/v${electron.version}/${release}: fetch failed: connect ECONNREFUSED`,
      );
      expect(line).toContain('set ELECTRON_MIRROR to a mirror');
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(join(dir, 'node_modules', 'electron', 'path.txt'))).toBe(false);
    });

    it('a download that fails Electronʼs checksum is one line too, and nothing is installed', async (ctx) => {
      if (!node) return ctx.skip(skip);
      const dir = await startLayout();
      const result = await start(node, dir);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      const [line, ...rest] = lines(result.stderr);
      expect(rest).toEqual([]);
      expect(line).toMatch(/could not download Electron's binary \(.*checksum/);
      expect(existsSync(join(dir, 'node_modules', 'electron', 'path.txt'))).toBe(false);
    });

    it('fetches the binary from the mirror, checks it against Electronʼs checksums, then builds and opens the app', async (ctx) => {
      if (!node) return ctx.skip(skip);
      const dir = await startLayout();
      // The stand-in release is what this copy of Electron's package expects.
      const sha = createHash('sha256').update(mirror.zip).digest('hex');
      await writeFile(
        join(dir, 'node_modules', 'electron', 'checksums.json'),
        JSON.stringify({ [release]: sha }),
      );
      const result = await start(node, dir, { ELECTRON_CUSTOM_DIR: 'custom/{{ version }}' });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(mirror.requests).toContain(`/custom/${electron.version}/${release}`);
      const electronDir = join(dir, 'node_modules', 'electron');
      expect(readFileSync(join(electronDir, 'path.txt'), 'utf8')).toBe('electron');
      expect(existsSync(join(electronDir, 'dist', 'electron'))).toBe(true);
      expect(lines(result.stdout)).toEqual(['npx electron-vite preview']);

      // From now on the binary is there: any Node builds and opens the app, without the installer.
      const before = mirror.requests.length;
      const again = await start(process.execPath, dir, { ELECTRON_MIRROR: 'http://127.0.0.1:1/' });
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
      expect(lines(again.stdout)).toEqual(['npx electron-vite preview']);
      expect(mirror.requests.length).toBe(before);
    });
  });
});
