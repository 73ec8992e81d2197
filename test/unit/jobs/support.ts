// Helpers for the jobs suites: a sandbox and a data folder per test, the jobs
// core or the real `list-cleaner` command against it over real HTTP, and the
// check every test ends with: the sandbox's ledger charged exactly the
// addresses that got a determined outcome, at the unit price.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, onTestFinished } from 'vitest';
import type { JobView } from '../../../electron/ipc/contract';
import type { Disk } from '../../../electron/jobs/storage/disk';
import { openJobs, type Jobs, type JobsOptions } from '../../../electron/jobs/jobs';
import type { RetryPolicy } from '../../../electron/service/retry';
import { jobRecord, type JobRecord } from '../../../electron/jobs/storage/record';
import type { SandboxConfig } from '../../../electron/sandbox/config';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { createServiceClient, type ServiceClient } from '../../../electron/service/client';
import { createLimiter } from '../../../electron/service/limiter';
import { AppError } from '../../../electron/lib/app-error';
import { sandboxProviderDomains } from '../../../electron/common/catalogs/providers';

export const BIN = fileURLToPath(new URL('../../../bin/list-cleaner.mjs', import.meta.url));

/** Bulk tasks finish at once and their links are ready at once, unless a test says otherwise. */
export const QUICK: Partial<SandboxConfig> = {
  bulkAddressesPerSecond: 10_000_000,
  resultNotReadyMs: 20,
};

export const API = {
  balance: '/api/v1/balance',
  single: '/api/v1/check',
  multi: '/api/v1/batch-check',
  submit: '/api/v1/bulk-tasks',
} as const;

export interface Bench {
  sandbox: Sandbox;
  key: string;
  /** A temporary folder for lists and exports; the data folder is inside it. */
  dir: string;
  dataDir: string;
  /** Micros charged outside any job (single checks from `list-cleaner check`). */
  chargedOutsideJobs: number;
  /** A fresh client with its own limiter (the process-wide one is per key anyway). */
  client(): ServiceClient;
  /**
   * The jobs core in this process, opened once per test on the data folder.
   * It knows the sandbox's providers' domains, as the demo does, unless
   * `knownProviders` is false: then only what answers taught it. Its prices
   * are learned from charges, unless `knownPrices` gives them, as the demo's are.
   */
  jobs(
    options?: Partial<Omit<JobsOptions, 'dataDir' | 'client' | 'knownProviders'>> & {
      knownProviders?: false;
    },
  ): Promise<Jobs>;
  /** The environment for `list-cleaner` in a child process. */
  env(): Record<string, string>;
}

let counter = 0;

/**
 * A sandbox and a data folder for one test. When the test finishes, the ledger
 * is checked against the outcomes kept on disk, then everything is stopped.
 */
export async function setup(
  options: {
    balanceMicros?: number;
    config?: Partial<SandboxConfig>;
    checkLedger?: boolean;
    /** The client's own retries, past the quick ones every bench's client has. */
    retry?: Partial<RetryPolicy>;
  } = {},
): Promise<Bench> {
  const key = `sk_test_jobs_${process.pid}_${++counter}`;
  const sandbox = await startSandbox({
    accounts: [{ key, balanceMicros: options.balanceMicros ?? 1_000_000_000 }],
    config: { ...QUICK, ...options.config },
  });
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-jobs-'));
  const dataDir = join(dir, 'data');
  let jobs: Jobs | null = null;
  const bench: Bench = {
    sandbox,
    key,
    dir,
    dataDir,
    chargedOutsideJobs: 0,
    client: () =>
      createServiceClient({
        baseUrl: sandbox.url,
        apiKey: key,
        limiter: createLimiter(),
        allowFastPolling: true,
        pollIntervalSeconds: 0.02,
        retry: { baseDelayMs: 20, maxDelayMs: 100, ...options.retry },
      }),
    async jobs(opts = {}) {
      if (!jobs) {
        const client = bench.client();
        const { knownProviders, ...rest } = opts;
        jobs = await openJobs({
          ...rest,
          dataDir,
          client: () => client,
          ...(knownProviders === false ? {} : { knownProviders: sandboxProviderDomains }),
        });
      }
      return jobs;
    },
    env: () => ({
      LIST_CLEANER_BASE_URL: sandbox.url,
      LIST_CLEANER_API_KEY: key,
      LIST_CLEANER_DATA_DIR: dataDir,
      LIST_CLEANER_POLL_SECONDS: '0.05',
    }),
  };
  onTestFinished(async (ctx) => {
    try {
      await jobs?.stop();
      if (options.checkLedger !== false && ctx.task.result?.state !== 'fail') {
        await expectChargedAsDetermined(bench);
      }
    } finally {
      await sandbox.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
  return bench;
}

/** The jobs core in this process with a client of its own, on a stand-in for (parts of) the disk. */
export async function jobsOn(bench: Bench, disk: Partial<Disk>): Promise<Jobs> {
  const client = bench.client();
  return openJobs({
    dataDir: bench.dataDir,
    client: () => client,
    disk,
    knownProviders: sandboxProviderDomains,
  });
}

/** Every job in the data folder, as a new process would see it (read from disk). */
export async function jobsOnDisk(dataDir: string): Promise<JobView[]> {
  const jobs = await openJobs({
    dataDir,
    client: () => {
      throw new AppError('no_account', 'not needed to read jobs');
    },
  });
  return jobs.list();
}

export async function readRecord(dataDir: string, id: string): Promise<JobRecord> {
  return jobRecord.parse(JSON.parse(await readFile(join(dataDir, 'jobs', id, 'job.json'), 'utf8')));
}

/**
 * The promise of the whole suite: the account was charged for exactly the
 * addresses with a determined outcome (deliverable or undeliverable), at the
 * sandbox's unit price, nothing twice and nothing for an unknown.
 */
export async function expectChargedAsDetermined(bench: Bench): Promise<void> {
  const { prices } = bench.sandbox.config;
  // Sync and bulk cost the same in the sandbox, so a job's route does not change the sum.
  expect(prices.email).toBe(prices.email_batch);
  expect(prices.email_avatar).toBe(prices.email_avatar_batch);
  let expected = bench.chargedOutsideJobs;
  for (const job of await jobsOnDisk(bench.dataDir)) {
    if (!job.product) continue;
    const unit = job.product === 'avatar' ? prices.email_avatar : prices.email;
    // An avatar job's addresses outside coverage, checked with Email by choice, at its price.
    expected += (job.paid - job.paidAsEmail) * unit + job.paidAsEmail * prices.email;
  }
  expect(bench.sandbox.ledger.spent(bench.key), 'micros charged by the sandbox').toBe(expected);
}

/** Reserve entries of the ledger for one product: how many times, and for how many addresses. */
export function reserved(bench: Bench, product: keyof SandboxConfig['prices']) {
  const entries = bench.sandbox.ledger
    .entries(bench.key)
    .filter((e) => e.kind === 'reserve' && e.product === product);
  return {
    count: entries.length,
    addresses: entries.reduce((sum, e) => sum + e.addresses, 0),
    each: entries.map((e) => e.addresses),
  };
}

export const requestsTo = (bench: Bench, path: string, method = 'POST') =>
  bench.sandbox.requests.filter((r) => r.path === path && r.method === method);

export const taskPolls = (bench: Bench) =>
  bench.sandbox.requests.filter(
    (r) => r.method === 'GET' && r.path.startsWith('/api/v1/bulk-tasks/'),
  );

export const downloads = (bench: Bench) =>
  bench.sandbox.requests.filter((r) => r.path.startsWith('/api/v1/bulk-results/'));

/** `n` distinct addresses, `make(i)` each. */
export function addresses(n: number, make: (i: number) => string): string[] {
  return Array.from({ length: n }, (_, i) => make(i));
}

/** Writes a CSV with an email column and a second column, one row per address. */
export async function writeList(
  bench: Bench,
  name: string,
  list: readonly string[],
  options: { header?: string; extra?: (i: number) => string } = {},
): Promise<string> {
  const path = join(bench.dir, name);
  const extra = options.extra ?? ((i: number) => `row ${i + 1}`);
  const parts: string[] = [`${options.header ?? 'email,name'}\n`];
  let chunk = '';
  list.forEach((address, i) => {
    chunk += `${address},${extra(i)}\n`;
    if (chunk.length > 1 << 20) {
      parts.push(chunk);
      chunk = '';
    }
  });
  parts.push(chunk);
  await writeFile(path, parts.join(''));
  return path;
}

/** A client of the bench that notes every address it sends to a synchronous check, in `sent`. */
export function notingClient(
  bench: Bench,
  sent: string[] = [],
): { client: ServiceClient; sent: string[] } {
  const real = bench.client();
  const client: ServiceClient = {
    ...real,
    check: (product, address, signal) => {
      sent.push(address);
      return real.check(product, address, signal);
    },
    batchCheck: (product, addresses, signal) => {
      sent.push(...addresses);
      return real.batchCheck(product, addresses, signal);
    },
  };
  return { client, sent };
}

/** Imports, starts and waits for a job in this process. */
export async function runJob(
  bench: Bench,
  path: string,
  product: 'email' | 'avatar' = 'email',
): Promise<JobView> {
  const jobs = await bench.jobs();
  const { job } = await jobs.importFile(path);
  await jobs.start(job.id, product);
  return jobs.finished(job.id);
}

/** Checks a finished job: every unique address has an outcome, and the counts add up. */
export function expectComplete(job: JobView): void {
  expect(job.state, job.failure?.message).toBe('done');
  expect(job.checked).toBe(job.unique);
  expect(
    job.deliverable +
      job.undeliverable +
      job.unknown +
      job.notCovered +
      job.suppressed +
      job.blocked,
  ).toBe(job.unique);
}

export async function waitFor(
  what: string,
  ready: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface CliRun {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** The exit code, or the signal's name when it was killed. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `list-cleaner` as a user would, in a child process with only our settings. */
export function startCli(args: string[], env: Record<string, string>, cwd?: string): CliRun {
  // The DNS the tests point at (a closed port: never the internet) stays, and so does
  // the language they read (English), whatever the machine's locale.
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !k.startsWith('LIST_CLEANER_') ||
        k === 'LIST_CLEANER_DNS_SERVERS' ||
        k === 'LIST_CLEANER_LANGUAGE',
    ),
  );
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...clean, ...env },
    ...(cwd ? { cwd } : {}),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Runs `list-cleaner` to the end. */
export async function cli(
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = startCli(args, env, cwd);
  const { code } = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

/** The lines of stderr that report a failure (progress lines aside). */
export const failureLines = (stderr: string) =>
  stderr.split('\n').filter((l) => l.startsWith('list-cleaner:'));
