// The jobs benchmark's memory figures: a whole list cleaned end to end through
// the real `list-cleaner clean` (the bundle as shipped) against the sandbox,
// each in a process of its own, its peak RSS read from the kernel (VmHWM in
// /proc/<pid>/status, every 50 ms until it exits).
//
// - jobs.clean-large.peak_rss: 1,200,000 rows (three bulk tasks), under 350 MB;
//   baseline the same for 300,000 rows (one task).
// - jobs.clean-large.rss_growth: the one peak over the other, under 1.3: a
//   job's memory does not grow with its list.
// - jobs.clean-10m.peak_rss and .time: 10,000,000 rows (some 900 MB of CSV,
//   twenty tasks), against the 1,200,000-row peak and the sandbox's own
//   processing time. Minutes long: BENCH_10M=0 leaves it out.
//
// Each run also proves the job right: the sandbox's ledger charged every
// address once (every unique address was in exactly one task's lines, and
// what it charged is what the job says it paid), and the export has every row.
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startChild } from './children';
import type { HostCommand, HostEvent } from './protocol';
import { MB, emit, log } from './report';

const PER_SECOND = 100_000;
const POLL_SECONDS = 1;
const PRICE_MICROS = 1_000;

/**
 * A marketing list of `rows` rows, some 90 bytes each: one row in 50 repeats
 * an address met before (written otherwise), one in 200 is not an address.
 */
export async function writeMarketingList(path: string, rows: number): Promise<void> {
  const handle = await open(path, 'w');
  try {
    let text = 'email,first_name,last_name,company,city,signed_up\n';
    for (let i = 0; i < rows; i++) {
      const email =
        i % 200 === 199
          ? `member${i} at example.com`
          : i % 50 === 49
            ? `Member${i - 40}@Example.${['com', 'org', 'net'][(i - 40) % 3]}`
            : `member${i}@example.${['com', 'org', 'net'][i % 3]}`;
      text += `${email},First${i % 997},Last${i % 1009},Company ${i % 9973} Ltd,City ${i % 311},2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}\n`;
      if (text.length > 4 * MB) {
        await handle.write(text);
        text = '';
      }
    }
    await handle.write(text);
  } finally {
    await handle.close();
  }
}

/** Lines of a file, counted as it streams. */
async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines += 1;
  }
  return lines;
}

export interface Peaks {
  /** VmHWM: the kernel's high-water mark of the process's RSS. */
  hwm: number;
  /** The highest RssAnon and RssFile sampled: the heap's part, and mapped files' (node, the memory). */
  anon: number;
  file: number;
}

/** Samples /proc/<pid>/status until the process is gone. */
export function watchPeaks(pid: number): { stop(): Peaks } {
  const peaks: Peaks = { hwm: 0, anon: 0, file: 0 };
  const kb = (text: string, key: string) =>
    Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) * 1024;
  const timer = setInterval(() => {
    readFile(`/proc/${pid}/status`, 'utf8').then(
      (text) => {
        peaks.hwm = Math.max(peaks.hwm, kb(text, 'VmHWM'));
        peaks.anon = Math.max(peaks.anon, kb(text, 'RssAnon'));
        peaks.file = Math.max(peaks.file, kb(text, 'RssFile'));
      },
      () => undefined,
    );
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peaks;
    },
  };
}

/**
 * Runs the shipped `list-cleaner` with these arguments and settings, its peak
 * memory watched from the kernel while it runs: its exit code, stdout and time.
 */
export async function cliMeasured(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; ms: number; peaks: Peaks }> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(repoRoot, 'bin/list-cleaner.mjs'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const watch = watchPeaks(child.pid ?? 0);
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (stdout += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  return { code, stdout, ms: performance.now() - started, peaks: watch.stop() };
}

interface CleanRun extends Peaks {
  ms: number;
  rows: number;
  unique: number;
  tasks: number;
}

interface CleanSummary {
  rows: number;
  unique: number;
  paid: number;
  rows_written: number;
  out: string;
}

/** Cleans a list of `rows` rows end to end; throws when the job, its charges or its export are wrong. */
export async function cleanMeasured(dir: string, rows: number): Promise<CleanRun> {
  const input = join(dir, `list-${rows}.csv`);
  log(`jobs: writing a list of ${rows.toLocaleString('en-US')} rows`);
  await writeMarketingList(input, rows);
  const host = startChild<HostCommand, HostEvent>(new URL('./host.ts', import.meta.url), 'sandbox');
  try {
    host.send({
      type: 'start',
      mode: 'sandbox',
      accounts: 1,
      balanceMicros: 1_000_000_000_000,
      config: { bulkAddressesPerSecond: PER_SECOND },
    });
    const ready = await host.next('ready', 30_000);
    const dataDir = join(dir, `data-${rows}`);
    const { code, stdout, ms, peaks } = await cliMeasured(['clean', input, '--json'], {
      LIST_CLEANER_BASE_URL: ready.url,
      LIST_CLEANER_API_KEY: ready.keys[0],
      LIST_CLEANER_DATA_DIR: dataDir,
      LIST_CLEANER_POLL_SECONDS: String(POLL_SECONDS),
    });
    if (code !== 0) throw new Error(`clean of ${rows} rows exited with ${code}`);
    const summary = JSON.parse(stdout) as CleanSummary;
    host.send({ type: 'ledger' });
    const ledger = await host.next('ledger', 30_000);
    const sent = ledger.tasks.reduce((n, t) => n + t.reserved, 0);
    const charged = ledger.tasks.reduce((n, t) => n + t.reserved - t.refunded, 0);
    if (sent !== summary.unique || charged !== summary.paid) {
      throw new Error(
        `${rows} rows: ${summary.unique} unique addresses, ${sent} sent in tasks; ${summary.paid} paid, ${charged} charged`,
      );
    }
    if (ledger.spentMicros !== charged * PRICE_MICROS) {
      throw new Error(`${rows} rows: ${ledger.spentMicros} micros spent for ${charged} charged`);
    }
    const written = await countLines(summary.out);
    await rm(summary.out, { force: true });
    if (summary.rows_written !== summary.rows || written !== summary.rows + 1) {
      throw new Error(`${rows} rows: the export has ${written} lines for ${summary.rows} rows`);
    }
    log(
      `jobs: ${rows.toLocaleString('en-US')} rows cleaned in ${(ms / 1000).toFixed(1)} s, ${ledger.tasks.length} tasks, peak RSS ${(peaks.hwm / MB).toFixed(0)} MB (anon ${(peaks.anon / MB).toFixed(0)}, files ${(peaks.file / MB).toFixed(0)})`,
    );
    return { ...peaks, ms, rows: summary.rows, unique: summary.unique, tasks: ledger.tasks.length };
  } finally {
    await host.stop({ type: 'stop' });
    await rm(join(dir, `data-${rows}`), { recursive: true, force: true });
    await rm(input, { force: true });
  }
}

const extraOf = (run: CleanRun) => ({
  rows: run.rows,
  unique: run.unique,
  tasks: run.tasks,
  seconds: Math.round(run.ms / 100) / 10,
  anonPeakMb: Math.round(run.anon / MB),
  filePeakMb: Math.round(run.file / MB),
});

/** The memory figures; `rounds` runs of each of the two sizes, in turn, keeping each one's highest peak. */
export async function runMemory(rounds = 2): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-bench-memory-'));
  try {
    let small: CleanRun | null = null;
    let large: CleanRun | null = null;
    const higher = (a: CleanRun | null, b: CleanRun) => (a && a.hwm >= b.hwm ? a : b);
    for (let round = 0; round < rounds; round++) {
      small = higher(small, await cleanMeasured(dir, 300_000));
      large = higher(large, await cleanMeasured(dir, 1_200_000));
    }
    if (!small || !large) return;
    emit({
      name: 'jobs.clean-large.peak_rss',
      value: large.hwm / MB,
      unit: 'MB',
      baseline: small.hwm / MB,
      target: 350,
      better: 'lower',
      extra: { ...extraOf(large), baselineRows: small.rows },
    });
    emit({
      name: 'jobs.clean-large.rss_growth',
      value: large.hwm / small.hwm,
      unit: 'x',
      baseline: 1,
      target: 1.3,
      better: 'lower',
      extra: { largeMb: Math.round(large.hwm / MB), smallMb: Math.round(small.hwm / MB) },
    });
    if (process.env.BENCH_10M === '0') return;
    const huge = await cleanMeasured(dir, 10_000_000);
    emit({
      name: 'jobs.clean-10m.peak_rss',
      value: huge.hwm / MB,
      unit: 'MB',
      baseline: large.hwm / MB,
      target: 350,
      better: 'lower',
      extra: extraOf(huge),
    });
    emit({
      name: 'jobs.clean-10m.time',
      value: huge.ms,
      unit: 'ms',
      baseline: (huge.unique / PER_SECOND) * 1000,
      better: 'lower',
      extra: { rows: huge.rows, unique: huge.unique, tasks: huge.tasks, perSecond: PER_SECOND },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
