// `npm run bench -- client`: 999 addresses through the service client against
// the sandbox at a fixed latency per check, once as multi checks (one at a
// time, 100 each) and once as single checks (five in flight). The baseline is
// the least time the limits allow: the rounds the limits force, times one
// request's round trip measured in this run at the same latency.
import { createServiceClient } from '../../electron/service/client';
import { createLimiter } from '../../electron/service/limiter';
import { startSandbox } from '../../electron/sandbox/server/server';
import { emit } from './report';

const LATENCY_MS = 40;
const ADDRESSES = Array.from({ length: 999 }, (_, i) => `member${i}@example.com`);
const TARGET_RATIO = 1.1;

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** A wall time against the least the limits allow: rounds x one measured round trip. */
function emitAgainstBound(
  name: string,
  ms: number,
  rounds: number,
  trip: number,
  answered: number,
): void {
  const bound = rounds * trip;
  emit({
    name,
    value: ms,
    unit: 'ms',
    baseline: bound,
    better: 'lower',
    extra: {
      ratioTarget: TARGET_RATIO,
      ok: ms / bound <= TARGET_RATIO,
      rounds,
      roundTripMs: Math.round(trip * 10) / 10,
      answered,
    },
  });
}

export async function run(): Promise<void> {
  const key = 'sk_test_bench_client';
  const sandbox = await startSandbox({
    accounts: [{ key, balanceMicros: 1_000_000_000 }],
    config: { checkLatencyMs: LATENCY_MS },
  });
  try {
    const client = () =>
      createServiceClient({ baseUrl: sandbox.url, apiKey: key, limiter: createLimiter() });

    // One round trip of each kind, alone, at the fixed latency.
    const warm = client();
    const singleTrips: number[] = [];
    const multiTrips: number[] = [];
    for (let i = 0; i < 7; i++) {
      let t = performance.now();
      await warm.check('email', `warmup${i}@example.com`);
      singleTrips.push(performance.now() - t);
      t = performance.now();
      await warm.batchCheck(
        'email',
        ADDRESSES.slice(0, 100).map((a) => `w${i}.${a}`),
      );
      multiTrips.push(performance.now() - t);
    }
    const singleTrip = median(singleTrips);
    const multiTrip = median(multiTrips);

    const multiClient = client();
    let started = performance.now();
    const chunks: string[][] = [];
    for (let i = 0; i < ADDRESSES.length; i += 100) chunks.push(ADDRESSES.slice(i, i + 100));
    // All submitted at once: the limiter must run them one after another.
    const batches = await Promise.all(
      chunks.map((chunk) => multiClient.batchCheck('email', chunk)),
    );
    const multiMs = performance.now() - started;
    const multiAnswered = batches.reduce((n, b) => n + b.results.length, 0);
    emitAgainstBound('client.multi.999', multiMs, chunks.length, multiTrip, multiAnswered);

    const singleClient = client();
    started = performance.now();
    const singles = await Promise.all(ADDRESSES.map((a) => singleClient.check('email', `s.${a}`)));
    const singleMs = performance.now() - started;
    emitAgainstBound(
      'client.single.999',
      singleMs,
      Math.ceil(ADDRESSES.length / 5),
      singleTrip,
      singles.length,
    );
    const busy = sandbox.requests.filter((r) => r.code === 42901).length;
    if (busy > 0) process.stderr.write(`client bench: the sandbox answered 42901 ${busy} times\n`);
  } finally {
    await sandbox.stop();
  }
}
