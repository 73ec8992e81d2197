// The kill matrix (issue 47), shared by the unit lane's test and `npm run
// bench -- chaos`: the real `list-cleaner` cleans lists in child processes,
// is SIGKILLed at seeded random moments and carried on by `resume` each time,
// against a service in this process: the app's sandbox, or the independent
// fake written from the interface alone (test/fakes/verification/). What it
// reports is the service's truth beside what the jobs say: addresses the
// service charged more than once, and the figure the jobs give for what may
// have been charged twice. No assertion lives here: the test and the bench
// each judge the report their own way.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../../../electron/sandbox/server/server';
import { startVerificationFake } from '../../fakes/verification/service';
import { verdictOf as fakeVerdict } from '../../fakes/verification/verdicts';

const BIN = fileURLToPath(new URL('../../../bin/list-cleaner.mjs', import.meta.url));
const START_MICROS = 1_000_000_000;
const PRICE = 1_000;

/** mulberry32: the same moments for the same seed, so a failure replays. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type ServiceKind = 'sandbox' | 'fake';

/** What the matrix needs of a service: where it is, and its ledger's truth. */
interface Service {
  kind: ServiceKind;
  url: string;
  key: string;
  /** Synchronous requests under way, as far as the service's log can tell. */
  busy(): number;
  /** Times an address was charged past its first; `unique`: the addresses sent, each charged once. */
  chargedAgain(unique: number): number;
  /** Micros reserved and not yet settled; null where the service does not keep it apart. */
  reserved(): number | null;
  /** Bulk tasks the service made. */
  tasks(): number;
  /** Resolves once every request and task the service took has ended. */
  settled(): Promise<void>;
  /** The most synchronous requests (and multis) it held at once; null where it does not keep it. */
  maxInFlight(): { all: number; multi: number } | null;
  /** Status the cleaned file should give an address. */
  statusOf(address: string): string;
  stop(): Promise<void>;
}

/**
 * How fast a service works through a bulk task: slow enough that a list of
 * PATHS.bulk's takes about two seconds a kill, so every kill lands while the
 * tasks are still at the service, however fast this machine runs the rest
 * (at the services' own rates a task ended before the first kill).
 */
const bulkRate = (kills: number) => Math.max(20, Math.round(500 / Math.max(1, kills)));

async function startService(kind: ServiceKind, seed: number, kills: number): Promise<Service> {
  if (kind === 'fake') {
    const fake = await startVerificationFake({
      seed,
      singleMs: [80, 400],
      multiMs: [250, 900],
      bulkAddressesPerSecond: bulkRate(kills),
      prices: { email: PRICE, email_batch: PRICE },
      balanceMicros: START_MICROS,
    });
    return {
      kind,
      url: fake.url,
      key: fake.key,
      busy: () => fake.sync.filter((r) => r.endedAt === null).length,
      chargedAgain: () => fake.chargedAgain(),
      reserved: fake.reservedMicros,
      tasks: () => fake.tasks().length,
      async settled() {
        await fake.idle();
        await until('every task finished', () =>
          fake.tasks().every((t) => t.status !== 'processing'),
        );
      },
      maxInFlight: () => ({ ...fake.maxInFlight }),
      statusOf: (a) => {
        const v = fakeVerdict(a);
        return v === 'undetermined' ? 'unknown' : v;
      },
      stop: fake.stop,
    };
  }
  const key = `sk_test_chaos_${process.pid}_${seed}`;
  const sandbox = await startSandbox({
    accounts: [{ key, balanceMicros: START_MICROS }],
    config: { checkLatencyMs: 400, resultNotReadyMs: 20, bulkAddressesPerSecond: bulkRate(kills) },
  });
  // Every address the matrix sends is deliverable at the sandbox: each is charged once when
  // checked once, and charged at once when reserved (nothing is refunded after).
  return {
    kind,
    url: sandbox.url,
    key,
    busy: () => {
      const checks = sandbox.requests.filter(
        (r) => r.path === '/api/v1/check' || r.path === '/api/v1/batch-check',
      );
      return checks.filter((r) => r.endedAt === null).length;
    },
    chargedAgain: (unique) => sandbox.ledger.spent(key) / PRICE - unique,
    reserved: () => null,
    tasks: () => sandbox.tasks(key).length,
    // A clean ends only once its tasks are done; a dead client's check is charged when it arrives.
    settled: () => Promise.resolve(),
    maxInFlight: () => null,
    statusOf: (a) => (a.startsWith('deliverable') ? 'deliverable' : 'unknown'),
    stop: sandbox.stop,
  };
}

export type PathName = 'sync' | 'bulk';

/** A path of the matrix: lists cleaned at once, each by its own `clean`. */
const PATHS: Record<PathName, number[]> = {
  // One round of a multi check of 100 and four singles beside it (plan.ts, syncSchedule),
  // and a small list's multi check of 3, in a process of its own.
  sync: [104, 3],
  // Two lists of a bulk task each (and a few synchronous addresses of the remainder).
  bulk: [1_100, 1_050],
};

export interface PathReport {
  bench: 'chaos';
  service: ServiceKind;
  path: PathName;
  seed: number;
  kills: number;
  /** Addresses the service charged more than once (its own ledger). */
  addresses_repaid: number;
  /** Addresses the jobs say may have been charged twice. */
  said: number;
  /** One multi check and four singles per kill. */
  bound: number;
  /** Micros still reserved at the service; null where it does not keep them apart. */
  reservations_left: number | null;
  /** Times `resume` said "No unfinished jobs." while a job it had said was sending was left. */
  resume_lies: number;
  /** Bulk tasks the service made, and the bulk tasks the jobs planned. */
  tasks_made: number;
  tasks_planned: number;
  max_in_flight: { all: number; multi: number } | null;
  /** Rows of the cleaned files not as the service's verdict says, or files missing. */
  export_errors: number;
  /** Jobs not done, held or failed at the end. */
  jobs_not_done: number;
  seconds: number;
}

interface Run {
  exited: Promise<void>;
  done: boolean;
  stdout: () => string;
  stderr: () => string;
  kill(): void;
}

function startCli(args: string[], env: Record<string, string>): Run {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !k.startsWith('LIST_CLEANER_') ||
        k === 'LIST_CLEANER_DNS_SERVERS' ||
        k === 'LIST_CLEANER_LANGUAGE',
    ),
  );
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...clean, LIST_CLEANER_LANGUAGE: 'en', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let said = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    said += c;
    // CHAOS_DEBUG: what each process said, to see why a run went the way it did.
    if (process.env['CHAOS_DEBUG']) process.stderr.write(c);
  });
  const run: Run = {
    done: false,
    stdout: () => out,
    stderr: () => said,
    exited: new Promise((resolve) => child.once('close', () => resolve())),
    kill: () => child.kill('SIGKILL'),
  };
  void run.exited.then(() => (run.done = true));
  return run;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`chaos: gave up waiting for ${what}`);
    await sleep(10);
  }
}

/** Every job.json under the data folder. */
async function records(dir: string): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'job.json') {
      const path = join(entry.parentPath, entry.name);
      found.push(JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>);
    }
  }
  return found;
}

/** Whether anything is left to do: a job not done, or a cleaned file not written. */
async function workLeft(dataDir: string, outs: readonly string[]): Promise<boolean> {
  const jobs = (await records(dataDir)) as Figures[];
  if (jobs.some((j) => j.state !== 'done')) return true;
  const written = await Promise.all(
    outs.map((o) =>
      readFile(o).then(
        () => true,
        () => false,
      ),
    ),
  );
  return written.includes(false);
}

interface Figures {
  stoppedMidCheck?: { addresses?: number };
  sentAgainAfterLoss?: number;
  state?: string;
  plan?: { bulk?: unknown[] } | null;
}

/**
 * Cleans the path's lists, kills every running `list-cleaner` `kills` times at
 * seeded moments (after a random while, or while a synchronous check is at
 * the service), resumes after each kill, then resumes to the end.
 */
export async function runPath(
  kind: ServiceKind,
  path: PathName,
  seed: number,
  kills: number,
): Promise<PathReport> {
  const started = Date.now();
  const random = seeded(seed);
  const service = await startService(kind, seed, kills);
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-chaos-'));
  try {
    const dataDir = join(dir, 'data');
    await mkdir(dataDir);
    const env = {
      LIST_CLEANER_BASE_URL: service.url,
      LIST_CLEANER_API_KEY: service.key,
      LIST_CLEANER_DATA_DIR: dataDir,
      LIST_CLEANER_POLL_SECONDS: '0.05',
    };
    const lists = await Promise.all(
      PATHS[path].map(async (n, l) => {
        const addresses = Array.from(
          { length: n },
          (_, i) => `deliverable+${seed}.${l}.${i}@gmail.com`,
        );
        const file = join(dir, `list-${l}.csv`);
        await writeFile(file, `email\n${addresses.join('\n')}\n`);
        return { file, out: join(dir, `list-${l}-clean.csv`), addresses };
      }),
    );
    const unique = lists.reduce((n, l) => n + l.addresses.length, 0);

    let running = lists.map((l) => startCli(['clean', l.file, '--out', l.out], env));
    // The kills come once every clean has said it is sending: from then on, whatever
    // the moment, `resume` must carry each job on (before it, a draft stays a draft).
    await until('every clean sending', () =>
      running.every((r) => r.done || /^Sending /m.test(r.stderr())),
    );
    const outs = lists.map((l) => l.out);
    let killed = 0;
    let lies = 0;
    for (let k = 0; k < kills; k++) {
      const allDone = () => running.every((r) => r.done);
      // On the synchronous path every other kill (the first among them) comes while a check is out.
      if (k % 2 === 0 && path === 'sync') {
        // While a check is at the service: the moment a crash costs something.
        await until('a check at the service, or the end', () => allDone() || service.busy() > 0);
        await sleep(random() * 150);
      } else {
        const end = Date.now() + 150 + random() * 1_200;
        await until('the kill moment', () => allDone() || Date.now() >= end);
      }
      if (allDone()) break;
      for (const r of running) r.kill();
      await Promise.all(running.map((r) => r.exited));
      killed += 1;
      const resumed = startCli(['resume', '--json'], env);
      resumed.exited = resumed.exited.then(async () => {
        // "Nothing to do" while a job it was told is sending, or its file, is left: a lie.
        if (resumed.stdout().startsWith('No unfinished jobs') && (await workLeft(dataDir, outs))) {
          lies += 1;
        }
      });
      running = [resumed];
    }
    await Promise.all(running.map((r) => r.exited));
    // Carried on to the end, whatever the last kill left.
    for (let tries = 0; tries < 5; tries++) {
      const last = startCli(['resume', '--json'], env);
      await last.exited;
      if (last.stdout().startsWith('No unfinished jobs')) {
        if (await workLeft(dataDir, outs)) lies += 1;
        break;
      }
    }
    // The dead processes' checks and the tasks end at the service in their own time.
    await service.settled();

    let exportErrors = 0;
    for (const l of lists) {
      let text = '';
      try {
        text = await readFile(l.out, 'utf8');
      } catch {
        exportErrors += l.addresses.length;
        continue;
      }
      const rows = text.trim().split('\n').slice(1);
      if (rows.length !== l.addresses.length)
        exportErrors += Math.abs(rows.length - l.addresses.length);
      for (const row of rows) {
        const [address = '', status = ''] = row.split(',');
        if (service.statusOf(address) !== status) exportErrors += 1;
      }
    }
    const jobs = (await records(dataDir)) as Figures[];
    const said = jobs.reduce(
      (n, j) => n + (j.stoppedMidCheck?.addresses ?? 0) + (j.sentAgainAfterLoss ?? 0),
      0,
    );
    return {
      bench: 'chaos',
      service: kind,
      path,
      seed,
      kills: killed,
      addresses_repaid: service.chargedAgain(unique),
      said,
      bound: killed * 104,
      reservations_left: service.reserved(),
      resume_lies: lies,
      tasks_made: service.tasks(),
      tasks_planned: jobs.reduce((n, j) => n + (j.plan?.bulk?.length ?? 0), 0),
      max_in_flight: service.maxInFlight(),
      export_errors: exportErrors,
      jobs_not_done: jobs.filter((j) => j.state !== 'done').length,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await service.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
