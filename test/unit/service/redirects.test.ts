// The API key goes only to the service address the user set, and only
// encrypted (or on this machine): no redirect carries it anywhere else, no
// unencrypted address is ever contacted, and a result link's redirects are
// each judged before they are followed.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../electron/lib/app-error';
import { startSandbox } from '../../../electron/sandbox/server/server';
import type { ServiceClient } from '../../../electron/service/client';
import { MAX_REDIRECTS } from '../../../electron/service/results/download';
import type { Resolver } from '../../../electron/service/results/link-address';
import { quickClient, listenOn, serviceFailure, type Listener } from './support';
import { TEST_CA, listenTls } from './tls';

const KEY = 'sk_test_redirects_2600';
/** TEST-NET-3: never routed, so a connection there could only hang or fail, never answer. */
const UNROUTED = 'http://203.0.113.5';
const HTTPS_MESSAGE = 'starts with http://, which is not encrypted';

let dir: string;
let list: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-redirects-'));
  list = join(dir, 'list.txt');
  await writeFile(list, Array.from({ length: 1_000 }, (_, i) => `r${i}@example.com`).join('\n'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const clientAt = (url: string): ServiceClient => quickClient(url, KEY);

/** Every name a result link asked to resolve, each answered with `address`. */
function namesTo(address: string): { resolve: Resolver; asked: string[] } {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return { resolve, asked };
}

/** A client whose result links resolve each name to `address` and trust the tests' TLS server. */
const linkClientAt = (url: string, resolve: Resolver): ServiceClient =>
  quickClient(url, KEY, { resolveLinkHost: resolve, linkCa: TEST_CA });

/** Every address fetch was asked for, from here on. */
function fetchesSeen(): string[] {
  const seen: string[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    seen.push(input instanceof Request ? input.url : String(input));
    return real(input, init);
  });
  return seen;
}

/** Answers every request (its body read first) with a redirect to `to` + the same path. */
const redirectTo =
  (status: number, to: () => string) => (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { Location: `${to()}${req.url ?? '/'}` }).end());
  };

const endpoints: { name: string; call: (c: ServiceClient) => Promise<unknown> }[] = [
  { name: 'balance', call: (c) => c.balance() },
  { name: 'check', call: (c) => c.check('email', 'someone@example.com') },
  { name: 'batch-check', call: (c) => c.batchCheck('email', ['a@example.com', 'b@example.com']) },
  { name: 'bulk submit', call: (c) => c.submitBulk('email_batch', list, 'redirect-key-1') },
  { name: 'bulk get', call: (c) => c.getBulk('task-1') },
];

describe('a redirect from the service', () => {
  let elsewhere: Listener;
  let service: Listener;
  afterEach(async () => {
    await service.stop();
    await elsewhere.stop();
  });

  it('reaches the second origin when asked directly (the test can see a leak)', async () => {
    elsewhere = await listenOn('127.0.0.2');
    service = await listenOn('127.0.0.1');
    await fetch(`${elsewhere.url}/probe`, { headers: { 'X-API-Key': 'probe' } });
    expect(elsewhere.requests.map((r) => r.headers['x-api-key'])).toEqual(['probe']);
  });

  for (const status of [301, 302, 303, 307, 308]) {
    for (const { name, call } of endpoints) {
      it(`${status} on ${name}: not followed, the key goes nowhere, nothing charged`, async () => {
        elsewhere = await listenOn('127.0.0.2');
        service = await listenOn(
          '127.0.0.1',
          redirectTo(status, () => elsewhere.url),
        );
        const err = await serviceFailure(call(clientAt(service.url)));
        expect(err.code).toBe('redirect_refused');
        expect(err.message).toContain(`on to ${new URL(elsewhere.url).host} instead of answering`);
        expect(err.message).toContain('your API key was not sent there, and nothing was charged');
        expect(err.message).not.toContain(KEY);
        expect(err.charged).toBe('no');
        expect(err.retryable).toBe(false);
        // Not a request, not even a connection, at the other origin; and not asked twice.
        expect(elsewhere.connections()).toBe(0);
        expect(elsewhere.requests).toEqual([]);
        expect(service.requests).toHaveLength(1);
      });
    }
  }

  it('says so when the redirect names no address', async () => {
    elsewhere = await listenOn('127.0.0.2');
    service = await listenOn('127.0.0.1', (_req, res) => res.writeHead(302).end());
    const err = await serviceFailure(clientAt(service.url).balance());
    expect(err.code).toBe('redirect_refused');
    expect(err.message).toContain('somewhere it did not name');
  });
});

describe('an unencrypted address', () => {
  it('is refused as the service address, before any request', () => {
    const seen = fetchesSeen();
    for (const url of [`${UNROUTED}/`, 'http://api.example.com']) {
      const err = (() => {
        try {
          clientAt(url);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'invalid_input' });
      expect((err as AppError).message).toContain(`The service address ${HTTPS_MESSAGE}`);
    }
    expect(seen).toEqual([]);
    // This machine is the exception: the sandbox and the tests.
    expect(() => clientAt('http://localhost:8787')).not.toThrow();
    expect(() => clientAt('http://127.0.0.1:8787')).not.toThrow();
    expect(() => clientAt('https://api.example.com')).not.toThrow();
  });

  it('is refused as a result link, without a connection', async () => {
    const dest = join(dir, 'never.csv');
    const started = Date.now();
    const err = await serviceFailure(
      clientAt('http://127.0.0.1:9').downloadResult(`${UNROUTED}/results/r.csv`, dest),
    );
    expect(err.message).toContain(`The result link ${HTTPS_MESSAGE}`);
    expect(err.code).toBe('link_refused');
    expect(err.charged).toBe('no');
    expect(err.retryable).toBe(false);
    // A connection to TEST-NET would hang until a timeout; this never tried.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await readdir(dir)).filter((f) => f.startsWith('never.csv'))).toEqual([]);
  });

  it('is refused as a result link by name before the name is even looked up', async () => {
    const local = await listenOn('127.0.0.1');
    const names = namesTo('127.0.0.1');
    try {
      const port = new URL(local.url).port;
      const err = await serviceFailure(
        linkClientAt('http://127.0.0.1:9', names.resolve).downloadResult(
          `http://files.example.test:${port}/r.csv`,
          join(dir, 'named.csv'),
        ),
      );
      expect(err.message).toContain(`The result link ${HTTPS_MESSAGE}`);
      expect(names.asked).toEqual([]);
      expect(local.connections()).toBe(0);
    } finally {
      await local.stop();
    }
  });

  it('is refused when a service elsewhere hands out a link onto this machine', async () => {
    const local = await listenOn('127.0.0.1');
    try {
      const err = await serviceFailure(
        clientAt('https://api.example.invalid').downloadResult(
          `${local.url}/admin/export.csv`,
          join(dir, 'local.csv'),
        ),
      );
      expect(err.message).toContain('points at this computer');
      expect(err.retryable).toBe(false);
      expect(local.connections()).toBe(0);
    } finally {
      await local.stop();
    }
  });

  it('is refused as the result link a task answers with, and not asked for again', async () => {
    const task = {
      id: 'task-plain',
      product: 'email_batch',
      status: 'success',
      total: 1_000,
      created_at: '2024-01-01T00:00:00Z',
      success_cnt: 1_000,
      failure_cnt: 0,
      result_url: `${UNROUTED}/results/task-plain.csv`,
    };
    const service = await listenOn('127.0.0.1', (_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ code: 0, msg: 'ok', data: task })),
    );
    try {
      const started = Date.now();
      const err = await serviceFailure(
        clientAt(service.url).fetchResult('task-plain', join(dir, 'plain.csv'), { rows: 1_000 }),
      );
      expect(err.message).toContain(`The result link ${HTTPS_MESSAGE}`);
      expect(err.message).toContain('charged the bulk task for the addresses it checked');
      expect(service.requests).toHaveLength(1);
      // TEST-NET was never dialled: that would hang until a timeout.
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await service.stop();
    }
  });
});

describe('a result link that redirects', () => {
  it('is followed from this machine to this machine, with no key on any hop', async () => {
    const sandbox = await startSandbox({
      accounts: [{ key: KEY, balanceMicros: 50_000_000 }],
      config: { bulkAddressesPerSecond: 1_000_000, resultNotReadyMs: 10 },
    });
    let target = '';
    const hop = await listenOn('127.0.0.2', (_req, res) =>
      res.writeHead(302, { Location: target }).end(),
    );
    try {
      const client = clientAt(sandbox.url);
      const task = await client.submitBulk('email_batch', list, 'redirect-hop-1');
      const done = await client.waitForBulk(task.id);
      target = done.resultUrl ?? '';
      const dest = join(dir, 'hopped.csv');
      const got = await client.downloadResult(`${hop.url}/r.csv`, dest, { rows: 1_000 });
      expect(got.format).toBe('csv');
      const rows = (await readFile(dest, 'utf8')).trimEnd().split('\n');
      expect(rows).toHaveLength((done.successCnt ?? 0) + 1);
      expect(hop.requests.map((r) => r.headers['x-api-key'])).toEqual([undefined]);
      const downloads = sandbox.requests.filter((r) => r.path.startsWith('/api/v1/bulk-results/'));
      expect(downloads).toHaveLength(1);
      expect(downloads[0]?.account ?? null).toBeNull();
    } finally {
      await hop.stop();
      await sandbox.stop();
    }
  });

  it('is not followed to an unencrypted address, which is never contacted', async () => {
    const hop = await listenOn('127.0.0.1', (_req, res) =>
      res.writeHead(307, { Location: `${UNROUTED}/r.csv` }).end(),
    );
    try {
      const started = Date.now();
      const err = await serviceFailure(
        clientAt('http://127.0.0.1:9').downloadResult(`${hop.url}/r.csv`, join(dir, 'x.csv')),
      );
      expect(err.code).toBe('redirect_refused');
      expect(err.message).toContain(
        'The result link was redirected to 203.0.113.5, which is not https://',
      );
      expect(err.message).toContain('charged the bulk task for the addresses it checked');
      expect(hop.requests.map((r) => r.url)).toEqual(['/r.csv']);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await hop.stop();
    }
  });

  it('is followed to https, asking without the key', async () => {
    const files = await listenTls((_req, res) =>
      res.writeHead(200).end('identifier,activated\na@example.com,true\n'),
    );
    const hop = await listenOn('127.0.0.1', (_req, res) =>
      res.writeHead(302, { Location: `https://localhost:${files.port}/r.csv` }).end(),
    );
    try {
      const dest = join(dir, 'https.csv');
      const names = namesTo('127.0.0.1');
      await linkClientAt('http://127.0.0.1:9', names.resolve).downloadResult(
        `${hop.url}/r.csv`,
        dest,
      );
      expect(await readFile(dest, 'utf8')).toBe('identifier,activated\na@example.com,true\n');
      expect(names.asked).toEqual(['localhost']);
      expect(hop.requests.map((r) => r.url)).toEqual(['/r.csv']);
      expect(files.requests.map((r) => r.url)).toEqual(['/r.csv']);
      for (const { headers } of [...hop.requests, ...files.requests]) {
        expect(headers['x-api-key']).toBeUndefined();
      }
    } finally {
      await hop.stop();
      await files.stop();
    }
  });

  it('is not followed to a name that leads onto this machine', async () => {
    const local = await listenOn('127.0.0.1');
    const port = new URL(local.url).port;
    const files = await listenTls((_req, res) =>
      res.writeHead(302, { Location: `https://files.example.test:${port}/admin` }).end(),
    );
    try {
      // A service here may link here plainly; a name is not plain, whatever it resolves to.
      const err = await serviceFailure(
        linkClientAt('http://127.0.0.1:9', namesTo('127.0.0.1').resolve).downloadResult(
          `https://localhost:${files.port}/r.csv`,
          join(dir, 'inward.csv'),
        ),
      );
      expect(err.code).toBe('redirect_refused');
      expect(err.message).toContain(
        `The result link was redirected from localhost:${files.port} to files.example.test:${port}, which leads to 127.0.0.1: this computer, not the internet.`,
      );
      expect(files.requests).toHaveLength(1);
      expect(local.connections()).toBe(0);
    } finally {
      await files.stop();
      await local.stop();
    }
  });

  it(`gives up after ${MAX_REDIRECTS} hops`, async () => {
    const loop: Listener = await listenOn('127.0.0.1', (req, res) =>
      res.writeHead(302, { Location: `${loop.url}${req.url ?? '/'}x` }).end(),
    );
    try {
      const err = await serviceFailure(
        clientAt('http://127.0.0.1:9').downloadResult(`${loop.url}/r`, join(dir, 'loop.csv')),
      );
      expect(err.code).toBe('redirect_refused');
      expect(err.message).toContain(`redirected more than ${MAX_REDIRECTS} times`);
      expect(loop.requests).toHaveLength(MAX_REDIRECTS + 1);
    } finally {
      await loop.stop();
    }
  });
});
