// The parent's side of a stepped benchmark (lists.bench.ts, xlsx.bench.ts):
// each measured step runs in a fresh child process (step-child.ts answers in
// it), so its peak RSS is the step's own, the steps are measured in turn, and
// each is reported against its baseline the same way.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { repoRoot, startChild } from './children';
import type { StepCommand, StepEvent, StepResult } from './protocol';
import { MB, emit, log, type Extra } from './report';

/**
 * The child (test/bench/<child>.ts) and the classify worker its imports
 * start, built as the app ships them (bundled JavaScript next to each other)
 * into `outDir`, so neither is measured through the TypeScript loader, which
 * costs start-up time and tens of megabytes.
 */
async function buildChild(child: string, outDir: string): Promise<URL> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: {
        input: {
          [child]: join(repoRoot, `test/bench/${child}.ts`),
          'classify-worker': join(repoRoot, 'electron/lists/judge/classify-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  });
  await writeFile(join(outDir, 'package.json'), '{ "type": "module" }\n');
  return pathToFileURL(join(outDir, `${child}.js`));
}

export interface StepRunner<Command extends StepCommand, Result extends StepResult> {
  /** Runs one step in a fresh child, building the child first if not yet built. */
  (command: Command): Promise<Result>;
}

/**
 * A suite's way to run its steps: its child, test/bench/<suite>-child.ts, is
 * built once, on the first step, into out/bench-<suite>; each step may take up
 * to `stepTimeoutMs`.
 */
export function stepRunner<Command extends StepCommand, Result extends StepResult>(
  suite: string,
  stepTimeoutMs: number,
): StepRunner<Command, Result> {
  let childUrl: URL | null = null;
  return async (command) => {
    childUrl ??= await buildChild(`${suite}-child`, join(repoRoot, 'out', `bench-${suite}`));
    // Typed by the messages all children share: a suite's own Result is
    // what its child's run answers (step-child.ts's serveSteps), taken on trust.
    const child = startChild<Command | { type: 'stop' }, StepEvent<StepResult>>(
      childUrl,
      `${suite} ${command.step}`,
      { built: true },
    );
    try {
      await child.next('ready', 30_000);
      child.send(command);
      return await Promise.race([
        child.next('result', stepTimeoutMs) as Promise<Result>,
        child.next('failed', stepTimeoutMs).then((f): never => {
          throw new Error(f.message);
        }),
        child.died(),
      ]);
    } finally {
      await child.stop({ type: 'stop' });
    }
  };
}

export interface Measured<Result extends StepResult> {
  fastest: Result;
  /** Every round's time, in order: round k's is against the baseline's round k (pairedRatio). */
  times: number[];
  peakRssBytes: number;
  peakAnonBytes: number;
}

/**
 * The median over the rounds of each round's time against the baseline's in
 * the same round: steps run one after the other within a round, so a slow
 * stretch of a busy machine slows both sides of a pair, where the best of
 * each, taken from different rounds, may not have met it alike.
 */
export function pairedRatio(step: Measured<StepResult>, baseline: Measured<StepResult>): number {
  const ratios = step.times
    .map((ms, k) => ms / (baseline.times[k] as number))
    .sort((a, b) => a - b);
  const mid = Math.floor(ratios.length / 2);
  const median =
    ratios.length % 2
      ? (ratios[mid] as number)
      : ((ratios[mid - 1] as number) + (ratios[mid] as number)) / 2;
  return Math.round(median * 1000) / 1000;
}

/**
 * Runs each command once per round, in turn, for `runs` rounds, and keeps
 * each one's fastest run and its highest peaks: a step and the baseline
 * measured against it meet the same moments of a busy machine, as the CLI
 * bench alternates its runs, instead of one step's runs meeting a slow minute
 * the other's did not.
 */
export async function bestInTurn<Command extends StepCommand, Result extends StepResult>(
  commands: readonly Command[],
  runs: number,
  runStep: StepRunner<Command, Result>,
): Promise<Measured<Result>[]> {
  const measured: (Measured<Result> | undefined)[] = commands.map(() => undefined);
  for (let run = 1; run <= runs; run++) {
    for (const [i, command] of commands.entries()) {
      const result = await runStep(command);
      log(
        `${command.step} run ${run}: ${result.ms.toFixed(0)} ms, ${result.rows} rows, peak RSS ${(result.maxRssBytes / MB).toFixed(0)} MB`,
      );
      const was = measured[i];
      measured[i] = {
        fastest: !was || result.ms < was.fastest.ms ? result : was.fastest,
        times: [...(was?.times ?? []), result.ms],
        peakRssBytes: Math.max(was?.peakRssBytes ?? 0, result.maxRssBytes, result.peakRssBytes),
        peakAnonBytes: Math.max(was?.peakAnonBytes ?? 0, result.peakAnonBytes),
      };
    }
  }
  return measured.map((m) => {
    if (!m) throw new Error('no run finished');
    return m;
  });
}

/**
 * A step's two figures, `<name>.time` and `<name>.peak_rss`: its best time
 * against its baseline's, with the ratio it should stay under, and its peak
 * RSS against the baseline's, under a fixed target. `common` extras go with
 * both figures, first; `time` ones after the ratio's, `rss` ones after the rest.
 */
export function emitStep(
  name: string,
  measured: Measured<StepResult>,
  baseline: Measured<StepResult>,
  targets: { ratio: number; rssMb: number },
  extras: { common: Extra; time?: Extra; rss?: Extra },
): void {
  const ms = measured.fastest.ms;
  const baseMs = baseline.fastest.ms;
  emit({
    name: `${name}.time`,
    value: ms,
    unit: 'ms',
    baseline: baseMs,
    better: 'lower',
    extra: {
      ...extras.common,
      targetRatio: targets.ratio,
      okRatio: ms / baseMs <= targets.ratio,
      pairedRatio: pairedRatio(measured, baseline),
      ...extras.time,
    },
  });
  emit({
    name: `${name}.peak_rss`,
    value: measured.peakRssBytes / MB,
    unit: 'MB',
    baseline: baseline.peakRssBytes / MB,
    target: targets.rssMb,
    better: 'lower',
    extra: { ...extras.common, ...extras.rss },
  });
}
