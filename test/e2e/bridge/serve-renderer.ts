// Serves the built renderer (out/renderer) over loopback HTTP, as the app
// would load it, with the same Content-Security-Policy as the app.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy } from '../../../electron/shell/csp';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

export async function serveRenderer(
  root = resolve('out/renderer'),
): Promise<{ url: string; stop(): Promise<void> }> {
  const csp = contentSecurityPolicy({ dev: false });
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        res.writeHead(200, {
          'Content-Type': types[extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': csp,
        });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
