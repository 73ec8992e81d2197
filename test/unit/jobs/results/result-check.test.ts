// A result file checked against its task: rows for addresses never sent are
// counted and ignored (one warning line); a file holding fewer results than
// the task's success_cnt is downloaded once more, and if it is still short the
// job says so (how many the service reported, how many the file held), keeps
// what it held, and Try again downloads it again. A proxy in front of the
// sandbox hands out its own result links and rewrites the files behind them.
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { openJobs, type Jobs } from '../../../../electron/jobs/jobs';
import { setLogSink } from '../../../../electron/lib/log';
import { createServiceClient } from '../../../../electron/service/client';
import { createLimiter } from '../../../../electron/service/limiter';
import { listenOn, type Listener } from '../../service/support';
import {
  API,
  addresses,
  expectChargedAsDetermined,
  expectComplete,
  requestsTo,
  setup,
  writeList,
  type Bench,
} from '../support';

type Rewrite = (csv: string) => string;

function forward(
  url: URL,
  req: IncomingMessage,
  done: (status: number, headers: IncomingMessage['headers'], body: Buffer) => void,
) {
  const upstream = request(url, { method: req.method, headers: req.headers }, (answer) => {
    const chunks: Buffer[] = [];
    answer.on('data', (c: Buffer) => chunks.push(c));
    answer.on('end', () => done(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks)));
  });
  req.pipe(upstream);
}

/**
 * The sandbox behind a proxy: a finished task's result link points at the
 * proxy, which fetches the real file and passes it through `rewrite()`.
 */
async function proxied(b: Bench, rewrite: () => Rewrite) {
  let self = '';
  const downloads: string[] = [];
  const proxy: Listener = await listenOn('127.0.0.1', (req, res: ServerResponse) => {
    const at = new URL(req.url ?? '/', 'http://proxy');
    const reply = (status: number, headers: IncomingMessage['headers'], body: Buffer) => {
      const out = { ...headers, 'content-length': String(body.length) };
      delete out['transfer-encoding'];
      res.writeHead(status, out).end(body);
    };
    if (at.pathname === '/result') {
      const original = at.searchParams.get('u') ?? '';
      downloads.push(original);
      forward(new URL(original), req, (status, headers, body) =>
        reply(
          status,
          headers,
          status === 200 ? Buffer.from(rewrite()(body.toString('utf8'))) : body,
        ),
      );
      return;
    }
    forward(new URL(req.url ?? '/', b.sandbox.url), req, (status, headers, body) => {
      if (req.method === 'GET' && /^\/api\/v1\/bulk-tasks\/[^/]+$/.test(at.pathname)) {
        const json = JSON.parse(body.toString('utf8')) as { data?: { result_url?: string } };
        if (json.data?.result_url) {
          json.data.result_url = `${self}/result?u=${encodeURIComponent(json.data.result_url)}`;
          body = Buffer.from(JSON.stringify(json));
        }
      }
      reply(status, headers, body);
    });
  });
  self = proxy.url;
  const client = createServiceClient({
    baseUrl: proxy.url,
    apiKey: b.key,
    limiter: createLimiter(),
    allowFastPolling: true,
    pollIntervalSeconds: 0.02,
    retry: { baseDelayMs: 20, maxDelayMs: 100 },
  });
  const jobs: Jobs = await openJobs({ dataDir: b.dataDir, client: () => client });
  return {
    jobs,
    downloads,
    stop: async () => {
      await jobs.stop();
      await proxy.stop();
    },
  };
}

/** Drops the first `n` rows after the header. */
const dropRows =
  (n: number): Rewrite =>
  (csv) => {
    const [header, ...rows] = csv.split('\n');
    return [header, ...rows.slice(n)].join('\n');
  };
const unchanged: Rewrite = (csv) => csv;

const list = addresses(1_000, (i) => `deliverable+${i}@example.com`);

function captureWarnings(): string[] {
  const lines: string[] = [];
  setLogSink((level, line) => {
    if (level !== 'info') lines.push(line);
  });
  return lines;
}

describe('a result file checked against its task', () => {
  it('short once: downloaded again, and the job finishes with every result', async () => {
    const b = await setup();
    const warnings = captureWarnings();
    let served = 0;
    const service = await proxied(b, () => (served++ === 0 ? dropRows(50) : unchanged));
    try {
      const { job } = await service.jobs.importFile(await writeList(b, 'list.csv', list));
      await service.jobs.start(job.id, 'email');
      const done = await service.jobs.finished(job.id);
      expectComplete(done);
      expect(done).toMatchObject({ deliverable: 1_000, unknown: 0 });
      expect(service.downloads).toHaveLength(2);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /warn: jobs: the result file of task \w+ holds 950 of the 1,000 results the service reported; it is downloaded again$/,
      );
    } finally {
      setLogSink(() => undefined);
      await service.stop();
    }
  });

  it('still short: the job says so, keeps what the file held, and Try again downloads it', async () => {
    const b = await setup({ checkLedger: false });
    setLogSink(() => undefined);
    let short = true;
    const service = await proxied(b, () => (short ? dropRows(50) : unchanged));
    try {
      const { job } = await service.jobs.importFile(await writeList(b, 'list.csv', list));
      await service.jobs.start(job.id, 'email');
      const failed = await service.jobs.finished(job.id);

      expect(failed.state).toBe('failed');
      expect(failed.failure?.code).toBe('result_incomplete');
      expect(failed.failure?.charged).toBe('unknown');
      const [taskId] = b.sandbox.tasks(b.key);
      expect(failed.failure?.message).toBe(
        `The service reported 1,000 results for bulk task ${taskId}, but its result file held only 950 of them, also when downloaded again. The 950 are kept. The service charged the task for the addresses it checked: Try again downloads the file again without charging again; if it stays short, ask your provider's support about task ${taskId}.`,
      );
      // What the file held is kept; the rest have no outcome (not "unknown"), so they are fetched again.
      expect(failed).toMatchObject({ checked: 950, deliverable: 950, unknown: 0 });
      expect(failed.tasks.map((t) => t.status)).toEqual(['success']);
      expect(service.downloads).toHaveLength(2);
      expect(b.sandbox.ledger.spent(b.key)).toBe(1_000 * b.sandbox.config.prices.email_batch);

      short = false;
      await service.jobs.resume(job.id);
      const done = await service.jobs.finished(job.id);
      expectComplete(done);
      expect(done.deliverable).toBe(1_000);
      expect(requestsTo(b, API.submit)).toHaveLength(1);
      await expectChargedAsDetermined(b);
    } finally {
      setLogSink(() => undefined);
      await service.stop();
    }
  });

  it('rows for addresses never sent are ignored, with one warning line', async () => {
    const b = await setup();
    const warnings = captureWarnings();
    const strays: Rewrite = (csv) =>
      `${csv.trimEnd()}\nstranger1@example.com,true\nstranger2@example.com,false\nstranger3@example.com,true\n`;
    const service = await proxied(b, () => strays);
    try {
      const { job } = await service.jobs.importFile(await writeList(b, 'list.csv', list));
      await service.jobs.start(job.id, 'email');
      const done = await service.jobs.finished(job.id);
      expectComplete(done);
      expect(done).toMatchObject({ deliverable: 1_000, undeliverable: 0, unknown: 0 });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /warn: jobs: the result file of task \w+ has 3 rows for addresses that were never sent; they are ignored$/,
      );
      expect(warnings[0]).not.toContain('\n');
    } finally {
      setLogSink(() => undefined);
      await service.stop();
    }
  });
});
