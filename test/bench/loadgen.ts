// Child process: the load generator for single checks. Keeps keys × perKey
// requests in flight over keep-alive connections (node:http Agent), each
// worker sending its next request as soon as the previous answer has been
// read. Only answers that finish inside the measured window count; the warm-up
// before it lets connections open and the JIT settle.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoadCommand, LoadEvent, LoadRun } from './protocol';

const send = (event: LoadEvent): void => {
  process.send?.(event);
};

const domains = ['example.com', 'gmail.com', 'outlook.com', 'yahoo.com', 'mail.ru', 'example.org'];

/** A fixed mix of bodies: the same addresses in the same order on every run. */
function bodies(count: number): Buffer[] {
  return Array.from({ length: count }, (_, i) =>
    Buffer.from(
      JSON.stringify({
        service_type: 'email',
        identifier: `user${i}@${domains[i % domains.length]}`,
      }),
    ),
  );
}

function post(
  agent: Agent,
  url: URL,
  key: string,
  body: Buffer,
): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': body.length,
          'X-API-Key': key,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ error: err.message }));
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

async function run(command: LoadRun): Promise<void> {
  const url = new URL(command.path, command.url);
  const mix = bodies(command.addresses);
  const workers = command.keys.length * command.perKey;
  const agent = new Agent({ keepAlive: true, maxSockets: workers, maxFreeSockets: workers });
  const started = performance.now();
  const windowStart = started + command.warmupMs;
  const windowEnd = windowStart + command.durationMs;
  const latencies: number[] = [];
  const result: LoadEvent = {
    type: 'result',
    answered: 0,
    undetermined: 0,
    busy: 0,
    failed: 0,
    windowMs: command.durationMs,
    p50Ms: 0,
    p99Ms: 0,
    firstFailure: null,
  };
  let next = 0;

  const worker = async (key: string): Promise<void> => {
    while (performance.now() < windowEnd) {
      const body = mix[next++ % mix.length] as Buffer;
      const sent = performance.now();
      const answer = await post(agent, url, key, body);
      const done = performance.now();
      if (done < windowStart || done > windowEnd) continue;
      if ('error' in answer || ![200, 422, 429].includes(answer.status)) {
        result.failed += 1;
        result.firstFailure ??= 'error' in answer ? answer.error : `HTTP ${answer.status}`;
        continue;
      }
      if (answer.status === 429) {
        result.busy += 1;
        continue;
      }
      result.answered += 1;
      if (answer.status === 422) result.undetermined += 1;
      latencies.push(done - sent);
    }
  };

  const all: Promise<void>[] = [];
  for (const key of command.keys) {
    for (let i = 0; i < command.perKey; i += 1) all.push(worker(key));
  }
  await Promise.all(all);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  result.p50Ms = percentile(latencies, 0.5);
  result.p99Ms = percentile(latencies, 0.99);
  send(result);
}

process.on('message', (raw: unknown) => {
  const command = raw as LoadCommand;
  if (command.type === 'stop') process.exit(0);
  else
    run(command).catch((err: unknown) => {
      console.error('[loadgen] crashed', err);
      process.exit(1);
    });
});

process.on('disconnect', () => process.exit(0));
