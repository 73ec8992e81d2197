// `npm run bench -- jobs`: whole jobs through the real command line (a child
// process: `list-cleaner clean`) against the sandbox in another child.
//
// 1. 999 addresses at a fixed latency per check. Baseline: the least time the
//    limits allow, i.e. the rounds they force (one multi check of 100 plus four
//    single checks in flight per round) times the fixed latency. The command
//    line's own start-up is reported next to it.
// 2. 250,000 addresses as a bulk job. Baseline: the sandbox's processing time
//    for them (addresses / bulkAddressesPerSecond). The overhead should be
//    seconds, not minutes.
// 3. Peak memory of whole jobs of 300,000, 1,200,000 and 10,000,000 rows
//    (jobs-memory.ts).
//
// The command line is built first, as npm ci's `prepare` builds it: the
// figures are the shipped bundle's, not the TypeScript loader's.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, repoRoot, startChild } from './children';
import { runMemory } from './jobs-memory';
import type { HostCommand, HostEvent } from './protocol';
import { emit, log } from './report';

const LATENCY_MS = 250;
const SYNC_ADDRESSES = 999;
const BULK_ADDRESSES = 250_000;
const BULK_PER_SECOND = 25_000;
const POLL_SECONDS = 1;

interface CliRun {
  ms: number;
  code: number | null;
  stdout: string;
}

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/list-cleaner.mjs'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => (stdout += d));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ ms: performance.now() - started, code, stdout }));
  });
}

async function writeList(path: string, count: number): Promise<void> {
  let text = 'email,first_name\n';
  for (let i = 0; i < count; i++) text += `member${i}@example.com,Member ${i}\n`;
  await writeFile(path, text);
}

async function sandboxHost(config: Record<string, number>) {
  const host = startChild<HostCommand, HostEvent>(new URL('./host.ts', import.meta.url), 'sandbox');
  host.send({ type: 'start', mode: 'sandbox', accounts: 1, balanceMicros: 10_000_000_000, config });
  const ready = await host.next('ready', 30_000);
  return { host, url: ready.url, key: ready.keys[0] as string };
}

export async function run(): Promise<void> {
  buildCli();
  const dir = await mkdtemp(join(tmpdir(), 'lc-bench-jobs-'));
  try {
    // The command line's own cost: start, parse arguments, print help, exit.
    const startup = await cli(['--help'], {});
    log(`cli start-up ${startup.ms.toFixed(0)} ms`);

    const sync = await sandboxHost({ checkLatencyMs: LATENCY_MS });
    try {
      const input = join(dir, 'sync.csv');
      await writeList(input, SYNC_ADDRESSES);
      const env = {
        LIST_CLEANER_BASE_URL: sync.url,
        LIST_CLEANER_API_KEY: sync.key,
        LIST_CLEANER_DATA_DIR: join(dir, 'data-sync'),
      };
      const result = await cli(['clean', input, '--json'], env);
      if (result.code !== 0) throw new Error(`clean exited with ${result.code}`);
      const rounds = Math.ceil(SYNC_ADDRESSES / 104);
      const bound = rounds * LATENCY_MS;
      emit({
        name: 'jobs.sync999.time',
        value: result.ms,
        unit: 'ms',
        baseline: bound,
        better: 'lower',
        extra: {
          rounds,
          latencyMs: LATENCY_MS,
          cliStartupMs: Math.round(startup.ms),
          // What the job took beyond the bound, once the process's own start-up is taken out.
          ratioWithoutStartup: Math.round(((result.ms - startup.ms) / bound) * 1000) / 1000,
        },
      });
    } finally {
      await sync.host.stop({ type: 'stop' });
    }

    const bulk = await sandboxHost({ bulkAddressesPerSecond: BULK_PER_SECOND });
    try {
      const input = join(dir, 'bulk.csv');
      await writeList(input, BULK_ADDRESSES);
      const env = {
        LIST_CLEANER_BASE_URL: bulk.url,
        LIST_CLEANER_API_KEY: bulk.key,
        LIST_CLEANER_DATA_DIR: join(dir, 'data-bulk'),
        LIST_CLEANER_POLL_SECONDS: String(POLL_SECONDS),
      };
      const result = await cli(['clean', input, '--json'], env);
      if (result.code !== 0) throw new Error(`clean exited with ${result.code}`);
      const processingMs = (BULK_ADDRESSES / BULK_PER_SECOND) * 1000;
      emit({
        name: 'jobs.bulk250k.time',
        value: result.ms,
        unit: 'ms',
        baseline: processingMs,
        better: 'lower',
        extra: {
          overheadMs: Math.round(result.ms - processingMs),
          pollSeconds: POLL_SECONDS,
          addresses: BULK_ADDRESSES,
        },
      });
    } finally {
      await bulk.host.stop({ type: 'stop' });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await runMemory();
}
