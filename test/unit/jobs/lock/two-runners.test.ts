// One runner per job across processes. A list is cleaned from the command
// line and interrupted; then two `list-cleaner resume` start at the same
// moment (or the app is open while one runs). Exactly one runs the job; the
// other says in one line that it runs elsewhere and exits 1; the sandbox's
// ledger shows every address charged once, and the export is complete.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJobs } from '../../../../electron/jobs/jobs';
import type { JobView } from '../../../../electron/ipc/contract';
import {
  API,
  addresses,
  cli,
  jobsOnDisk,
  requestsTo,
  reserved,
  setup,
  startCli,
  waitFor,
  writeList,
  type Bench,
} from '../support';

const user = (i: number) => `user${i}@example.com`;

/** `clean` stopped with Ctrl-C after a few multi checks: an interrupted job on disk. */
async function interrupted(b: Bench, count: number): Promise<{ id: string; out: string }> {
  const file = await writeList(b, 'list.csv', addresses(count, user));
  const run = startCli(['clean', file], b.env());
  await waitFor(
    'a few multi checks answered',
    () => requestsTo(b, API.multi).filter((r) => r.code === 0 && r.endedAt !== null).length >= 2,
  );
  run.child.kill('SIGINT');
  expect((await run.exited).code).toBe(130);
  const [job] = await jobsOnDisk(b.dataDir);
  if (!job) throw new Error('no job');
  expect(job.checked).toBeLessThan(job.unique);
  return { id: job.id, out: join(b.dir, 'list.cleaned.csv') };
}

describe('two processes and one job', () => {
  it('two `resume` at the same moment: one runs it, the other leaves it alone', async () => {
    const b = await setup({ config: { checkLatencyMs: 60 } });
    const { id, out } = await interrupted(b, 999);
    const before = reserved(b, 'email');

    const [first, second] = await Promise.all([cli(['resume'], b.env()), cli(['resume'], b.env())]);
    const runs = [first, second];
    const ran = runs.filter((r) => r.code === 0);
    const leftAlone = runs.filter((r) => r.code === 1);
    expect(ran, runs.map((r) => r.stderr).join('\n---\n')).toHaveLength(1);
    expect(leftAlone).toHaveLength(1);
    const refusal = leftAlone[0]?.stderr ?? '';
    expect(refusal.split('\n').filter((l) => l.startsWith('list-cleaner:'))).toEqual([
      `list-cleaner: job ${id} (list.csv) is running in the list-cleaner command; left alone.`,
    ]);

    // Every address charged once: the multi checks after the interruption cover the rest exactly.
    const after = reserved(b, 'email');
    expect(after.addresses - before.addresses).toBe(999 - before.addresses);
    const [job] = await jobsOnDisk(b.dataDir);
    expect(job?.state).toBe('done');
    expect(job?.checked).toBe(999);
    // The export the interrupted clean would have written, every row there.
    const rows = (await readFile(out, 'utf8')).trim().split('\n');
    expect(rows).toHaveLength(1 + 999);
    expect(ran[0]?.stdout).toContain(out);
  });

  it('the app, open while the command line runs the job, follows it and does not touch it', async () => {
    const b = await setup({ config: { checkLatencyMs: 60 } });
    const { id } = await interrupted(b, 600);
    const client = b.client();
    const seen: JobView[] = [];
    const app = await openJobs({
      dataDir: b.dataDir,
      client: () => client,
      onChange: (v) => seen.push(v),
      runner: 'the List Cleaner app',
      followIntervalMs: 25,
    });
    try {
      const resume = startCli(['resume', id], b.env());
      await waitFor('the command line took the job', async () =>
        (
          await readFile(join(b.dataDir, 'jobs', id, 'runner.lock'), 'utf8').catch(() => '')
        ).includes('list-cleaner command'),
      );
      // The app's own start-up resume: it finds the job taken and only follows it.
      const picked = await app.resume();
      expect(picked).toHaveLength(1);
      expect(picked[0]).toMatchObject({
        id,
        elsewhere: 'the list-cleaner command',
        running: false,
      });
      await expect(app.resume(id)).resolves.toMatchObject([
        { elsewhere: 'the list-cleaner command' },
      ]);
      await expect(app.remove(id)).rejects.toMatchObject({ code: 'running_elsewhere' });

      expect((await resume.exited).code).toBe(0);
      await app.finished(id);
      // Done on disk first, then the lock let go: the follower says so within its interval.
      await waitFor('the app saw it done, and run here no more', () =>
        seen.some((v) => v.id === id && v.state === 'done' && v.elsewhere === null),
      );
      expect(await app.get(id)).toMatchObject({ state: 'done', elsewhere: null });
      // Progress came from disk while it ran: counts that grew, under "elsewhere".
      const followed = seen
        .filter((v) => v.id === id && v.elsewhere !== null)
        .map((v) => v.checked);
      expect(followed.length).toBeGreaterThan(1);
      expect((await app.get(id)).checked).toBe(600);
    } finally {
      await app.stop();
    }
  });

  it('`list-cleaner jobs` says which job another process runs, and which is paused', async () => {
    const b = await setup({ config: { checkLatencyMs: 200 } });
    const { id } = await interrupted(b, 400);
    const paused = await cli(['jobs'], b.env());
    expect(paused.stdout).toContain(`${id}  list.csv [email]`);
    expect(paused.stdout).toMatch(/\(paused: list-cleaner resume \d{14}-[0-9a-f]{6} carries on\)/);

    const client = b.client();
    const app = await openJobs({
      dataDir: b.dataDir,
      client: () => client,
      runner: 'the List Cleaner app',
    });
    try {
      // Slow answers from here on: the job is still running when the command looks.
      b.sandbox.config.checkLatencyMs = 2_000;
      await app.resume(id);
      const listed = await cli(['jobs'], b.env());
      expect(listed.stdout).toContain('(running in the List Cleaner app)');
      await app.finished(id);
    } finally {
      await app.stop();
    }
  });
});
