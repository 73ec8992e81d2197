// Serves the built renderer (out/renderer) over loopback HTTP with the app's
// own app:// handler: each request's path is asked of serveAppRequest exactly
// as app://list-cleaner would be, so the e2e suite runs the real serving rules
// (what is served, with which type and CSP, and every refusal).
import { createServer, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { APP_ORIGIN, serveAppRequest } from '../../../electron/shell/window/app-protocol';

async function send(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

export async function serveRenderer(
  root = resolve('out/renderer'),
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    // The raw request target, unnormalised: `/../x` reaches the handler as sent.
    // Anything but an origin-form path (`*`, `http://host/...`) names no file.
    const target = req.url ?? '';
    const url = target.startsWith('/') ? `${APP_ORIGIN}${target}` : '';
    serveAppRequest(root, { url, method: req.method ?? 'GET' })
      .then((response) => send(res, response))
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
