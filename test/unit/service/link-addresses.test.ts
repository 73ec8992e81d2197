// A result link reaches only the internet, judged by the address it would
// connect to, not by how it is written: no 0.0.0.0 or [::], no IPv4 written
// inside IPv6, no name that resolves to this computer or a private network,
// on the link itself or on any hop it is redirected on. The door, if it
// opened, would show here: the tests' TLS server on 127.0.0.1 is trusted by
// these clients, so a link that reached it would download, and it counts
// every connection.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import type { LookupAddress } from 'node:dns';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../electron/sandbox/server/server';
import type { ServiceClient } from '../../../electron/service/client';
import { resultByteCap } from '../../../electron/service/results/download';
import type { Resolver } from '../../../electron/service/results/link-address';
import { listenOn, quickClient, serviceFailure } from './support';
import { TEST_CA, listenTls } from './tls';

const KEY = 'sk_test_link_addresses_4040';
const ELSEWHERE = 'https://api.example.invalid';
const HERE = 'http://127.0.0.1:9';
const PRIVATE = 'an address on a private network (an office or home network)';
const LINK_LOCAL = 'a link-local address, reachable only from the local network';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-link-addresses-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A resolver answering each name from `table`, recording every name asked. */
function resolverOf(table: Record<string, string>): { resolve: Resolver; asked: string[] } {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    const address = table[hostname];
    if (address === undefined)
      throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 } satisfies LookupAddress];
  };
  return { resolve, asked };
}

/**
 * A client of a service at `service` whose links resolve by `resolve` and
 * trust the tests' TLS server; a download that got through to an address
 * that does not answer would time out in 2 s, not pass.
 */
const clientOf = (service: string, resolve: Resolver): ServiceClient =>
  quickClient(service, KEY, { resolveLinkHost: resolve, linkCa: TEST_CA, uploadTimeoutMs: 2_000 });

describe('a result link from a service elsewhere', () => {
  const literals = [
    { host: '0.0.0.0', words: 'an address that stands for this computer' },
    { host: '[::]', words: 'an address that stands for this computer' },
    // ::127.0.0.1, IPv4-compatible: the WHATWG parser writes it so.
    { host: '[::7f00:1]', words: 'this computer' },
    { host: '[::ffff:10.0.0.5]', words: 'an address on a private network' },
    { host: '169.254.169.254', words: 'a link-local address' },
  ];
  for (const { host, words } of literals) {
    it(`to ${host} is refused without a connection`, async () => {
      const files = await listenTls();
      const names = resolverOf({});
      try {
        const link = `https://${host}:${files.port}/r.csv`;
        const dest = join(dir, 'literal.csv');
        const err = await serviceFailure(
          clientOf(ELSEWHERE, names.resolve).downloadResult(link, dest),
        );
        expect(err.code).toBe('link_refused');
        expect(err.message).toContain(
          `The result link from api.example.invalid points at ${new URL(link).host}: ${words}`,
        );
        expect(files.connections()).toBe(0);
        expect(names.asked).toEqual([]);
        expect((await readdir(dir)).filter((f) => f.startsWith('literal.csv'))).toEqual([]);
      } finally {
        await files.stop();
      }
    });
  }

  it('to [::ffff:127.0.0.1] is refused, as onto this computer, without a connection', async () => {
    const files = await listenTls();
    try {
      const err = await serviceFailure(
        clientOf(ELSEWHERE, resolverOf({}).resolve).downloadResult(
          `https://[::ffff:127.0.0.1]:${files.port}/r.csv`,
          join(dir, 'mapped.csv'),
        ),
      );
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('points at this computer');
      expect(files.connections()).toBe(0);
    } finally {
      await files.stop();
    }
  });

  const names = [
    { address: '127.0.0.1', words: 'this computer' },
    { address: '10.0.0.5', words: PRIVATE },
    { address: '192.168.1.1', words: PRIVATE },
    { address: '169.254.169.254', words: LINK_LOCAL },
    { address: '100.64.0.1', words: 'an address inside an internet provider’s own network' },
    { address: 'fd00::1', words: PRIVATE },
    { address: '::ffff:127.0.0.1', words: 'this computer' },
  ];
  for (const { address, words } of names) {
    it(`to a name that resolves to ${address} is refused before it connects`, async () => {
      const files = await listenTls();
      const dns = resolverOf({ 'evil.test': address });
      try {
        const err = await serviceFailure(
          clientOf(ELSEWHERE, dns.resolve).downloadResult(
            `https://evil.test:${files.port}/r.csv`,
            join(dir, 'named.csv'),
          ),
        );
        expect(err.code).toBe('link_refused');
        expect(err.message).toBe(
          `The result link from api.example.invalid points at evil.test:${files.port}, which leads to ${address}: ${words}, not the internet. List Cleaner did not connect to it, so the link could not reach anything on your computer or your network. Nothing was charged for the download. The service charged the bulk task for the addresses it checked and keeps its results for a while, and the job keeps the task: try again later (Try again), and if the link still points there, contact your provider's support about it.`,
        );
        expect(err).toMatchObject({ retryable: false, charged: 'no' });
        // Asked once: a refusal is not tried again.
        expect(dns.asked).toEqual(['evil.test']);
        expect(files.connections()).toBe(0);
      } finally {
        await files.stop();
      }
    });
  }

  it('is refused when any one of the addresses a name resolves to is private', async () => {
    const files = await listenTls();
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    try {
      const err = await serviceFailure(
        clientOf(ELSEWHERE, resolve).downloadResult(
          `https://evil.test:${files.port}/r.csv`,
          join(dir, 'mixed.csv'),
        ),
      );
      expect(err.code).toBe('link_refused');
      expect(err.message).toContain('which leads to 127.0.0.1: this computer');
      expect(files.connections()).toBe(0);
    } finally {
      await files.stop();
    }
  });
});

describe('a result link from a service on this computer (the sandbox)', () => {
  it('downloads its own plain link, the normal path', async () => {
    const sandbox = await startSandbox({
      accounts: [{ key: KEY, balanceMicros: 50_000_000 }],
      config: { bulkAddressesPerSecond: 1_000_000, resultNotReadyMs: 10 },
    });
    const dns = resolverOf({});
    try {
      const list = join(dir, 'list.txt');
      await writeFile(
        list,
        Array.from({ length: 1_000 }, (_, i) => `s${i}@example.com`).join('\n'),
      );
      const client = clientOf(sandbox.url, dns.resolve);
      const task = await client.submitBulk('email_batch', list, 'link-addresses-1');
      const done = await client.waitForBulk(task.id);
      const dest = join(dir, 'sandbox.csv');
      const got = await client.downloadResult(done.resultUrl ?? '', dest, { rows: 1_000 });
      expect(got.format).toBe('csv');
      const rows = (await readFile(dest, 'utf8')).trimEnd().split('\n');
      expect(rows).toHaveLength((done.successCnt ?? 0) + 1);
      // 127.0.0.1 written plainly: nothing to look up.
      expect(dns.asked).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });

  it('may not link to a private network, nor by a name onto this computer', async () => {
    const files = await listenTls();
    const dns = resolverOf({ 'files.example.test': '127.0.0.1' });
    try {
      const client = clientOf(HERE, dns.resolve);
      const privateLink = await serviceFailure(
        client.downloadResult('https://10.0.0.5/r.csv', join(dir, 'private.csv')),
      );
      expect(privateLink.message).toContain('points at 10.0.0.5: an address on a private network');
      const named = await serviceFailure(
        client.downloadResult(
          `https://files.example.test:${files.port}/r.csv`,
          join(dir, 'rebound.csv'),
        ),
      );
      expect(named.message).toContain('which leads to 127.0.0.1: this computer');
      expect(files.connections()).toBe(0);
    } finally {
      await files.stop();
    }
  });

  it('is not followed on a redirect to a name that resolves to a private address', async () => {
    for (const address of ['10.0.0.5', '169.254.169.254']) {
      const inner = await listenOn('127.0.0.1');
      const port = new URL(inner.url).port;
      const files = await listenTls((_req, res) =>
        res.writeHead(302, { Location: `https://evil.test:${port}/latest/meta-data` }).end(),
      );
      const dns = resolverOf({ localhost: '127.0.0.1', 'evil.test': address });
      try {
        const err = await serviceFailure(
          clientOf(HERE, dns.resolve).downloadResult(
            `https://localhost:${files.port}/r.csv`,
            join(dir, 'hop.csv'),
          ),
        );
        expect(err.code).toBe('redirect_refused');
        expect(err.message).toContain(
          `The result link was redirected from localhost:${files.port} to evil.test:${port}, which leads to ${address}:`,
        );
        expect(err.message).toContain('Nothing was charged for the download.');
        expect(err.retryable).toBe(false);
        expect(files.requests).toHaveLength(1);
        expect(dns.asked).toEqual(['localhost', 'evil.test']);
        expect(inner.connections()).toBe(0);
      } finally {
        await files.stop();
        await inner.stop();
      }
    }
  });

  it('undoes gzip, and counts what it unpacks to against the ceiling', async () => {
    const csv = 'identifier,activated\na@example.com,true\n';
    const bomb = gzipSync(Buffer.alloc(resultByteCap(1) * 4, 0x61));
    const files = await listenTls((req, res) =>
      res
        .writeHead(200, { 'Content-Encoding': 'gzip' })
        .end(req.url === '/small.csv' ? gzipSync(csv) : bomb),
    );
    try {
      const client = clientOf(HERE, resolverOf({ localhost: '127.0.0.1' }).resolve);
      const dest = join(dir, 'gzip.csv');
      await client.downloadResult(`https://localhost:${files.port}/small.csv`, dest);
      expect(await readFile(dest, 'utf8')).toBe(csv);
      expect(files.requests[0]?.headers['accept-encoding']).toContain('gzip');
      const err = await serviceFailure(
        client.downloadResult(`https://localhost:${files.port}/bomb.csv`, join(dir, 'bomb.csv'), {
          rows: 1,
        }),
      );
      expect(err.code).toBe('result_too_large');
      expect(bomb.length).toBeLessThan(resultByteCap(1));
    } finally {
      await files.stop();
    }
  });
});
