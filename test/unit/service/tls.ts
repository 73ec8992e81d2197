// A TLS server of the tests' own on this computer, so that an https result
// link can be followed for real, with no network: its certificate, self-signed
// for localhost, files.example.test, evil.test, 127.0.0.1 and ::1 and valid
// from 2000 to 2100, is trusted only by clients given `TEST_CA`. Test use
// only: the key is public, here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Listener } from './support';

export const TEST_CA = `-----BEGIN CERTIFICATE-----
MIIBuDCCAV2gAwIBAgICEAAwCgYIKoZIzj0EAwIwIzEhMB8GA1UEAwwYTGlzdCBD
bGVhbmVyIHRlc3Qgc2VydmVyMCAXDTAwMDEwMTAwMDAwMFoYDzIxMDAwMTAxMDAw
MDAwWjAjMSEwHwYDVQQDDBhMaXN0IENsZWFuZXIgdGVzdCBzZXJ2ZXIwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAATAswbMEBSp6tq7MxWU4O8R9RFDMj/JUMmFMVcA
K3LLzDl1mpwYKKMfEirWrflUY4E3Y9BgN8TNlMuctkGGS6p6o38wfTBLBgNVHREE
RDBCgglsb2NhbGhvc3SCEmZpbGVzLmV4YW1wbGUudGVzdIIJZXZpbC50ZXN0hwR/
AAABhxAAAAAAAAAAAAAAAAAAAAABMA8GA1UdEwEB/wQFMAMBAf8wHQYDVR0OBBYE
FKuShEN3hSjG6wr+nMEbvCfSGIaZMAoGCCqGSM49BAMCA0kAMEYCIQDyfrKKGxhI
OQbnKZPy7/gNtms18EB0mswtHKdqgnd1UwIhAN2XLtNP1sVh3k0XxFHp+d34D7FG
P+y2Od8eCReieIB8
-----END CERTIFICATE-----
`;

const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgO/JzxRI0njGYXF0Y
Y26dQ0HGiozOLKxsuNagoOgLlHahRANCAATAswbMEBSp6tq7MxWU4O8R9RFDMj/J
UMmFMVcAK3LLzDl1mpwYKKMfEirWrflUY4E3Y9BgN8TNlMuctkGGS6p6
-----END PRIVATE KEY-----
`;

/**
 * An https server on 127.0.0.1 that records every request and counts every
 * TCP connection, handshake or not: a client that never connected shows 0.
 */
export async function listenTls(
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
    void res.writeHead(200).end('identifier,activated\n'),
): Promise<Listener & { port: number }> {
  const requests: Listener['requests'] = [];
  let connections = 0;
  const server = createServer({ cert: TEST_CA, key: TEST_KEY }, (req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    requests,
    connections: () => connections,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
