// The app:// scheme the built renderer is served from, as a pure function from
// a request to a Response: Electron's protocol.handle and the e2e bridge's HTTP
// server both answer with it, so the rules tested here are the rules the app
// runs. It never imports electron.
//
// Why a scheme of our own rather than file://: a page at file:// may read any
// other file:// URL the user can, and its "origin" is every local file. At
// app://list-cleaner the page is one origin, and this handler decides, file by
// file, what that origin contains: the built renderer folder and nothing else.
import { promises as fs } from 'node:fs';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import { contentSecurityPolicy } from './csp';

export const APP_SCHEME = 'app';
export const APP_HOST = 'list-cleaner';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

/**
 * The least the renderer needs from its scheme. `standard` gives app:// real
 * origins (so 'self' in the CSP, relative URLs and same-origin module scripts,
 * stylesheets and fonts work as over https); `secure` makes it a secure
 * context, as https would be. Nothing else: the renderer makes no fetch
 * (supportFetchAPI), loads nothing cross-origin (corsEnabled), streams no media
 * (stream), runs no service worker, and must never bypass the CSP.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true } as const;

/** What the built renderer is made of; any other kind of file is not served. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};

/**
 * A path segment as the build names its files (Vite's name-hash.ext). Nothing
 * needs escaping, so nothing is decoded: a percent sign, a backslash, a colon
 * or a NUL is refused as it stands, which closes every encoded or doubly
 * encoded separator and dot segment at once. No leading dot, so neither `.`,
 * `..` nor a hidden file.
 */
const SEGMENT = /^[\w-][\w.-]*$/;

const RAW_APP_URL = new RegExp(`^${APP_ORIGIN}(/[^?#]*)?(?:[?#].*)?$`, 's');

export interface AppRequest {
  url: string;
  method: string;
}

function answer(
  status: number,
  headers: Record<string, string> = {},
  body?: Uint8Array<ArrayBuffer>,
): Response {
  return new Response(body ?? null, {
    status,
    headers: {
      'Content-Security-Policy': contentSecurityPolicy({ dev: false }),
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** The requested file as path segments under the root, or null when the URL is not plainly one. */
export function requestedSegments(url: string): string[] | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (
    parsed.protocol !== `${APP_SCHEME}:` ||
    parsed.host !== APP_HOST ||
    parsed.username !== '' ||
    parsed.password !== ''
  ) {
    return null;
  }
  // The path as sent, not as the URL parser normalised it: `a/../b` must be
  // refused, not quietly read as `b`. The host was checked above; the raw
  // string must spell it plainly too (no whitespace the parser trimmed).
  const raw = RAW_APP_URL.exec(url);
  if (!raw) return null;
  const path = raw[1] ?? '/';
  if (path === '/') return ['index.html'];
  const segments = path.slice(1).split('/');
  return segments.every((segment) => SEGMENT.test(segment)) ? segments : null;
}

/**
 * The real path of a regular file inside the root, or null. Symbolic links are
 * followed and the result must still be under the root's own real path, so a
 * link cannot lead out.
 */
async function fileInside(root: string, segments: string[]): Promise<string | null> {
  try {
    const realRoot = await fs.realpath(root);
    const real = await fs.realpath(join(realRoot, ...segments));
    const rel = relative(realRoot, real);
    if (rel === '' || isAbsolute(rel) || rel.split(sep)[0] === '..') return null;
    return (await fs.stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/**
 * Answers one request for the renderer under `root` (the built out/renderer):
 * GET or HEAD of a file inside it, with its Content-Type and the app's CSP, or
 * 403 (not a plain path under app://list-cleaner), 404 (no such file, a file
 * outside, or a kind of file the renderer is not made of) or 405.
 */
export async function serveAppRequest(root: string, request: AppRequest): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return answer(405, { Allow: 'GET, HEAD' });
  }
  const segments = requestedSegments(request.url);
  if (!segments) return answer(403);
  const file = await fileInside(root, segments);
  const type = file ? CONTENT_TYPES[extname(file).toLowerCase()] : undefined;
  if (!file || !type) return answer(404);
  let body: Uint8Array<ArrayBuffer>;
  try {
    // A copy the web Response types accept (a Buffer may sit on shared memory).
    body = new Uint8Array(await fs.readFile(file));
  } catch {
    return answer(404);
  }
  const headers = { 'Content-Type': type, 'Content-Length': String(body.byteLength) };
  return answer(200, headers, request.method === 'HEAD' ? undefined : body);
}
