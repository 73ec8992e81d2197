// The built renderer as shipped, with no page: its index.html carries the
// app's CSP in a meta tag (a second line behind the app:// header), and the
// bridge's server, which answers with the app's own app:// handler, refuses
// every way out of out/renderer. Requests go out raw (node:http, not fetch),
// so `..` and its encodings reach the server as written.
import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { contentSecurityPolicy } from '../../electron/shell/window/csp';
import { serveRenderer } from './bridge/serve-renderer';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawGet(base: string, path: string, method = 'GET'): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = httpRequest({ hostname, port, path, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

test('the built index.html carries the app CSP in a meta tag', async () => {
  const html = await readFile(resolve('out/renderer/index.html'), 'utf8');
  const metas = [
    ...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi),
  ];
  expect(metas).toHaveLength(1);
  expect(decodeAttribute(metas[0]?.[1] ?? '')).toBe(contentSecurityPolicy({ dev: false }));
  // Before anything that loads: a policy that comes after a script does not cover it.
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
});

test.describe('the bridge serves the built renderer by the app:// rules', () => {
  let server: Awaited<ReturnType<typeof serveRenderer>>;
  test.beforeAll(async () => {
    server = await serveRenderer();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('serves the page and its assets with their types and the CSP header', async () => {
    const page = await rawGet(server.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy({ dev: false }));
    const html = page.body.toString('utf8');
    const script = /<script[^>]+src="\.\/([^"]+)"/.exec(html)?.[1];
    const style = /<link[^>]+rel="stylesheet"[^>]+href="\.\/([^"]+)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    const js = await rawGet(server.url, `/${script}`);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const css = await rawGet(server.url, `/${style}`);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  // out/main/main.js sits beside out/renderer after the build, and is a .js the
  // handler would serve: only the path rules keep it out.
  const outside = [
    '/../main/main.js',
    '/assets/../../main/main.js',
    '/%2e%2e/main/main.js',
    '/%2e%2e%2fmain%2fmain.js',
    '/..%2fmain%2fmain.js',
    '/%252e%252e%252fmain%252fmain.js',
    '/..%5cmain%5cmain.js',
    '/..\\main\\main.js',
    '/index.html%00.js',
    `/${encodeURIComponent(resolve('out/main/main.js'))}`,
    `/${resolve('out/main/main.js')}`,
  ];

  for (const path of outside) {
    test(`refuses ${path}`, async () => {
      const mainJs = await readFile(resolve('out/main/main.js'));
      const answer = await rawGet(server.url, path);
      expect([403, 404]).toContain(answer.status);
      expect(answer.body.includes(mainJs.subarray(0, 64))).toBe(false);
    });
  }

  test('refuses any method but GET and HEAD', async () => {
    expect((await rawGet(server.url, '/index.html', 'POST')).status).toBe(405);
    expect((await rawGet(server.url, '/index.html', 'HEAD')).status).toBe(200);
  });
});
