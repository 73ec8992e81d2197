// `npm run bench:check`: the quick benchmarks, held to their budgets
// (budgets.ts), so a slower hot path fails CI instead of slipping by: the
// lists at 200,000 rows, the command line's start and the window's bundle.
// Figures go to stdout as JSON lines, as `npm run bench` prints them; the
// verdict, one line a budget, to stderr. Exits 1 when a figure passes its
// ceiling or is missing, 0 otherwise. The full benches (`npm run bench`) stay
// manual: they take many minutes and work at a million rows.
//
// The lists are held to their ratios as paired within each round (the median
// of a step's time over the bare parse's in the same round, child-steps.ts
// pairedRatio): on a shared machine those move far less than a best of
// each, taken from different rounds.
import { budgets, type Budget } from './budgets';
import { killChildren } from './children';
import { log, onFigure, type Printed } from './report';

const QUICK_ROWS = 200_000;
/** Rounds of the quick lists: each is short, so a few more keep a busy machine's noise out. */
const QUICK_RUNS = 5;

const suites: ReadonlyArray<readonly [string, () => Promise<void>]> = [
  [
    'lists',
    async () => (await import('./lists.bench')).run({ rows: QUICK_ROWS, runs: QUICK_RUNS }),
  ],
  ['cli', async () => (await import('./cli.bench')).run()],
  ['bundle', async () => (await import('./bundle.bench')).run()],
];

/** The verdict of one budget against the figures printed. */
function judge(budget: Budget, figures: ReadonlyMap<string, Printed>): string | null {
  const figure = figures.get(budget.figure);
  if (!figure) return `${budget.figure}: not measured`;
  const measured = Number(figure[budget.field]);
  const shown = `${budget.figure} ${budget.field} ${measured} (ceiling ${budget.max})`;
  if (measured > budget.max) return `${shown}: over. ${budget.why}`;
  log(`ok    ${shown}`);
  return null;
}

async function main(): Promise<number> {
  const started = performance.now();
  const figures = new Map<string, Printed>();
  onFigure((line) => figures.set(line.name, line));
  const crashed: string[] = [];
  for (const [name, run] of suites) {
    try {
      await run();
    } catch (err) {
      crashed.push(`${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      killChildren();
    }
  }
  const failures = budgets.map((b) => judge(b, figures)).filter((f): f is string => f !== null);
  for (const failure of [...crashed, ...failures]) log(`FAIL  ${failure}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (crashed.length > 0 || failures.length > 0) {
    log(
      `bench:check failed in ${seconds} s: ${crashed.length} suite(s) crashed, ${failures.length} figure(s) over budget (test/bench/budgets.ts says why each ceiling is where it is)`,
    );
    return 1;
  }
  log(`bench:check passed in ${seconds} s: ${budgets.length} figures within budget`);
  return 0;
}

main().then(
  (code) => {
    killChildren();
    process.exit(code);
  },
  (err: unknown) => {
    log(`crashed: ${String(err)}`);
    killChildren();
    process.exit(1);
  },
);
