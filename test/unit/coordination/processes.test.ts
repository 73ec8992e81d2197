// Several List Cleaners on one account at once, as a team runs them: three
// `list-cleaner clean` processes with overlapping lists against the sandbox,
// sharing one data folder (one machine, no team store) or each with its own
// and one team store (three machines). The sandbox's ledger shows every
// address charged once, and its request log never more than five checks in
// flight nor two multi checks at once, across all three; none was refused
// with 42901. A process killed while it holds slots and claims holds up the
// others no longer than its leases.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../../electron/coordination/holder';
import type { RequestLogEntry } from '../../../electron/sandbox/server/request-log';
import { API, setup, startCli, type Bench } from '../jobs/support';
import { startPgServer, type PgServer } from '../team/pg-server';

const PRICE = 1_000;

/** Addresses the sandbox always determines: numbered, half deliverable, half not. */
const address = (i: number) =>
  i % 2 === 0 ? `deliverable+${i}@gmail.com` : `undeliverable+${i}@example.com`;

async function listOf(b: Bench, name: string, from: number, to: number): Promise<string> {
  const path = join(b.dir, name);
  const lines = [];
  for (let i = from; i < to; i++) lines.push(address(i));
  await writeFile(path, `email\n${lines.join('\n')}\n`);
  return path;
}

/** The most requests to `paths` the sandbox had in flight at one moment. */
function mostInFlight(requests: readonly RequestLogEntry[], paths: readonly string[]): number {
  const edges: [number, number][] = [];
  for (const r of requests) {
    if (!paths.includes(r.path)) continue;
    edges.push([r.at, 1], [r.endedAt ?? Number.MAX_SAFE_INTEGER, -1]);
  }
  // An answer that ended as another arrived, in the same millisecond, was out first.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let most = 0;
  for (const [, step] of edges) {
    now += step;
    most = Math.max(most, now);
  }
  return most;
}

type Summary = {
  paid: number;
  reused: number;
  unique: number;
  deliverable: number;
  undeliverable: number;
};

async function cleanAll(runs: { file: string; env: Record<string, string> }[]): Promise<Summary[]> {
  const started = runs.map(({ file, env }) => startCli(['clean', file, '--json'], env));
  return Promise.all(
    started.map(async (run) => {
      const { code } = await run.exited;
      expect(code, run.stderr()).toBe(0);
      return JSON.parse(run.stdout()) as Summary;
    }),
  );
}

function expectSharedLimits(b: Bench): void {
  const requests = b.sandbox.requests;
  expect(requests.filter((r) => r.code === 42901)).toEqual([]);
  expect(mostInFlight(requests, [API.single, API.multi])).toBeLessThanOrEqual(5);
  expect(mostInFlight(requests, [API.multi])).toBe(1);
}

/** Each address of the three lists (0–1500) charged once, whichever process paid. */
function expectEachChargedOnce(b: Bench, summaries: Summary[]): void {
  for (const s of summaries) {
    expect(s.unique).toBe(900);
    expect(s.deliverable + s.undeliverable).toBe(900);
  }
  expect(summaries.reduce((n, s) => n + s.paid, 0)).toBe(1_500);
  expect(b.sandbox.ledger.spent(b.key)).toBe(1_500 * PRICE);
}

const slow = { config: { checkLatencyMs: 40 }, checkLedger: false } as const;

describe('three processes on one key', () => {
  let pg: PgServer;
  beforeAll(async () => {
    pg = await startPgServer();
    await pg.createUser('team', 'team-pw', 'team');
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  }, 30_000);

  it('on one machine (one data folder, no team store): each address paid once, the limits shared', async () => {
    const b = await setup(slow);
    const env = { ...b.env(), LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9' };
    const summaries = await cleanAll([
      { file: await listOf(b, 'a.csv', 0, 900), env },
      { file: await listOf(b, 'b.csv', 300, 1_200), env },
      { file: await listOf(b, 'c.csv', 600, 1_500), env },
    ]);
    expectEachChargedOnce(b, summaries);
    expectSharedLimits(b);
  }, 120_000);

  it('on three machines (a data folder each, one team store): each address paid once, the limits shared', async () => {
    const b = await setup(slow);
    const team = {
      LIST_CLEANER_TEAM_URL: pg.url('team', 'team'),
      LIST_CLEANER_TEAM_PASSWORD: 'team-pw',
      LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9',
    };
    const machine = (n: number) => ({
      ...b.env(),
      ...team,
      LIST_CLEANER_DATA_DIR: join(b.dir, `machine-${n}`),
    });
    const summaries = await cleanAll([
      { file: await listOf(b, 'a.csv', 0, 900), env: machine(1) },
      { file: await listOf(b, 'b.csv', 300, 1_200), env: machine(2) },
      { file: await listOf(b, 'c.csv', 600, 1_500), env: machine(3) },
    ]);
    expectEachChargedOnce(b, summaries);
    expectSharedLimits(b);
  }, 120_000);

  it.each(['team store', 'data folder'] as const)(
    'a process killed while it holds slots and claims (%s) holds the others up no longer than its leases',
    async (place) => {
      const b = await setup({ config: { checkLatencyMs: 300 }, checkLedger: false });
      const env = (n: number) => ({
        ...b.env(),
        LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9',
        ...(place === 'team store'
          ? {
              LIST_CLEANER_TEAM_URL: pg.url('team', 'team'),
              LIST_CLEANER_TEAM_PASSWORD: 'team-pw',
              LIST_CLEANER_DATA_DIR: join(b.dir, `machine-${n}`),
            }
          : {}),
      });
      const first = await listOf(b, 'a.csv', 0, 900);
      const killed = startCli(['clean', first, '--json'], env(1));
      // Killed in the middle of a multi check: its slots (the multi one too) and claims are held.
      while (!b.sandbox.requests.some((r) => r.path === API.multi && r.endedAt === null)) {
        await sleep(10);
      }
      killed.child.kill('SIGKILL');
      await killed.exited;
      const killedAt = Date.now();
      const summaries = await cleanAll([
        { file: first, env: env(2) },
        { file: await listOf(b, 'b.csv', 300, 1_200), env: env(3) },
      ]);
      for (const s of summaries) expect(s.deliverable + s.undeliverable).toBe(900);
      const nextMulti = b.sandbox.requests.find((r) => r.path === API.multi && r.at > killedAt);
      expect(nextMulti).toBeDefined();
      // The lease is the bound; a process that is gone from this machine frees them at once.
      expect((nextMulti?.at ?? Infinity) - killedAt).toBeLessThan(LEASE_MS + 5_000);
      expectSharedLimits(b);
    },
    120_000,
  );

  it('a long list does not starve a short one started after it', async () => {
    const b = await setup({ config: { checkLatencyMs: 250 }, checkLedger: false });
    const env = { ...b.env(), LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9' };
    const long = startCli(['clean', await listOf(b, 'long.csv', 0, 999), '--json'], env);
    while (!b.sandbox.requests.some((r) => r.path === API.multi)) await sleep(10);
    const short = startCli(['clean', await listOf(b, 'short.csv', 5_000, 5_050), '--json'], env);
    const order: string[] = [];
    await Promise.all([
      long.exited.then(() => order.push('long')),
      short.exited.then(() => order.push('short')),
    ]);
    expect(order).toEqual(['short', 'long']);
    expectSharedLimits(b);
  }, 120_000);
});
