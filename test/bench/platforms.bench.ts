// `npm run bench -- platforms`: a Mailchimp audience cleaned where it lives,
// end to end through the real `list-cleaner clean mailchimp:<id>` (the bundle
// as shipped): its members read page by page, checked on the sandbox, and
// every verdict written back through Mailchimp's batches. The fake and the
// sandbox each run in a process of their own, so the peak RSS read from the
// kernel (VmHWM) is the command's alone.
//
// - platforms.mailchimp.peak_rss: 200,000 members read and written back,
//   baseline the same for 50,000; under 350 MB.
// - platforms.mailchimp.rss_growth: the one peak over the other, under 1.3:
//   a platform list's memory does not grow with the list either.
// - platforms.mailchimp.time: the larger run's time, against the sandbox's
//   own processing time for its addresses.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, repoRoot, startChild } from './children';
import { cliMeasured, type Peaks } from './jobs-memory';
import type { HostCommand, HostEvent } from './protocol';
import { MB, emit, log } from './report';

const PER_SECOND = 100_000;

interface Fake {
  url: string;
  key: string;
  stop(): void;
}

/** `npm run fake -- mailchimp` in a child: half its demo members are subscribed. */
async function startFake(members: number): Promise<Fake> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/fakes/run.ts', 'mailchimp', '--members', String(members)],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let text = '';
  child.stdout.setEncoding('utf8');
  const found = await new Promise<{ url: string; key: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the Mailchimp fake did not start')), 60_000);
    child.stdout.on('data', (d: string) => {
      text += d;
      const url = /LIST_CLEANER_MAILCHIMP_URL=(\S+)/.exec(text)?.[1];
      const key = /LIST_CLEANER_MAILCHIMP_KEY=(\S+)/.exec(text)?.[1];
      if (url && key) {
        clearTimeout(timer);
        resolve({ url, key });
      }
    });
    child.once('exit', () => reject(new Error('the Mailchimp fake exited')));
  });
  return { ...found, stop: () => void child.kill('SIGTERM') };
}

interface Run extends Peaks {
  ms: number;
  read: number;
  written: number;
}

async function cleanMeasured(dir: string, members: number): Promise<Run> {
  const fake = await startFake(members);
  const host = startChild<HostCommand, HostEvent>(new URL('./host.ts', import.meta.url), 'sandbox');
  const dataDir = join(dir, `data-${members}`);
  try {
    host.send({
      type: 'start',
      mode: 'sandbox',
      accounts: 1,
      balanceMicros: 1_000_000_000_000,
      config: { bulkAddressesPerSecond: PER_SECOND },
    });
    const ready = await host.next('ready', 30_000);
    const { code, stdout, ms, peaks } = await cliMeasured(
      ['clean', 'mailchimp:demo000001', '--json'],
      {
        LIST_CLEANER_BASE_URL: ready.url,
        LIST_CLEANER_API_KEY: ready.keys[0],
        LIST_CLEANER_DATA_DIR: dataDir,
        LIST_CLEANER_POLL_SECONDS: '1',
        LIST_CLEANER_MAILCHIMP_URL: fake.url,
        LIST_CLEANER_MAILCHIMP_KEY: fake.key,
      },
    );
    if (code !== 0) throw new Error(`clean of ${members} members exited with ${code}`);
    const summary = JSON.parse(stdout) as {
      rows: number;
      write_back: { state: string; counts: { written: number; refused: number } };
    };
    const { written, refused } = summary.write_back.counts;
    if (summary.write_back.state !== 'done' || written + refused !== summary.rows) {
      throw new Error(`${members}: ${summary.rows} read, ${written} written, ${refused} refused`);
    }
    log(
      `platforms: ${summary.rows.toLocaleString('en-US')} Mailchimp members read, checked and written back in ${(ms / 1000).toFixed(1)} s, peak RSS ${(peaks.hwm / MB).toFixed(0)} MB`,
    );
    return { ...peaks, ms, read: summary.rows, written };
  } finally {
    await host.stop({ type: 'stop' });
    fake.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  buildCli();
  const dir = await mkdtemp(join(tmpdir(), 'lc-bench-platforms-'));
  try {
    const small = await cleanMeasured(dir, 100_000);
    const large = await cleanMeasured(dir, 400_000);
    emit({
      name: 'platforms.mailchimp.peak_rss',
      value: large.hwm / MB,
      unit: 'MB',
      baseline: small.hwm / MB,
      target: 350,
      better: 'lower',
      extra: { members: large.read, baselineMembers: small.read },
    });
    emit({
      name: 'platforms.mailchimp.rss_growth',
      value: large.hwm / small.hwm,
      unit: 'x',
      baseline: 1,
      target: 1.3,
      better: 'lower',
      extra: { largeMb: Math.round(large.hwm / MB), smallMb: Math.round(small.hwm / MB) },
    });
    emit({
      name: 'platforms.mailchimp.time',
      value: large.ms,
      unit: 'ms',
      baseline: (large.read / PER_SECOND) * 1000,
      better: 'lower',
      extra: { members: large.read, written: large.written },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
