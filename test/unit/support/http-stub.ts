// A one-route HTTP server that answers whatever a test needs, for responses
// no real service should give (a proxy's HTML page, a malformed envelope).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startStub(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A port nothing listens on: bind one, note it, close it. */
export async function closedPortUrl(): Promise<string> {
  const stub = await startStub((_req, res) => res.end());
  await stub.stop();
  return stub.url;
}
