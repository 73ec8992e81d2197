// `npm run bench -- cli`: how quickly the command line starts. `list-cleaner
// --help` (bin/list-cleaner.mjs running the built command, out/cli, built
// afresh first, as npm ci's `prepare` builds it) against the baseline of a
// bare `node -e 0`, each started RUNS times in turn, alternating, so both
// see the same machine load. Figures: the median and the best wall time,
// each a ratio to the baseline's median and best.
//
// Target (issue 42, tighter than issue 14's 2.5×): median ≤ 2.0× a bare Node start.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './children';
import { emit, log } from './report';

const RUNS = 15;
const TARGET_RATIO = 2.0;

/** Wall time of one run of Node with `args`, output discarded; fails on a non-zero exit. */
function timeOnce(args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve(ms);
      else reject(new Error(`node ${args.join(' ')} exited with ${code}`));
    });
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export async function run(): Promise<void> {
  const build = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) throw new Error('npm run build:cli failed');

  const bare = ['-e', '0'];
  const help = [join(repoRoot, 'bin', 'list-cleaner.mjs'), '--help'];
  // One of each first, unmeasured: the files are then in the page cache for both.
  await timeOnce(bare);
  await timeOnce(help);
  const times = { bare: [] as number[], help: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    times.bare.push(await timeOnce(bare));
    times.help.push(await timeOnce(help));
  }
  log(
    `cli: node -e 0 ${times.bare.map((t) => t.toFixed(0)).join(' ')} ms; --help ${times.help.map((t) => t.toFixed(0)).join(' ')} ms`,
  );
  const baseMedian = median(times.bare);
  const baseBest = Math.min(...times.bare);
  emit({
    name: 'cli --help start, median',
    value: median(times.help),
    unit: 'ms',
    baseline: baseMedian,
    better: 'lower',
    // The target is a ratio to a baseline of this run; as a time, it is this run's.
    target: Math.round(TARGET_RATIO * baseMedian * 100) / 100,
    extra: { runs: RUNS, target_ratio: TARGET_RATIO },
  });
  emit({
    name: 'cli --help start, best',
    value: Math.min(...times.help),
    unit: 'ms',
    baseline: baseBest,
    better: 'lower',
    extra: { runs: RUNS },
  });
}
