// The one HTTP path every connector takes, against a server on loopback: the
// key only in the connector's headers and only to an encrypted address (or
// this computer), no redirect followed, a bounded answer, a 429 waited out for
// as long as the patience lasts (Retry-After, the platform's own header, or a
// growing pause), a 5xx tried again only where a repeat changes nothing, and
// the platform's own words in what it refused.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlatformHttp, type PlatformHttpOptions } from '../../../electron/connectors/http';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function serve(handler: Handler): Promise<{ url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    handler(req, res, seen.length);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, seen };
}

const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

function http(url: string, more: Partial<PlatformHttpOptions> = {}) {
  return createPlatformHttp({
    platform: 'Acme',
    baseUrl: url,
    headers: { Authorization: 'Bearer secret-token' },
    errorText: (res) => z.object({ message: z.string() }).safeParse(res.json).data?.message ?? null,
    maxInFlight: 2,
    backoffMs: 5,
    ...more,
  });
}

describe('the platform HTTP path', () => {
  it('refuses an address that is not encrypted unless it is this computer', () => {
    expect(() => http('http://api.acme.example/v1')).toThrow(/not encrypted/);
    expect(() => http('ftp://api.acme.example/v1')).toThrow(/must start with https/);
    expect(() => http('https://user:pw@api.acme.example/v1')).toThrow(/user name or password/);
    expect(() => http('https://api.acme.example/v1')).not.toThrow();
  });

  it('sends the key only in its header, to the path under the base address, and validates the answer', async () => {
    const { url, seen } = await serve((_req, res) => json(res, 200, { items: [1, 2] }));
    const answer = await http(url).json(
      { method: 'GET', path: 'lists', query: { limit: 10, after: undefined } },
      z.object({ items: z.array(z.number()) }),
    );
    expect(answer.items).toEqual([1, 2]);
    expect(seen[0]?.url).toBe('/api/lists?limit=10');
    expect(seen[0]?.headers.authorization).toBe('Bearer secret-token');
    const shape = await http(url)
      .json({ method: 'GET', path: 'lists' }, z.object({ items: z.array(z.string()) }))
      .catch((e: unknown) => e);
    expect(String(shape)).toMatch(/in a shape List Cleaner does not know \(items\.0/);
  });

  it('does not follow a redirect with the key', async () => {
    const { url, seen } = await serve((_req, res) => {
      res.writeHead(302, { Location: 'https://elsewhere.example/steal' });
      res.end();
    });
    const err = await http(url)
      .request({ method: 'GET', path: 'lists' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'platform', status: 302 });
    expect(String(err)).toMatch(/answered with a redirect/);
    expect(seen).toHaveLength(1);
  });

  it('says a refused key in its own words, with what to do', async () => {
    const { url } = await serve((_req, res) => json(res, 401, { message: 'Token expired' }));
    const err = await http(url)
      .request({ method: 'GET', path: 'lists' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'platform_key', status: 401 });
    expect(String(err)).toMatch(
      /Acme refused the key \(“Token expired”\)\. Nothing more was read or written/,
    );
    expect(String(err)).not.toContain('401');
  });

  it('waits out 429s as Retry-After or the platform says, telling each wait', async () => {
    const { url, seen } = await serve((_req, res, n) =>
      n <= 3
        ? json(res, 429, { message: 'slow down' }, n === 1 ? { 'Retry-After': '0' } : {})
        : json(res, 200, {}),
    );
    const waits: number[] = [];
    const res = await http(url, {
      onWait: (w) => waits.push(w.until - Date.now()),
      retryAfter: (r) => (r.headers.get('retry-after') === null ? 0.01 : undefined),
    }).request({ method: 'POST', path: 'things', body: { a: 1 } });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('gives up on 429s once the patience is spent, saying nothing was lost', async () => {
    const { url } = await serve((_req, res) => json(res, 429, {}, { 'Retry-After': '1' }));
    const err = await http(url, { patienceMs: 1_500 })
      .request({ method: 'GET', path: 'lists' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'platform', status: 429 });
    expect(String(err)).toMatch(/slow down for longer than it waits.*Nothing was lost/);
  });

  it('tries a 5xx again only where a repeat changes nothing', async () => {
    const get = await serve((_req, res, n) =>
      n < 3 ? json(res, 503, {}) : json(res, 200, { ok: true }),
    );
    expect((await http(get.url).request({ method: 'GET', path: 'x' })).status).toBe(200);
    expect(get.seen).toHaveLength(3);

    const post = await serve((_req, res) => json(res, 503, { message: 'busy' }));
    const err = await http(post.url)
      .request({ method: 'POST', path: 'x', body: {} })
      .catch((e: unknown) => e);
    expect(String(err)).toMatch(
      /Acme refused a request: busy\. What was read or written before it is kept/,
    );
    expect(post.seen).toHaveLength(1);
  });

  it('refuses an answer larger than it reads', async () => {
    const { url } = await serve((_req, res) => json(res, 200, { blob: 'x'.repeat(5_000) }));
    const err = await http(url, { maxBodyBytes: 1_000 })
      .request({ method: 'GET', path: 'x' })
      .catch((e: unknown) => e);
    expect(String(err)).toMatch(/answer too large to read/);
  });

  it('keeps at most its share of requests in flight', async () => {
    let open = 0;
    let most = 0;
    const { url } = await serve((_req, res) => {
      open += 1;
      most = Math.max(most, open);
      setTimeout(() => {
        open -= 1;
        json(res, 200, {});
      }, 20);
    });
    const h = http(url, { maxInFlight: 3 });
    await h.all(
      Array.from({ length: 12 }, (_, i) => i),
      () => h.request({ method: 'GET', path: 'x' }),
    );
    expect(most).toBe(3);
  });
});
