// `npm run bench -- [suite ...]`: runs the named benchmark suites (all of them
// with no name), one after the other. Figures are JSON lines on stdout (see
// report.ts), progress goes to stderr. A missed target is reported, not
// failed: the exit code is 0 unless a suite crashes (1) or a name is unknown (2).
//
// Benchmarks never run inside the test suite, and tests never assert timings.
import { killChildren } from './children';
import { log } from './report';

interface Suite {
  run(): Promise<void>;
}

// The registry: one line per suite, run in this order when none is named.
const suites: Record<string, () => Promise<Suite>> = {
  sandbox: () => import('./sandbox.bench'),
  client: () => import('./client.bench'),
  lists: () => import('./lists.bench'),
  xlsx: () => import('./xlsx.bench'),
  results: () => import('./results.bench'),
  jobs: () => import('./jobs.bench'),
  bundle: () => import('./bundle.bench'),
  cli: () => import('./cli.bench'),
  platforms: () => import('./platforms.bench'),
  team: () => import('./team.bench'),
  suppression: () => import('./suppression.bench'),
  rules: () => import('./rules.bench'),
  chaos: () => import('./chaos.bench'),
};

// Run only when named: minutes of killing and resuming, not a figure of speed.
const ONLY_WHEN_NAMED = new Set(['chaos']);

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.includes('--help') || args.includes('-h') || args.includes('--list')) {
    log(`usage: npm run bench -- [suite ...]; suites: ${Object.keys(suites).join(', ')}`);
    return 0;
  }
  const unknown = args.filter((name) => !(name in suites));
  if (unknown.length > 0) {
    log(`unknown suite ${unknown.join(', ')}; suites: ${Object.keys(suites).join(', ')}`);
    return 2;
  }
  const names =
    args.length > 0
      ? [...new Set(args)]
      : Object.keys(suites).filter((name) => !ONLY_WHEN_NAMED.has(name));
  let code = 0;
  for (const name of names) {
    const load = suites[name];
    if (!load) continue;
    const started = performance.now();
    log(`suite ${name}: start`);
    try {
      await (await load()).run();
      log(`suite ${name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (err) {
      log(
        `suite ${name}: crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      killChildren();
      code = 1;
    }
  }
  return code;
}

const interrupt = (): void => {
  killChildren();
  process.exit(130);
};
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);

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
