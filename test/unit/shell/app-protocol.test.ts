// The app:// handler as the renderer's only source of files: a temporary
// renderer folder with a secret beside it (named .js, a type the handler does
// serve, so only the path rules stand between a request and its bytes) and
// links that lead out. Every way out must be refused without the secret.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  APP_URL,
  requestedSegments,
  serveAppRequest,
} from '../../../electron/shell/window/app-protocol';
import { contentSecurityPolicy } from '../../../electron/shell/window/csp';

const base = await mkdtemp(join(tmpdir(), 'list-cleaner-app-protocol-'));
const root = join(base, 'renderer');
const outside = join(base, 'outside');
const secretPath = join(base, 'secret.js');
const SECRET = 'TOP-SECRET-0f3c9a: the keychain entry';
const INDEX = '<!doctype html><title>List Cleaner</title>';
const SCRIPT = 'export const answer = 42;\n';
const FONT = Buffer.from([0x77, 0x4f, 0x46, 0x32, 0x00, 0x01, 0x00, 0x00, 0xff, 0x00]);

await mkdir(join(root, 'assets'), { recursive: true });
await mkdir(outside);
await writeFile(join(root, 'index.html'), INDEX);
await writeFile(join(root, 'assets', 'index-Ab12_-.js'), SCRIPT);
await writeFile(join(root, 'assets', 'inter-latin-wght-normal-Dx4k.woff2'), FONT);
await writeFile(join(root, 'notes.txt'), 'not part of the app');
await writeFile(join(root, '.hidden.js'), SCRIPT);
await writeFile(secretPath, SECRET);
await writeFile(join(outside, 'secret.js'), SECRET);
// Windows creates file links only with a privilege; the link tests need them.
let linksMade = true;
try {
  await symlink(secretPath, join(root, 'link.js'), 'file');
  await symlink(outside, join(root, 'linked-dir'), 'junction');
  await symlink(root, join(base, 'root-link'), 'junction');
} catch {
  linksMade = false;
}

afterAll(() => rm(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET'): Promise<Response> =>
  serveAppRequest(root, { url, method });

async function expectRefused(response: Response): Promise<void> {
  expect([403, 404, 405]).toContain(response.status);
  expect(await response.text()).not.toContain('TOP-SECRET');
}

describe('serveAppRequest: what it serves', () => {
  it('serves index.html at app://list-cleaner/index.html with the CSP as a header', async () => {
    expect(APP_URL).toBe('app://list-cleaner/index.html');
    const response = await get(APP_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(
      contentSecurityPolicy({ dev: false }),
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(INDEX);
  });

  it.each(['app://list-cleaner', 'app://list-cleaner/', 'app://list-cleaner/?v=1#/jobs'])(
    'serves index.html for the bare origin %s',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX);
    },
  );

  it('serves a module script as JavaScript', async () => {
    const response = await get('app://list-cleaner/assets/index-Ab12_-.js?x=1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(
      contentSecurityPolicy({ dev: false }),
    );
    expect(await response.text()).toBe(SCRIPT);
  });

  it('serves a font byte for byte as font/woff2', async () => {
    const response = await get('app://list-cleaner/assets/inter-latin-wght-normal-Dx4k.woff2');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/woff2');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(FONT);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await get(APP_URL, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(INDEX)));
    expect(await response.text()).toBe('');
  });

  it.runIf(linksMade)('serves from a root that is itself reached through a link', async () => {
    const response = await serveAppRequest(join(base, 'root-link'), {
      url: APP_URL,
      method: 'GET',
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['a missing file', 'app://list-cleaner/missing.js'],
    ['a folder', 'app://list-cleaner/assets'],
    ['a kind of file the renderer is not made of', 'app://list-cleaner/notes.txt'],
  ])('answers 404 for %s', async (_name, url) => {
    expect((await get(url)).status).toBe(404);
  });
});

describe('serveAppRequest: every way out is refused', () => {
  const rel = secretPath.slice(base.length + 1); // "secret.js", one level above the root
  const traversals: Array<[string, string]> = [
    ['../', `app://list-cleaner/../${rel}`],
    ['../ after a folder', `app://list-cleaner/assets/../../${rel}`],
    ['%2e%2e/', `app://list-cleaner/%2e%2e/${rel}`],
    ['%2E%2E/ in capitals', `app://list-cleaner/%2E%2E/${rel}`],
    ['.%2e/', `app://list-cleaner/.%2e/${rel}`],
    ['%2e%2e%2f', `app://list-cleaner/%2e%2e%2f${rel}`],
    ['..%2f', `app://list-cleaner/..%2f${rel}`],
    ['%252e%252e%252f (double encoding)', `app://list-cleaner/%252e%252e%252f${rel}`],
    ['..%252f (double-encoded slash)', `app://list-cleaner/..%252f${rel}`],
    ['..\\ (backslash)', `app://list-cleaner/..\\${rel}`],
    ['\\..\\ after the host', `app://list-cleaner\\..\\${rel}`],
    ['..%5c', `app://list-cleaner/..%5c${rel}`],
    ['%5c..%5c', `app://list-cleaner/%5c..%5c${rel}`],
    ['%255c (double-encoded backslash)', `app://list-cleaner/..%255c${rel}`],
    ['a NUL', `app://list-cleaner/index.html\u0000/../../${rel}`],
    ['an encoded NUL', `app://list-cleaner/index.html%00.js`],
    ['an absolute path after the host', `app://list-cleaner/${secretPath}`],
    ['an encoded absolute path', `app://list-cleaner/${encodeURIComponent(secretPath)}`],
    ['a drive letter', 'app://list-cleaner/C:/Windows/win.ini'],
    ['a drive letter with backslashes', 'app://list-cleaner/C:%5CWindows%5Cwin.ini'],
    ['a UNC-style double slash', `app://list-cleaner//${rel}`],
    ['a hidden file', 'app://list-cleaner/.hidden.js'],
    ['a file URL', `file://${secretPath}`],
    ['another host', 'app://evil.example/index.html'],
    ['a look-alike host', 'app://list-cleaner.evil.example/index.html'],
    ['credentials before another host', 'app://list-cleaner@evil.example/index.html'],
    ['credentials before the host', 'app://user:pass@list-cleaner/index.html'],
    ['a port', 'app://list-cleaner:8080/index.html'],
    ['another scheme', 'https://list-cleaner/index.html'],
    ['leading whitespace', ' app://list-cleaner/index.html'],
    ['not a URL', 'index.html'],
  ];

  it.each(traversals)('refuses %s', async (_name, url) => {
    await expectRefused(await get(url));
  });

  // The URL rules on their own, so that the folder check behind them is a
  // second line and not the only one.
  it.each(traversals)('reads no file path at all from %s', (_name, url) => {
    expect(requestedSegments(url)).toBeNull();
  });

  it('reads a plain path as its segments', () => {
    expect(requestedSegments('app://list-cleaner/assets/index-Ab12_-.js?v=1#x')).toEqual([
      'assets',
      'index-Ab12_-.js',
    ]);
  });

  it.runIf(linksMade).each([
    ['a file link that leads out', 'app://list-cleaner/link.js'],
    ['a folder link that leads out', 'app://list-cleaner/linked-dir/secret.js'],
  ])('refuses %s', async (_name, url) => {
    await expectRefused(await get(url));
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('refuses %s', async (method) => {
    const response = await get(APP_URL, method);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.text()).toBe('');
  });
});
