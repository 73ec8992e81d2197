// Polling as the service asks ("no more often than once every 30 seconds"),
// proven from the sandbox's request log: the submit's answer is a look at the
// task, so the first GET comes an interval after it; the time of the last look
// is kept in job.json, so a process started again (or the same one, resumed)
// waits out the interval instead of asking at once; and the countdown shows
// that time from the start. The intervals are short here; the rule is the same.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../electron/ipc/contract';
import { openJobs, type Jobs } from '../../../../electron/jobs/jobs';
import { createServiceClient } from '../../../../electron/service/client';
import { createLimiter } from '../../../../electron/service/limiter';
import {
  API,
  addresses,
  cli,
  readRecord,
  requestsTo,
  setup,
  startCli,
  taskPolls,
  waitFor,
  writeList,
  type Bench,
} from '../support';

/**
 * The sandbox notes an answer's end once it has written it; the client may
 * hold the answer, and start its wait, a millisecond sooner.
 */
const CLOCK_MS = 5;

const user = (i: number) => `user${i}@example.com`;

/** The jobs core with its own client polling every `seconds`. */
async function jobsPolling(b: Bench, seconds: number, onChange?: (v: JobView) => void) {
  const client = createServiceClient({
    baseUrl: b.sandbox.url,
    apiKey: b.key,
    limiter: createLimiter(),
    allowFastPolling: true,
    pollIntervalSeconds: seconds,
    retry: { baseDelayMs: 20, maxDelayMs: 100 },
  });
  return openJobs({ dataDir: b.dataDir, client: () => client, ...(onChange ? { onChange } : {}) });
}

const lookedAt = async (b: Bench, id: string) => {
  const task = (await readRecord(b.dataDir, id)).plan?.bulk[0];
  return task?.lookedAt ? Date.parse(task.lookedAt) : null;
};

describe('the first look at a new task', () => {
  it('comes an interval after the submit answer, and the countdown shows it from the start', async () => {
    const interval = 300;
    // 1,500 addresses at 2,000 a second: the task processes for three quarters of a second.
    const b = await setup({ config: { bulkAddressesPerSecond: 2_000 } });
    const views: JobView[] = [];
    const jobs = await jobsPolling(b, interval / 1000, (v) => views.push(v));
    try {
      const { job } = await jobs.importFile(await writeList(b, 'list.csv', addresses(1_500, user)));
      await jobs.start(job.id, 'email');
      const done = await jobs.finished(job.id);
      expect(done.state, done.failure?.message).toBe('done');

      const [submit] = requestsTo(b, API.submit);
      const polls = taskPolls(b);
      expect(polls.length).toBeGreaterThanOrEqual(2);
      expect(polls[0]?.at).toBeGreaterThanOrEqual(
        (submit?.endedAt ?? Infinity) + interval - CLOCK_MS,
      );
      // And every look after it an interval after the one before (the answer's end).
      polls.slice(1).forEach((p, i) => {
        expect(p.at).toBeGreaterThanOrEqual((polls[i]?.endedAt ?? Infinity) + interval - CLOCK_MS);
      });

      // The moment the task has an id, the countdown points at its first poll.
      const first = views.find((v) => v.tasks[0]?.id);
      expect(first?.nextCheckAt).not.toBeNull();
      const due = Date.parse(first?.nextCheckAt ?? '');
      expect(due).toBeGreaterThanOrEqual((submit?.endedAt ?? Infinity) + interval - CLOCK_MS);
      expect(due).toBeLessThanOrEqual(polls[0]?.at ?? 0);

      // The last look is kept: an interval after it is when a restart may ask again.
      expect(await lookedAt(b, job.id)).toBeGreaterThanOrEqual(polls.at(-1)?.endedAt ?? Infinity);
    } finally {
      await jobs.stop();
    }
  });
});

describe('a restart while a task is processing', () => {
  it('waits an interval after the last poll, with the countdown showing it at once', async () => {
    const interval = 600;
    // Three seconds of work: the job is stopped after its first poll and opened again.
    const b = await setup({ config: { bulkAddressesPerSecond: 1_000 } });
    const first: Jobs = await jobsPolling(b, interval / 1000);
    const { job } = await first.importFile(await writeList(b, 'list.csv', addresses(3_000, user)));
    await first.start(job.id, 'email');
    await waitFor('the first poll answered and kept', async () => {
      const poll = taskPolls(b).find((r) => r.code === 0 && r.endedAt !== null);
      const kept = await lookedAt(b, job.id);
      return poll !== undefined && kept !== null && kept >= (poll.endedAt ?? Infinity);
    });
    await first.stop();
    const before = taskPolls(b);
    const last = before.at(-1);
    const kept = (await lookedAt(b, job.id)) as number;

    const views: JobView[] = [];
    const second = await jobsPolling(b, interval / 1000, (v) => views.push(v));
    try {
      const resumedAt = Date.now();
      // The test means something only if the restart came well inside the interval.
      expect(resumedAt).toBeLessThan(kept + interval / 2);
      await second.resume(job.id);
      await waitFor('a countdown', () => views.some((v) => v.nextCheckAt !== null));
      // The first countdown shown is the time kept, not "now".
      const waiting = views.find((v) => v.nextCheckAt !== null);
      expect(waiting?.nextCheckAt).toBe(new Date(kept + interval).toISOString());
      const done = await second.finished(job.id);
      expect(done.state, done.failure?.message).toBe('done');

      const after = taskPolls(b).slice(before.length);
      expect(after.length).toBeGreaterThanOrEqual(1);
      expect(after[0]?.at).toBeGreaterThanOrEqual(
        (last?.endedAt ?? Infinity) + interval - CLOCK_MS,
      );
      expect(requestsTo(b, API.submit)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('killed (SIGKILL) mid-wait, the next process polls no sooner than an interval after the last poll', async () => {
    // Two seconds: longer than a new process takes to start, so asking at once would show.
    const interval = 2_000;
    const b = await setup({ config: { bulkAddressesPerSecond: 400 } });
    const env = { ...b.env(), LIST_CLEANER_POLL_SECONDS: String(interval / 1000) };
    const file = await writeList(b, 'list.csv', addresses(2_000, user));
    const run = startCli(['clean', file], env);
    const jobDir = join(b.dataDir, 'jobs');
    let id = '';
    await waitFor(
      'a poll answered and kept in job.json',
      async () => {
        const poll = taskPolls(b).find((r) => r.code === 0 && r.endedAt !== null);
        if (!poll) return false;
        id ||= (await readdir(jobDir))[0] ?? '';
        const kept = id ? await lookedAt(b, id) : null;
        return kept !== null && kept >= (poll.endedAt ?? Infinity);
      },
      10_000,
    );
    run.child.kill('SIGKILL');
    await run.exited;
    const before = taskPolls(b);
    const last = before.at(-1);
    const [submit] = requestsTo(b, API.submit);
    expect(before[0]?.at).toBeGreaterThanOrEqual(
      (submit?.endedAt ?? Infinity) + interval - CLOCK_MS,
    );

    const resumed = await cli(['resume'], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = taskPolls(b).slice(before.length);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(after[0]?.at).toBeGreaterThanOrEqual((last?.endedAt ?? Infinity) + interval - CLOCK_MS);
    expect(requestsTo(b, API.submit)).toHaveLength(1);
  }, 30_000);
});
