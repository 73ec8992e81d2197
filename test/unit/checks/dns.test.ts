// Which domains can receive mail, against a DNS server on loopback (never the
// internet): the answers and their verdicts, the canary that keeps a resolver
// denying everything from turning a list into "no mail server", failures as
// "can't tell", the deadline, the bound on queries in flight, one question per
// domain, and the day cache in memory and on disk.
import { createSocket } from 'node:dgram';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { DNS_CACHE_FILE } from '../../../electron/checks/dns-cache';
import {
  createMailDomainCheck,
  mailDomainKey,
  type MailDomainCheck,
  type MailDomainCheckOptions,
} from '../../../electron/checks/dns';
import { RCODE, startDnsServer, type TestDnsServer, type ZoneEntry } from './dns-server';

const HOUR = 60 * 60 * 1000;

const ZONE: Record<string, ZoneEntry> = {
  'canary.test': { mx: ['mx.canary.test'] },
  'mx.test': { mx: ['mx1.mx.test', 'mx2.mx.test'] },
  'null-mx.test': { mx: ['.'] },
  'a-only.test': { a: ['192.0.2.1'] },
  'aaaa-only.test': { aaaa: ['2001:db8::1'] },
  'empty.test': {},
  'servfail.test': { rcode: RCODE.SERVFAIL },
  'refused.test': { rcode: RCODE.REFUSED },
  'silent.test': { drop: true },
};

const servers: TestDnsServer[] = [];
const checkers: MailDomainCheck[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(checkers.splice(0).map((checker) => checker.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function serve(zone: Record<string, ZoneEntry> = { ...ZONE }): Promise<TestDnsServer> {
  const server = await startDnsServer(zone);
  servers.push(server);
  return server;
}

function checkerOf(server: TestDnsServer, options: MailDomainCheckOptions = {}): MailDomainCheck {
  const checker = createMailDomainCheck({
    servers: [server.address],
    canaryDomains: ['canary.test'],
    timeoutMs: 500,
    tries: 1,
    deadlineMs: 10_000,
    ...options,
  });
  checkers.push(checker);
  return checker;
}

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-dns-'));
  dirs.push(dir);
  return dir;
}

const asObject = (verdicts: Map<string, string>) => Object.fromEntries(verdicts);

describe('the verdict of each answer', () => {
  it('an MX record is mail; a null MX (RFC 7505) is no mail', async () => {
    const checker = checkerOf(await serve());
    expect(asObject(await checker.check(['mx.test', 'null-mx.test']))).toEqual({
      'mx.test': 'mail',
      'null-mx.test': 'no-mail',
    });
  });

  it('without MX, an A or an AAAA record is mail (RFC 5321 §5.1); none at all is no mail', async () => {
    const server = await serve();
    const checker = checkerOf(server);
    expect(asObject(await checker.check(['a-only.test', 'aaaa-only.test', 'empty.test']))).toEqual({
      'a-only.test': 'mail',
      'aaaa-only.test': 'mail',
      'empty.test': 'no-mail',
    });
    expect(server.asked.filter((line) => line.startsWith('empty.test'))).toEqual([
      'empty.test MX',
      'empty.test A',
      'empty.test AAAA',
    ]);
    expect(server.count('a-only.test', 'AAAA')).toBe(0);
  });

  it('a domain that does not exist is no mail when the canary resolves', async () => {
    const checker = checkerOf(await serve());
    expect(asObject(await checker.check(['nowhere.test']))).toEqual({ 'nowhere.test': 'no-mail' });
  });

  it('a resolver that denies everything, the canary too, makes every answer unknown', async () => {
    const zone = { ...ZONE };
    delete zone['canary.test'];
    const server = await serve(zone);
    let clock = Date.parse('2025-03-01T10:00:00Z');
    const checker = checkerOf(server, { now: () => clock });
    const domains = ['nowhere.test', 'empty.test', 'mx.test'];
    const unknown = { 'nowhere.test': 'unknown', 'empty.test': 'unknown', 'mx.test': 'unknown' };
    expect(asObject(await checker.check(domains))).toEqual(unknown);

    // Its verdict holds a few minutes: the next list asks nothing of a resolver not believed.
    const asked = server.asked.length;
    expect(asObject(await checker.check(domains))).toEqual(unknown);
    expect(server.asked.length).toBe(asked);

    // Once the resolver knows the canary again, and its verdict is stale, answers are believed.
    server.zone = { ...ZONE };
    clock += HOUR;
    expect(asObject(await checker.check(domains))).toEqual({
      'nowhere.test': 'no-mail',
      'empty.test': 'no-mail',
      'mx.test': 'mail',
    });
  });

  it('SERVFAIL and REFUSED are unknown, never no mail, and are asked again next time', async () => {
    const server = await serve();
    const checker = checkerOf(server);
    const domains = ['servfail.test', 'refused.test'];
    const unknown = { 'servfail.test': 'unknown', 'refused.test': 'unknown' };
    expect(asObject(await checker.check(domains))).toEqual(unknown);
    expect(asObject(await checker.check(domains))).toEqual(unknown);
    expect(server.count('servfail.test', 'MX')).toBe(2);
    expect(server.count('refused.test', 'MX')).toBe(2);
  });

  it('no server listening (ECONNREFUSED) makes everything unknown', async () => {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    const checker = createMailDomainCheck({
      servers: [`127.0.0.1:${port}`],
      canaryDomains: ['canary.test'],
      timeoutMs: 300,
      tries: 1,
    });
    checkers.push(checker);
    expect(asObject(await checker.check(['mx.test', 'nowhere.test']))).toEqual({
      'mx.test': 'unknown',
      'nowhere.test': 'unknown',
    });
  });

  it('a name that is not a domain is unknown and never asked', async () => {
    const server = await serve();
    const checker = checkerOf(server);
    const odd = ['', 'not a domain', '-bad.test', 'a..test', '192.0.2.1', `${'x'.repeat(64)}.test`];
    const verdicts = await checker.check(odd);
    expect([...verdicts.values()]).toEqual(odd.map(() => 'unknown'));
    expect(server.asked).toEqual([]);
    expect(mailDomainKey(' Bücher.Example. ')).toBe('xn--bcher-kva.example');
  });
});

describe('time', () => {
  it('a server that never answers times out as unknown', async () => {
    const checker = checkerOf(await serve(), { timeoutMs: 200, tries: 1 });
    expect(asObject(await checker.check(['silent.test', 'mx.test']))).toEqual({
      'silent.test': 'unknown',
      'mx.test': 'mail',
    });
  });

  it('check returns by its deadline with what has arrived, and its look-ups can be aborted', async () => {
    const server = await serve();
    const checker = checkerOf(server, { timeoutMs: 60_000, tries: 1 });
    const stop = new AbortController();
    const deadlineMs = 1500;
    const started = performance.now();
    const verdicts = await checker.check(['silent.test', 'mx.test'], {
      deadlineMs,
      signal: stop.signal,
    });
    expect(performance.now() - started).toBeLessThan(deadlineMs + 3000);
    expect(asObject(verdicts)).toEqual({ 'silent.test': 'unknown', 'mx.test': 'mail' });

    // The silent query would wait a minute; the abort ends it now, and nothing unknown is kept.
    stop.abort();
    await checker.settled();
    server.zone = { ...ZONE, 'silent.test': { mx: ['mx.silent.test'] } };
    expect(asObject(await checker.check(['silent.test']))).toEqual({ 'silent.test': 'mail' });
  });

  it('an aborted call returns at once', async () => {
    const checker = checkerOf(await serve(), { timeoutMs: 60_000, deadlineMs: 60_000 });
    const stop = new AbortController();
    const pending = checker.check(['silent.test'], { signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    expect(asObject(await pending)).toEqual({ 'silent.test': 'unknown' });
    await checker.settled();
  });
});

describe('the load on the DNS', () => {
  it('holds no more queries in flight than its concurrency', async () => {
    const zone: Record<string, ZoneEntry> = { ...ZONE };
    const domains = Array.from({ length: 40 }, (_, i) => `d${i}.test`);
    for (const domain of domains) zone[domain] = { mx: [`mx.${domain}`] };
    const server = await serve(zone);
    server.delayMs = 20;
    const checker = checkerOf(server, { concurrency: 4 });
    const verdicts = await checker.check(domains);
    expect([...verdicts.values()].every((verdict) => verdict === 'mail')).toBe(true);
    expect(server.maxInFlight).toBeLessThanOrEqual(4);
    expect(server.maxInFlight).toBeGreaterThan(1);
    expect(server.count('d0.test', 'MX') + server.count('d39.test', 'MX')).toBe(2);
  });

  it('asks once per unique domain, however it is written, and shares a look-up between calls', async () => {
    const server = await serve();
    server.delayMs = 30;
    const checker = checkerOf(server);
    const written = ['mx.test', 'MX.Test', 'mx.test.', ' mx.test ', 'canary.test', 'nowhere.test'];
    const [first, second] = await Promise.all([
      checker.check(written),
      checker.check(['mx.test', 'nowhere.test']),
    ]);
    expect([...first.keys()]).toEqual(written);
    expect([...first.values()]).toEqual(['mail', 'mail', 'mail', 'mail', 'mail', 'no-mail']);
    expect(asObject(second)).toEqual({ 'mx.test': 'mail', 'nowhere.test': 'no-mail' });
    expect(server.count('mx.test')).toBe(1);
    expect(server.count('nowhere.test')).toBe(1);
    expect(server.count('canary.test')).toBe(1);
  });
});

describe('the day cache', () => {
  it('keeps a verdict for a day by the clock it is given', async () => {
    const server = await serve();
    let clock = Date.parse('2025-03-01T10:00:00Z');
    const checker = checkerOf(server, { now: () => clock });
    const domains = ['mx.test', 'nowhere.test', 'empty.test'];
    const expected = { 'mx.test': 'mail', 'nowhere.test': 'no-mail', 'empty.test': 'no-mail' };
    expect(asObject(await checker.check(domains))).toEqual(expected);
    const asked = server.asked.length;

    clock += 23 * HOUR;
    expect(asObject(await checker.check(domains))).toEqual(expected);
    expect(server.asked.length).toBe(asked);

    clock += 2 * HOUR;
    expect(asObject(await checker.check(domains))).toEqual(expected);
    expect(server.count('mx.test', 'MX')).toBe(2);
    expect(server.count('nowhere.test', 'MX')).toBe(2);
  });

  it('is kept in the data folder: a second checker asks nothing the first one learned', async () => {
    const server = await serve();
    const dir = await dataDir();
    const domains = ['mx.test', 'null-mx.test', 'a-only.test', 'nowhere.test', 'servfail.test'];
    const expected = {
      'mx.test': 'mail',
      'null-mx.test': 'no-mail',
      'a-only.test': 'mail',
      'nowhere.test': 'no-mail',
      'servfail.test': 'unknown',
    };
    const first = checkerOf(server, { dataDir: dir });
    expect(asObject(await first.check(domains))).toEqual(expected);
    await first.close();

    const asked = server.asked.length;
    const second = checkerOf(server, { dataDir: dir });
    expect(asObject(await second.check(domains.slice(0, 4)))).toEqual(
      Object.fromEntries(Object.entries(expected).slice(0, 4)),
    );
    expect(server.asked.length).toBe(asked);
    // Can't tell is never kept: it is asked again.
    expect(asObject(await second.check(['servfail.test']))).toEqual({ 'servfail.test': 'unknown' });
    expect(server.count('servfail.test', 'MX')).toBe(2);
  });

  it.each([
    ['damaged', '{"version":1,"entries":{"mx.test":{"verdi'],
    ['not a cache', '{"version":1,"entries":{"mx.test":{"verdict":"maybe","at":1}}}'],
    ['stale', `{"version":1,"entries":{"mx.test":{"verdict":"no-mail","at":1}}}`],
  ])('ignores a %s cache file, asks again and writes a good one', async (_kind, text) => {
    const server = await serve();
    const dir = await dataDir();
    const file = join(dir, DNS_CACHE_FILE);
    await writeFile(file, text);
    const checker = checkerOf(server, { dataDir: dir });
    expect(asObject(await checker.check(['mx.test']))).toEqual({ 'mx.test': 'mail' });
    await checker.close();
    expect(server.count('mx.test', 'MX')).toBe(1);
    const saved: unknown = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toMatchObject({ version: 1, entries: { 'mx.test': { verdict: 'mail' } } });
  });
});
